import { openDialogStore } from './open-dialog-store';

/** Dialogs opened from menus anywhere in the top bar (profile, calendar feed, new salon, sign out). */
type Name = 'profile' | 'calendarFeed' | 'newSalon' | 'signOut';
const store = openDialogStore<Name>();

export const dialogs = { open: store.open, close: store.close };

export const useOpenDialog = (): Name | null => store.useOpen();
