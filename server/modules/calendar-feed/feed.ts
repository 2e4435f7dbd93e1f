import type { IncomingMessage, ServerResponse } from 'node:http';
import { and, asc, eq, gte, isNull, lte } from 'drizzle-orm';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { feedEvents, feedRange } from '../../../src/domain/rules/calendar-feed';
import { salonDate } from '../../../src/domain/rules/time';
import type { App } from '../../app';
import { resolveAccess } from '../../auth/access';
import { appointments, cabinets, calendarFeeds, clients, masters, salons, services, users } from '../../db/schema';
import { errorSummary } from '../../error-summary';
import { AppError } from '../../graphql/errors';
import { translate } from '../../i18n';
import { instantOf } from '../client-messages/schedule';
import { CALENDAR_FEED_PATH } from './service';

/** How often a calendar app is asked to read the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const REFRESH_SECONDS = 60 * 60;

type Feed = typeof calendarFeeds.$inferSelect;

function answer(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers }).end(text);
}

/**
 * The feed a token names, while its master still works in the salon with the same account and that account may
 * still enter the salon (the access rule of every operation): otherwise null, as for a token that is not ours.
 */
async function liveFeed(app: App, token: string): Promise<{ feed: Feed; timeZone: string; title: string } | null> {
  const id = app.calendarFeeds.idOf(token);
  if (!id) return null;
  const db = app.database.db;
  const [row] = await db
    .select({ feed: calendarFeeds, user: users, salon: salons.name, timeZone: salons.timeZone, master: masters.firstName })
    .from(calendarFeeds)
    .innerJoin(masters, and(eq(masters.id, calendarFeeds.masterId), eq(masters.userId, calendarFeeds.userId), isNull(masters.deletedAt)))
    .innerJoin(salons, and(eq(salons.id, calendarFeeds.salonId), isNull(salons.deletedAt)))
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.id, id));
  if (!row || !(await resolveAccess(db, row.user, row.feed.salonId))) return null;
  const title = translate(row.feed.lang, 'calendarFeed.calendarName', { salon: row.salon, master: row.master });
  return { feed: row.feed, timeZone: row.timeZone, title };
}

/** The iCalendar text of a feed: its master's appointments in the feed's range, times in UTC. */
async function calendarText(app: App, feed: Feed, timeZone: string, title: string, now: Date): Promise<string> {
  const range = feedRange(salonDate(now, timeZone));
  const rows = await app.database.db
    .select({
      id: appointments.id,
      startAt: appointments.startAt,
      endAt: appointments.endAt,
      archived: appointments.archived,
      serviceNames: services.nameVariants,
      clientFirstName: clients.firstName,
      cabinetNames: cabinets.nameVariants,
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .leftJoin(clients, eq(clients.id, appointments.clientId))
    .leftJoin(cabinets, eq(cabinets.id, appointments.cabinetId))
    .where(
      and(
        eq(appointments.salonId, feed.salonId),
        eq(appointments.masterId, feed.masterId),
        isNull(appointments.deletedAt),
        eq(appointments.archived, false),
        gte(appointments.startAt, `${range.from} 00:00`),
        lte(appointments.startAt, `${range.to} 23:59`),
      ),
    )
    .orderBy(asc(appointments.startAt));
  const host = new URL(app.publicUrl || 'http://localhost').hostname;
  const calendar = ical({
    name: title,
    prodId: { company: 'salon-panel', product: 'calendar-feed', language: feed.lang.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    ttl: REFRESH_SECONDS,
  });
  for (const event of feedEvents(rows, feed.lang, range)) {
    calendar.createEvent({
      id: `${event.id}@${host}`,
      start: instantOf(event.startAt, timeZone),
      end: instantOf(event.endAt, timeZone),
      stamp: now,
      summary: event.summary,
      location: event.location || null,
    });
  }
  return calendar.toString();
}

/**
 * GET of a master's calendar feed (issue 58 item 5, decision 087): what Google, Apple and Outlook calendars read
 * from the secret address. A token that is not ours, or a feed that ended, answers 404 and counts against the
 * caller's address; a live feed counts against itself, so one calendar service reading many feeds is not throttled
 * for all of them. Nothing of the token reaches the log.
 */
export async function handleCalendarFeed(app: App, req: IncomingMessage, res: ServerResponse, address: string): Promise<void> {
  req.resume();
  const path = (req.url ?? '').slice(CALENDAR_FEED_PATH.length).split('?')[0] ?? '';
  const token = path.endsWith('.ics') ? path.slice(0, -'.ics'.length) : '';
  try {
    const found = token ? await liveFeed(app, token) : null;
    if (!found) {
      await app.limits.hit('calendarMiss', address);
      return answer(res, 404, 'Not found');
    }
    await app.limits.hit('calendar', found.feed.id);
    const text = await calendarText(app, found.feed, found.timeZone, found.title, new Date());
    res
      .writeHead(200, {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': 'inline; filename="calendar.ics"',
        'cache-control': 'private, no-store',
        'referrer-policy': 'no-referrer',
      })
      .end(req.method === 'HEAD' ? undefined : text);
  } catch (error) {
    if (error instanceof AppError && error.extensions.code === 'TooManyRequests') {
      return answer(res, 429, 'Too many requests', { 'retry-after': String(error.extensions.retryAfterSeconds ?? 900) });
    }
    app.log(`[calendar] feed failed: ${errorSummary(error)}`);
    answer(res, 500, 'Error');
  }
}
