import { createClientSchema, deleteClientSchema, updateClientSchema } from '../../../src/domain/schemas/client';
import { requireSalonViewer, type Context } from '../../graphql/context';
import { parseInput } from '../../graphql/errors';
import { commandOf, runCommand } from '../../sync/command';
import * as service from './service';

type Args = { input: unknown };

export const clientResolvers = {
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
  },
};
