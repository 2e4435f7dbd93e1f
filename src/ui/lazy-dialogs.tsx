import { lazy, useEffect, useRef } from 'react';
import { withWholeCatalog } from '../i18n';
import { useSession } from './session/use-session';
import { dialogs, useOpenDialog } from './dialog-store';
import { LoadBoundary } from './load-failed';

// Forms load when their dialog opens, so the shell paints without them.
const ProfileDialog = lazy(() => withWholeCatalog(import('./profile-dialog')).then((m) => ({ default: m.ProfileDialog })));
const CalendarFeedDialog = lazy(() =>
  withWholeCatalog(import('./calendar-feed/calendar-feed-dialog')).then((m) => ({ default: m.CalendarFeedDialog })),
);
const NewSalonDialog = lazy(() => withWholeCatalog(import('./new-salon-dialog')).then((m) => ({ default: m.NewSalonDialog })));
const SignOutDialog = lazy(() => withWholeCatalog(import('./sign-out-dialog')).then((m) => ({ default: m.SignOutDialog })));

/**
 * The top bar's dialogs. The profile dialog opens by itself once per start for an ADMIN without a phone
 * (part 2 §2), as soon as the profile has been read from the server.
 */
export function LazyDialogs() {
  const session = useSession();
  const open = useOpenDialog();
  const autoOpened = useRef(false);
  const needsPhone = Boolean(session && session.role === 'ADMIN' && session.email !== null && !session.phone);
  useEffect(() => {
    if (needsPhone && !autoOpened.current) {
      autoOpened.current = true;
      dialogs.open('profile');
    }
  }, [needsPhone]);
  return (
    <LoadBoundary onFailed={() => dialogs.close()}>
      {open === 'profile' ? <ProfileDialog /> : null}
      {open === 'calendarFeed' ? <CalendarFeedDialog /> : null}
      {open === 'newSalon' ? <NewSalonDialog /> : null}
      {open === 'signOut' ? <SignOutDialog /> : null}
    </LoadBoundary>
  );
}
