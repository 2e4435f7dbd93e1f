import * as service from './service';
import type { CommandServices } from '../../sync/command-services';

/** This module's commands (src/domain/commands/catalogue.ts), by name; server/sync/command-mutations.ts wires their mutations. */
export const administratorCommands = {
  'administrator.update': (w, input) => service.updateAdministrator(w, input),
  'administrator.delete': (w, input) => service.deleteAdministrator(w, input),
} satisfies Partial<CommandServices>;
