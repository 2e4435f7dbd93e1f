import { filter, pipe, Repeater } from 'graphql-yoga';
import { dateOf } from '../../src/domain/rules/time';
import { requireViewer, requireViewerOfSalon, type Context, type Viewer } from '../graphql/context';
import { isAdministrator } from '../../src/domain/roles';
import { AppError, forbidden } from '../graphql/errors';
import type { Topic } from '../pubsub';

/**
 * Subscription resolvers (DESIGN.md §5.6, part 1 §7): salonChanged pokes the sync engine to pull;
 * appointmentAdded/appointmentDeleted are the spec's events for a date range; masterMigrated as published;
 * heartbeat keeps a signed-in socket alive. Only a signed-in viewer (of that salon) may listen (the WS
 * context reads connectionParams.authorization), and only while that lasts: every stream is guarded by
 * server/sync/live-access.ts.
 */
type SalonArgs = { salon: string };
type RangeArgs = SalonArgs & { date: string; toDate?: string | null };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function dayRange(args: RangeArgs): (date: string) => boolean {
  const to = args.toDate ?? args.date;
  if (!DAY.test(args.date) || !DAY.test(to)) {
    throw new AppError('IllegalArgument', 'Dates are YYYY-MM-DD', {
      reason: 'VALIDATION_FAILED',
      field: 'date',
      messageId: 'validation.date.invalid',
    });
  }
  return (date) => date >= args.date && date <= to;
}

const identity = <T>(payload: T) => payload;

const HEARTBEAT_MS = 25_000;

const guarded = <T>(ctx: Context, viewer: Viewer, since: number, source: AsyncIterable<T>) =>
  ctx.app.liveAccess.guard({ allowed: viewer, since, socket: ctx.socket }, source);

async function stream<K extends Topic>(ctx: Context, topic: K, salon: string, may: (viewer: Viewer) => boolean = () => true) {
  const since = ctx.app.liveAccess.mark();
  const viewer = await requireViewerOfSalon(ctx, salon);
  if (!may(viewer)) throw forbidden('FORBIDDEN');
  return guarded(ctx, viewer, since, ctx.app.pubsub.subscribe(topic, salon));
}

/** Ticks at once and then every 25 s; stops its timer as soon as the client unsubscribes. */
function ticks() {
  return new Repeater<{ heartbeat: number }>(async (push, stop) => {
    await push({ heartbeat: Date.now() });
    const timer = setInterval(() => void push({ heartbeat: Date.now() }), HEARTBEAT_MS);
    await stop;
    clearInterval(timer);
  });
}

export const subscriptionResolvers = {
  heartbeat: {
    subscribe: async (_: unknown, __: unknown, ctx: Context) => {
      const since = ctx.app.liveAccess.mark();
      return guarded(ctx, await requireViewer(ctx), since, ticks());
    },
  },
  salonChanged: {
    subscribe: (_: unknown, args: SalonArgs, ctx: Context) => stream(ctx, 'salonChanged', args.salon),
    resolve: identity,
  },
  appointmentAdded: {
    subscribe: async (_: unknown, args: RangeArgs, ctx: Context) => {
      const inRange = dayRange(args);
      // Archived ones are sent too: the screen decides whether it shows the archive (part 1 §4).
      return pipe(
        await stream(ctx, 'appointmentAdded', args.salon),
        filter((a) => inRange(dateOf(a.startAt))),
      );
    },
    resolve: identity,
  },
  appointmentDeleted: {
    subscribe: async (_: unknown, args: RangeArgs, ctx: Context) => {
      const inRange = dayRange(args);
      return pipe(
        await stream(ctx, 'appointmentDeleted', args.salon),
        filter((d) => inRange(d.date)),
      );
    },
    resolve: identity,
  },
  masterMigrated: {
    subscribe: (_: unknown, args: SalonArgs, ctx: Context) => stream(ctx, 'masterMigrated', args.salon),
    resolve: identity,
  },
  // Who may read client messages (the salon's administrators) hears when they change (issue 57 item 6).
  clientMessagesChanged: {
    subscribe: (_: unknown, args: SalonArgs, ctx: Context) => stream(ctx, 'clientMessagesChanged', args.salon, isAdministrator),
    resolve: identity,
  },
};
