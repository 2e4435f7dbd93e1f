import { createClientSchema, deleteClientSchema, setDefaultMastersSchema, updateClientSchema } from '../../../src/domain/schemas/client';
import { requireSalonViewer, type Context } from '../../graphql/context';
import { parseInput } from '../../graphql/errors';
import { commandOf, runCommand } from '../../sync/command';
import { lookupUser } from './lookup';
import { clientsSummary, clientStatsOf, defaultMasters } from './queries';
import * as service from './service';

type Args = { input: unknown };

export const clientResolvers = {
  Query: {
    user: (_: unknown, args: unknown, ctx: Context) => lookupUser(ctx, args),
    getClientsSummary: (_: unknown, { salon }: { salon: unknown }, ctx: Context) => clientsSummary(ctx, salon),
    getDefaultMasters: (_: unknown, { salon, client }: { salon: unknown; client: unknown }, ctx: Context) => defaultMasters(ctx, salon, client),
    getClientStats: (_: unknown, { salon, client }: { salon: unknown; client: unknown }, ctx: Context) => clientStatsOf(ctx, salon, client),
  },
  Mutation: {
    createClient: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'client.create', (w) =>
        service.createClient(w, parseInput(createClientSchema, input))),
    updateClient: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'client.update', (w) =>
        service.updateClient(w, parseInput(updateClientSchema, input))),
    deleteClient: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'client.delete', (w) =>
        service.deleteClient(w, parseInput(deleteClientSchema, input))),
    setDefaultMasters: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'client.setDefaultMasters', (w) =>
        service.setDefaultMasters(w, parseInput(setDefaultMastersSchema, input))),
  },
};
