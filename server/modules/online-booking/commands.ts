import type { CommandServices } from '../../sync/command-services';
import { updateOnlineBooking } from './service';

/** This module's commands (src/domain/commands/catalogue.ts), by name; server/sync/command-mutations.ts wires their mutations. */
export const onlineBookingCommands = {
  'onlineBooking.update': (w, input) => updateOnlineBooking(w, input),
} satisfies Partial<CommandServices>;
