import * as service from './service';
import type { CommandServices } from '../../sync/command-services';

/** This module's commands (src/domain/commands/catalogue.ts), by name; server/sync/command-mutations.ts wires their mutations. */
export const serviceCommands = {
  'serviceGroup.create': (w, input) => service.createServiceGroup(w, input),
  'serviceGroup.update': (w, input) => service.updateServiceGroup(w, input),
  'serviceGroup.delete': (w, input) => service.deleteServiceGroup(w, input),
  'service.create': (w, input) => service.createService(w, input),
  'service.update': (w, input) => service.updateService(w, input),
  'service.delete': (w, input) => service.deleteService(w, input),
} satisfies Partial<CommandServices>;
