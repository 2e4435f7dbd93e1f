import * as service from './service';
import type { CommandServices } from '../../sync/command-services';

/** This module's commands (src/domain/commands/catalogue.ts), by name; server/sync/command-mutations.ts wires their mutations. */
export const appointmentCommands = {
  'appointment.create': (w, input) => service.createAppointments(w, input),
  'appointment.update': (w, input) => service.updateAppointment(w, input),
  /** A drag-and-drop move is pushed as updateAppointment (the catalogue's mutation) and runs as the update. */
  'appointment.move': (w, input) => service.updateAppointment(w, input),
  'appointment.delete': (w, input) => service.deleteAppointment(w, input),
  'appointment.archive': (w, input) => service.archiveAppointment(w, input),
  'appointment.markNoShow': (w, input) => service.markNoShow(w, input),
} satisfies Partial<CommandServices>;
