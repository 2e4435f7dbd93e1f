import * as service from './service';
import type { CommandServices } from '../../sync/command-services';

/** This module's commands (src/domain/commands/catalogue.ts), by name; server/sync/command-mutations.ts wires their mutations. */
export const manufacturerCommands = {
  'manufacturer.add': (w, input) => service.addManufacturer(w, input),
  'manufacturer.update': (w, input) => service.updateManufacturer(w, input),
  'manufacturer.delete': (w, input) => service.deleteManufacturer(w, input),
} satisfies Partial<CommandServices>;
