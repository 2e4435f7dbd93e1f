import { createMasterSchema, deleteMasterSchema, updateMasterSchema } from '../../../src/domain/schemas/master';
import { requireSalonViewer, type Context } from '../../graphql/context';
import { parseInput } from '../../graphql/errors';
import { commandOf, runCommand } from '../../sync/command';
import * as service from './service';

type Args = { input: unknown };

/** Staff (part 2 §7): addMaster, updateMaster, deleteMaster. */
export const masterResolvers = {
  Mutation: {
    addMaster: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'master.create', (w) =>
        service.createMaster(w, parseInput(createMasterSchema, input))),
    updateMaster: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'master.update', (w) =>
        service.updateMaster(w, parseInput(updateMasterSchema, input))),
    deleteMaster: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'master.delete', (w) =>
        service.deleteMaster(w, parseInput(deleteMasterSchema, input))),
  },
};
