import { type Context } from '../../graphql/context';
import { clientRatingOf, reportOf } from './queries';

export const reportResolvers = {
  Query: {
    getReport: (_: unknown, args: Record<string, unknown>, ctx: Context) => reportOf(ctx, args),
    getClientRating: (_: unknown, { salon }: { salon: unknown }, ctx: Context) => clientRatingOf(ctx, salon),
  },
};
