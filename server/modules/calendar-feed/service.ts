import { and, eq, isNull } from 'drizzle-orm';
import { newId } from '../../../src/domain/ids';
import type { CalendarFeedInput } from '../../../src/domain/schemas/calendar-feed';
import type { App } from '../../app';
import type { Db } from '../../db/client';
import { calendarFeeds, masters } from '../../db/schema';
import { AppError } from '../../graphql/errors';

/** A master's calendar feed as its owner sees it (decision 087). */
export interface CalendarFeedView {
  /** The feed's secret address, for calendar apps (https) and phones (webcal). */
  url: string;
  lang: string;
  createdAt: string;
}

/** A feed's address is PUBLIC_URL + this + its signed id + '.ics'. */
export const CALENDAR_FEED_PATH = '/calendar/';

/** The live master row of the signed-in user in the salon; the feed is that master's. */
async function ownMaster(db: Db, salonId: string, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: masters.id })
    .from(masters)
    .where(and(eq(masters.salonId, salonId), eq(masters.userId, userId), isNull(masters.deletedAt)))
    .limit(1);
  return row?.id ?? null;
}

const notAMaster = () =>
  new AppError('Forbidden', 'Not a master of this salon', { reason: 'NOT_A_MASTER', messageId: 'calendarFeed.notMaster' });

const viewOf = (app: App, row: typeof calendarFeeds.$inferSelect): CalendarFeedView => ({
  url: `${app.publicUrl}${CALENDAR_FEED_PATH}${app.calendarFeeds.tokenOf(row.id)}.ics`,
  lang: row.lang,
  createdAt: row.createdAt.toISOString(),
});

/** The user's feed as the salon's master, or null when it is off (or the user is no master of the salon). */
export async function readFeed(app: App, salonId: string, userId: string): Promise<CalendarFeedView | null> {
  const master = await ownMaster(app.database.db, salonId, userId);
  if (!master) return null;
  const [row] = await app.database.db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.masterId, master), eq(calendarFeeds.userId, userId)));
  return row ? viewOf(app, row) : null;
}

/** Turns the feed on, or gives it a new address: the row takes a new id, so the old address answers no more. */
export async function startFeed(app: App, input: CalendarFeedInput, userId: string): Promise<CalendarFeedView> {
  const master = await ownMaster(app.database.db, input.salonId, userId);
  if (!master) throw notAMaster();
  const values = { id: newId(), masterId: master, salonId: input.salonId, userId, lang: input.lang, createdAt: new Date() };
  const [row] = await app.database.db
    .insert(calendarFeeds)
    .values(values)
    .onConflictDoUpdate({ target: calendarFeeds.masterId, set: { id: values.id, userId, lang: values.lang, createdAt: values.createdAt } })
    .returning();
  return viewOf(app, row!);
}

/** Turns the feed off: its address answers no more. */
export async function stopFeed(app: App, input: CalendarFeedInput, userId: string): Promise<void> {
  const master = await ownMaster(app.database.db, input.salonId, userId);
  if (!master) throw notAMaster();
  await app.database.db.delete(calendarFeeds).where(eq(calendarFeeds.masterId, master));
}
