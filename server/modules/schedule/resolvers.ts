import * as service from './service';
import { commandResolver } from '../../sync/command-resolver';

export const scheduleResolvers = {
  Mutation: {
    addWorkingTime: commandResolver('workingTime.add', (w, input) => service.addWorkingTime(w, input)),
    updateWorkingTime: commandResolver('workingTime.update', (w, input) => service.updateWorkingTime(w, input)),
    deleteWorkingTime: commandResolver('workingTime.delete', (w, input) => service.deleteWorkingTime(w, input)),
    generateSchedule: commandResolver('schedule.generate', (w, input) => service.generateSchedule(w, input)),
  },
};
