import * as v from 'valibot';
import { calendarFeedSchema } from '../../../src/domain/schemas/calendar-feed';
import { idSchema } from '../../../src/domain/schemas/salon';
import { requireViewerOfSalon, type Context } from '../../graphql/context';
import { parseInput } from '../../graphql/errors';
import { readFeed, startFeed, stopFeed } from './service';

type Args = { input: unknown };
const readArgs = v.object({ salon: idSchema });

/**
 * A master's own calendar feed (issue 58 item 5, decision 087): read, turn on or renew, turn off. Online only; any
 * signed-in user of the salon who is one of its masters, for their own master row only.
 */
export const calendarFeedResolvers = {
  Query: {
    calendarFeed: async (_: unknown, args: unknown, ctx: Context) => {
      const { salon } = parseInput(readArgs, args);
      const viewer = await requireViewerOfSalon(ctx, salon);
      return readFeed(ctx.app, viewer.salon.id, viewer.user.id);
    },
  },
  Mutation: {
    startCalendarFeed: async (_: unknown, { input }: Args, ctx: Context) => {
      const values = parseInput(calendarFeedSchema, input);
      const viewer = await requireViewerOfSalon(ctx, values.salonId);
      return startFeed(ctx.app, values, viewer.user.id);
    },
    stopCalendarFeed: async (_: unknown, { input }: Args, ctx: Context) => {
      const values = parseInput(calendarFeedSchema, input);
      const viewer = await requireViewerOfSalon(ctx, values.salonId);
      await stopFeed(ctx.app, values, viewer.user.id);
      return true;
    },
  },
};
