import { type Context } from '../../graphql/context';
import { lookupUser } from './lookup';
import { clientsSummary, clientStatsOf, defaultMasters } from './queries';
import * as service from './service';
import { commandResolver } from '../../sync/command-resolver';

export const clientResolvers = {
  Query: {
    user: (_: unknown, args: unknown, ctx: Context) => lookupUser(ctx, args),
    getClientsSummary: (_: unknown, { salon }: { salon: unknown }, ctx: Context) => clientsSummary(ctx, salon),
    getDefaultMasters: (_: unknown, { salon, client }: { salon: unknown; client: unknown }, ctx: Context) =>
      defaultMasters(ctx, salon, client),
    getClientStats: (_: unknown, { salon, client }: { salon: unknown; client: unknown }, ctx: Context) => clientStatsOf(ctx, salon, client),
  },
  Mutation: {
    createClient: commandResolver('client.create', (w, input) => service.createClient(w, input)),
    updateClient: commandResolver('client.update', (w, input) => service.updateClient(w, input)),
    deleteClient: commandResolver('client.delete', (w, input) => service.deleteClient(w, input)),
    setDefaultMasters: commandResolver('client.setDefaultMasters', (w, input) => service.setDefaultMasters(w, input)),
  },
};
