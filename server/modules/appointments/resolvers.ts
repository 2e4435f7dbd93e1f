import {
  archiveAppointmentSchema, createAppointmentsSchema, deleteAppointmentSchema, updateAppointmentSchema,
} from '../../../src/domain/schemas/appointment';
import { requireSalonViewer, type Context } from '../../graphql/context';
import { parseInput } from '../../graphql/errors';
import { commandOf, runCommand } from '../../sync/command';
import * as service from './service';

type Args = { input: unknown };

export const appointmentResolvers = {
  Mutation: {
    createAppointments: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'appointment.create', (w) =>
        service.createAppointments(w, parseInput(createAppointmentsSchema, input))),
    updateAppointment: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'appointment.update', (w) =>
        service.updateAppointment(w, parseInput(updateAppointmentSchema, input))),
    deleteAppointment: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'appointment.delete', (w) =>
        service.deleteAppointment(w, parseInput(deleteAppointmentSchema, input))),
    archiveAppointment: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'appointment.archive', (w) =>
        service.archiveAppointment(w, parseInput(archiveAppointmentSchema, input))),
  },
};
