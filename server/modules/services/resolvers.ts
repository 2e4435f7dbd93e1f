import { nameIn } from '../../../src/domain/rules/names';
import {
  createServiceGroupSchema, createServiceSchema, deleteServiceGroupSchema, deleteServiceSchema, updateServiceGroupSchema, updateServiceSchema,
} from '../../../src/domain/schemas/service';
import { requireSalonViewer, type Context } from '../../graphql/context';
import { parseInput } from '../../graphql/errors';
import { commandOf, runCommand } from '../../sync/command';
import * as service from './service';

type Args = { input: unknown };
const name = (row: { nameVariants: Record<string, string> }, { lang }: { lang?: string | null }) => nameIn(row.nameVariants, lang ?? 'lv');

export const serviceResolvers = {
  ServiceGroup: { name },
  Service: { name },
  Mutation: {
    createServiceGroup: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'serviceGroup.create', (w) =>
        service.createServiceGroup(w, parseInput(createServiceGroupSchema, input))),
    updateServiceGroup: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'serviceGroup.update', (w) =>
        service.updateServiceGroup(w, parseInput(updateServiceGroupSchema, input))),
    deleteServiceGroup: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'serviceGroup.delete', (w) =>
        service.deleteServiceGroup(w, parseInput(deleteServiceGroupSchema, input))),
    createService: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'service.create', (w) =>
        service.createService(w, parseInput(createServiceSchema, input))),
    updateService: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'service.update', (w) =>
        service.updateService(w, parseInput(updateServiceSchema, input))),
    deleteService: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'service.delete', (w) =>
        service.deleteService(w, parseInput(deleteServiceSchema, input))),
  },
};
