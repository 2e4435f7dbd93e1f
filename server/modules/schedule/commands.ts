import * as service from './service';
import type { CommandServices } from '../../sync/command-services';

/** This module's commands (src/domain/commands/catalogue.ts), by name; server/sync/command-mutations.ts wires their mutations. */
export const scheduleCommands = {
  'workingTime.add': (w, input) => service.addWorkingTime(w, input),
  'workingTime.update': (w, input) => service.updateWorkingTime(w, input),
  'workingTime.delete': (w, input) => service.deleteWorkingTime(w, input),
  'schedule.generate': (w, input) => service.generateSchedule(w, input),
} satisfies Partial<CommandServices>;
