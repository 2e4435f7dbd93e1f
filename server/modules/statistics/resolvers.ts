import { promoCodeFilterSchema } from '../../../src/domain/schemas/statistics';
import { requireSysadmin as sysadminOnly, type Context } from '../../graphql/context';
import { parseInput } from '../../graphql/errors';
import { promoCodeUsers, statistics } from './service';

/** Only a sysadmin reads the statistics (part 2 §6): every other role is refused. */
const requireSysadmin = (ctx: Context) => sysadminOnly(ctx, 'STATISTICS_ARE_FOR_SYSADMINS');

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
