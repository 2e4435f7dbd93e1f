import { promoCodeFilterSchema } from '../../../src/domain/schemas/statistics';
import { requireViewer, type Context } from '../../graphql/context';
import { forbidden, parseInput } from '../../graphql/errors';
import { promoCodeUsers, statistics } from './service';

/** Only a sysadmin reads the statistics (part 2 §6): every other role is refused. */
async function requireSysadmin(ctx: Context) {
  const viewer = await requireViewer(ctx);
  if (viewer.role !== 'SYSADMIN') throw forbidden('STATISTICS_ARE_FOR_SYSADMINS');
  return viewer;
}

export const statisticsResolvers = {
  Query: {
    getStatistics: async (_: unknown, __: unknown, ctx: Context) => {
      await requireSysadmin(ctx);
      return statistics(ctx.app.database.db);
    },
    getPromoCodeUsers: async (_: unknown, args: unknown, ctx: Context) => {
      await requireSysadmin(ctx);
      const { promoCodeFilter } = parseInput(promoCodeFilterSchema, args);
      return promoCodeUsers(ctx.app.database.db, promoCodeFilter);
    },
  },
};
