import { addManufacturerSchema, deleteManufacturerSchema, updateManufacturerSchema } from '../../../src/domain/schemas/manufacturer';
import { requireSalonViewer, type Context } from '../../graphql/context';
import { parseInput } from '../../graphql/errors';
import { commandOf, runCommand } from '../../sync/command';
import * as service from './service';

type Args = { input: unknown };

export const manufacturerResolvers = {
  Mutation: {
    addManufacturer: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'manufacturer.add', (w) =>
        service.addManufacturer(w, parseInput(addManufacturerSchema, input))),
    updateManufacturer: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'manufacturer.update', (w) =>
        service.updateManufacturer(w, parseInput(updateManufacturerSchema, input))),
    deleteManufacturer: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'manufacturer.delete', (w) =>
        service.deleteManufacturer(w, parseInput(deleteManufacturerSchema, input))),
  },
};
