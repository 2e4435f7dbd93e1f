import { type Context } from '../../graphql/context';
import { lookupUser } from './lookup';
import { clientsSummary, clientStatsOf, defaultMasters } from './queries';

export const clientResolvers = {
  Query: {
    user: (_: unknown, args: unknown, ctx: Context) => lookupUser(ctx, args),
    getClientsSummary: (_: unknown, { salon }: { salon: unknown }, ctx: Context) => clientsSummary(ctx, salon),
    getDefaultMasters: (_: unknown, { salon, client }: { salon: unknown; client: unknown }, ctx: Context) =>
      defaultMasters(ctx, salon, client),
    getClientStats: (_: unknown, { salon, client }: { salon: unknown; client: unknown }, ctx: Context) => clientStatsOf(ctx, salon, client),
  },
};
