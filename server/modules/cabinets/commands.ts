import * as service from './service';
import type { CommandServices } from '../../sync/command-services';

/** This module's commands (src/domain/commands/catalogue.ts), by name; server/sync/command-mutations.ts wires their mutations. */
export const cabinetCommands = {
  'cabinet.create': (w, input) => service.createCabinet(w, input),
  'cabinet.update': (w, input) => service.updateCabinet(w, input),
  'cabinet.delete': (w, input) => service.deleteCabinet(w, input),
} satisfies Partial<CommandServices>;
