import { nameIn } from '../../../src/domain/rules/names';
import { createCabinetSchema, deleteCabinetSchema, updateCabinetSchema } from '../../../src/domain/schemas/cabinet';
import { requireSalonViewer, type Context } from '../../graphql/context';
import { parseInput } from '../../graphql/errors';
import { commandOf, runCommand } from '../../sync/command';
import * as service from './service';

type Args = { input: unknown };

export const cabinetResolvers = {
  Cabinet: {
    /** The name in the asked language, else in any language the salon gave. */
    name: (c: { nameVariants: Record<string, string> }, { lang }: { lang?: string | null }) => nameIn(c.nameVariants, lang ?? 'lv'),
  },
  Mutation: {
    createCabinet: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'cabinet.create', (w) =>
        service.createCabinet(w, parseInput(createCabinetSchema, input))),
    updateCabinet: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'cabinet.update', (w) =>
        service.updateCabinet(w, parseInput(updateCabinetSchema, input))),
    deleteCabinet: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'cabinet.delete', (w) =>
        service.deleteCabinet(w, parseInput(deleteCabinetSchema, input))),
  },
};
