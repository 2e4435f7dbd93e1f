import * as service from './service';
import { commandResolver } from '../../sync/command-resolver';

export const appointmentResolvers = {
  Mutation: {
    createAppointments: commandResolver('appointment.create', (w, input) => service.createAppointments(w, input)),
    updateAppointment: commandResolver('appointment.update', (w, input) => service.updateAppointment(w, input)),
    deleteAppointment: commandResolver('appointment.delete', (w, input) => service.deleteAppointment(w, input)),
    archiveAppointment: commandResolver('appointment.archive', (w, input) => service.archiveAppointment(w, input)),
  },
};
