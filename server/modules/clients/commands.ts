import * as service from './service';
import type { CommandServices } from '../../sync/command-services';

/** This module's commands (src/domain/commands/catalogue.ts), by name; server/sync/command-mutations.ts wires their mutations. */
export const clientCommands = {
  'client.create': (w, input) => service.createClient(w, input),
  'client.update': (w, input) => service.updateClient(w, input),
  'client.delete': (w, input) => service.deleteClient(w, input),
  'client.setDefaultMasters': (w, input) => service.setDefaultMasters(w, input),
} satisfies Partial<CommandServices>;
