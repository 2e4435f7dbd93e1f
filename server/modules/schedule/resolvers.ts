import { addWorkingTimeSchema, deleteWorkingTimeSchema, generateScheduleSchema, updateWorkingTimeSchema } from '../../../src/domain/schemas/working-time';
import { requireSalonViewer, type Context } from '../../graphql/context';
import { parseInput } from '../../graphql/errors';
import { commandOf, runCommand } from '../../sync/command';
import * as service from './service';

type Args = { input: unknown };

export const scheduleResolvers = {
  Mutation: {
    addWorkingTime: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'workingTime.add', (w) =>
        service.addWorkingTime(w, parseInput(addWorkingTimeSchema, input))),
    updateWorkingTime: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'workingTime.update', (w) =>
        service.updateWorkingTime(w, parseInput(updateWorkingTimeSchema, input))),
    deleteWorkingTime: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'workingTime.delete', (w) =>
        service.deleteWorkingTime(w, parseInput(deleteWorkingTimeSchema, input))),
    generateSchedule: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'schedule.generate', (w) =>
        service.generateSchedule(w, parseInput(generateScheduleSchema, input))),
  },
};
