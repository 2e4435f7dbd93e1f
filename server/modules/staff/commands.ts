import * as service from './service';
import type { CommandServices } from '../../sync/command-services';

/** This module's commands (src/domain/commands/catalogue.ts), by name; server/sync/command-mutations.ts wires their mutations. */
export const masterCommands = {
  'master.create': (w, input) => service.createMaster(w, input),
  'master.update': (w, input) => service.updateMaster(w, input),
  'master.delete': (w, input) => service.deleteMaster(w, input),
} satisfies Partial<CommandServices>;
