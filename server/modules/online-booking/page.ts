import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { and, asc, eq, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  DaySpans,
  freeSlots,
  type FreeSlot,
  type SlotProvider,
  type SlotRules,
  type SlotSource,
} from '../../../src/domain/rules/free-slots';
import { nameIn } from '../../../src/domain/rules/names';
import { liveOnlineBooking, type OnlineBookingSettings } from '../../../src/domain/rules/online-booking';
import type { SalonSettings } from '../../../src/domain/rules/salon-defaults';
import { addDays, salonWallTime } from '../../../src/domain/rules/time';
import type { Db, Tx } from '../../db/client';
import { appointments, cabinets, masters, salons, serviceGroups, services, workingTimes } from '../../db/schema';
import { rowsOf } from '../../db/migrate';
import { AppError } from '../../graphql/errors';
import { money } from '../../sync/rows';
import { keptSpans } from './kept-spans';
import { bookingSlugOf } from './service';

/**
 * The public side of online booking (issue 61): a live page found by its address, what it offers, and its free time.
 * Only what a client may see leaves here: the salon's public details, the offered services and masters (first name
 * and initial), and free or not free; never another booking, a client or another salon.
 */
export interface LivePage {
  salonId: string;
  /** The salon's rev when the page was read. */
  rev: number;
  name: string;
  timeZone: string;
  settings: SalonSettings;
  booking: OnlineBookingSettings;
}

const pageColumns = { id: salons.id, name: salons.name, timeZone: salons.timeZone, settings: salons.settings, rev: salons.rev };
type PageRow = { id: string; name: string; timeZone: string; settings: unknown; rev: number };
const pageOf = (row: PageRow, booking: OnlineBookingSettings): LivePage => ({
  salonId: row.id,
  name: row.name,
  rev: row.rev,
  timeZone: row.timeZone,
  settings: row.settings as SalonSettings,
  booking,
});

/** The salon whose page is at `slug`, while the page is on and the salon lives; else null (answered as not found). */
export async function livePage(db: Db | Tx, slug: string): Promise<LivePage | null> {
  const [row] = await db
    .select(pageColumns)
    .from(salons)
    .where(and(eq(bookingSlugOf, slug), isNull(salons.deletedAt)))
    .limit(1);
  const booking = row ? liveOnlineBooking(row.settings as SalonSettings) : null;
  return row && booking ? pageOf(row, booking) : null;
}

/**
 * A live salon's page as a booking made on it sees it, on or off: a client keeps the manage link of a booking made
 * before the salon turned its page off.
 */
export async function salonPage(db: Db | Tx, salonId: string): Promise<LivePage | null> {
  const [row] = await db
    .select(pageColumns)
    .from(salons)
    .where(and(eq(salons.id, salonId), isNull(salons.deletedAt)));
  const booking = (row?.settings as SalonSettings | undefined)?.onlineBooking;
  return row && booking ? pageOf(row, booking) : null;
}

export interface OfferedService {
  id: string;
  groupId: string;
  name: string;
  groupName: string;
  duration: number;
  price: string;
}

export interface OfferedMaster {
  id: string;
  name: string;
  serviceGroupIds: string[];
}

/** The live services and active masters the page offers; a service is offered only while an offered master does it. */
export async function offer(db: Db | Tx, page: LivePage, lang: string): Promise<{ services: OfferedService[]; masters: OfferedMaster[] }> {
  const { serviceIds, masterIds } = page.booking;
  const masterRows =
    masterIds.length === 0
      ? []
      : await db
          .select({ id: masters.id, firstName: masters.firstName, lastName: masters.lastName, groups: masters.serviceGroupIds })
          .from(masters)
          .where(
            and(eq(masters.salonId, page.salonId), inArray(masters.id, masterIds), isNull(masters.deletedAt), eq(masters.status, 'ACTIVE')),
          )
          .orderBy(asc(masters.firstName), asc(masters.id));
  const serviceRows =
    serviceIds.length === 0
      ? []
      : await db
          .select({
            id: services.id,
            groupId: services.groupId,
            names: services.nameVariants,
            duration: services.duration,
            price: services.price,
            groupNames: serviceGroups.nameVariants,
            position: serviceGroups.position,
          })
          .from(services)
          .innerJoin(serviceGroups, and(eq(serviceGroups.id, services.groupId), isNull(serviceGroups.deletedAt)))
          .where(and(eq(services.salonId, page.salonId), inArray(services.id, serviceIds), isNull(services.deletedAt)))
          .orderBy(asc(serviceGroups.position), asc(services.id));
  const doneBySomeone = new Set(masterRows.flatMap((m) => m.groups));
  return {
    masters: masterRows.map((m) => ({
      id: m.id,
      name: [m.firstName, m.lastName ? `${m.lastName.slice(0, 1)}.` : ''].filter(Boolean).join(' '),
      serviceGroupIds: m.groups,
    })),
    services: serviceRows
      .filter((s) => doneBySomeone.has(s.groupId))
      .map((s) => ({
        id: s.id,
        groupId: s.groupId,
        name: nameIn(s.names, lang),
        groupName: nameIn(s.groupNames, lang),
        duration: s.duration,
        price: money(s.price),
      })),
  };
}

/**
 * What the page shows of a live salon (the bookingPage query, and the page's own HTML): its public details, the
 * salon's wall time, the rules of its free time, and what it offers. `country`: the salon's phone's country, the
 * page's default for a number typed without one (Latvia when the salon gave no phone); `codeBySms`: the client may
 * have the code by SMS.
 */
export async function publicPage(db: Db | Tx, page: LivePage, lang: string, codeBySms: boolean) {
  const { services, masters } = await offer(db, page, lang);
  const { description, address, phone, horizonDays, step, cancelHours, noticeMinutes } = page.booking;
  return {
    name: page.name,
    description,
    address,
    phone,
    country: (phone && parsePhoneNumberFromString(phone)?.country) || 'LV',
    codeBySms,
    now: nowAt(page),
    horizonDays,
    step,
    noticeMinutes,
    cancelHours,
    services,
    masters,
  };
}

/** The chosen services, in the order chosen, among those the page offers; the master (null: any) among its masters. */
export function chosenOf(
  offered: { services: OfferedService[]; masters: OfferedMaster[] },
  serviceIds: readonly string[],
  masterId: string | null,
): OfferedService[] {
  const chosen = serviceIds.map((id) => offered.services.find((s) => s.id === id));
  if (chosen.some((s) => !s))
    throw new AppError('NotExists', 'Service not offered', {
      reason: 'SERVICE_NOT_OFFERED',
      field: 'serviceIds',
      messageId: 'book.chooseService',
    });
  if (masterId !== null && !offered.masters.some((m) => m.id === masterId))
    throw new AppError('NotExists', 'Master not offered', {
      reason: 'MASTER_NOT_OFFERED',
      field: 'masterId',
      messageId: 'book.chooseMaster',
    });
  return chosen as OfferedService[];
}

/** The rules of the page's free time. */
export const rulesOf = (booking: OnlineBookingSettings): SlotRules => ({
  step: booking.step,
  noticeMinutes: booking.noticeMinutes,
  horizonDays: booking.horizonDays,
});

interface SpanRow {
  m: string | null;
  c: string | null;
  d: string;
  spans: string;
}

/** Rows of provider, day and its spans 'from-to,from-to' in minutes from that day's midnight, into DaySpans. */
function daySpans(rows: SpanRow[]): DaySpans {
  const spans = new DaySpans();
  for (const row of rows) {
    for (const pair of row.spans.split(',')) {
      const [from, to] = pair.split('-').map(Number) as [number, number];
      if (row.m) spans.addMinutes(row.m, row.d, from, to);
      if (row.c) spans.addMinutes(row.c, row.d, from, to);
    }
  }
  return spans;
}

/** A table's spans grouped by provider and start day, from `start` to `end`, as minutes from that day's midnight. */
const spansSql = (
  table: typeof appointments | typeof workingTimes,
  salonId: string,
  start: string,
  end: string,
  extra: SQL = sql``,
) => sql`select ${table.masterId} as m, ${table.cabinetId} as c, to_char(${table.startAt}, 'YYYY-MM-DD') as d,
    string_agg(
      (extract(epoch from ${table.startAt} - date_trunc('day', ${table.startAt})) / 60)::int::text || '-' ||
      (extract(epoch from ${table.endAt} - date_trunc('day', ${table.startAt})) / 60)::int::text, ',') as spans
  from ${table}
  where ${table.salonId} = ${salonId} and ${table.deletedAt} is null and ${table.startAt} < ${end} and ${table.endAt} >= ${start}
    and (${table.masterId} is not null or ${table.cabinetId} is not null) ${extra}
  group by 1, 2, 3`;

type SalonSpans = Pick<SlotSource, 'cabinets' | 'work' | 'booked'>;

/**
 * The salon's cabinets, working time and live appointments from the day before `from` (a span past midnight) to the
 * day after `to`, by provider and day: what freeSlots needs, read grouped so a busy salon's months come in a few rows.
 */
async function salonSpans(db: Db | Tx, salonId: string, from: string, to: string, except: readonly string[]): Promise<SalonSpans> {
  const start = `${addDays(from, -1)} 00:00`;
  const end = `${addDays(to, 2)} 00:00`;
  const cabinetRows = await db
    .select({ id: cabinets.id, serviceGroupIds: cabinets.serviceGroupIds })
    .from(cabinets)
    .where(and(eq(cabinets.salonId, salonId), isNull(cabinets.deletedAt)))
    .orderBy(asc(cabinets.id));
  const work = rowsOf<SpanRow>(await db.execute(spansSql(workingTimes, salonId, start, end)));
  const live = sql`and ${appointments.archived} = false ${except.length > 0 ? sql`and ${notInArray(appointments.id, [...except])}` : sql``}`;
  const booked = rowsOf<SpanRow>(await db.execute(spansSql(appointments, salonId, start, end, live)));
  return { cabinets: cabinetRows, work: daySpans(work), booked: daySpans(booked) };
}

/**
 * The same for the page's reads, from what this instance keeps of the salon (./kept-spans.ts), caught up to the
 * page's rev. A page read may be a write behind (the page's rev was read first); the booking checks again under the
 * salon's lock with `slotSource`, never from here. A booking being moved frees its own time: read afresh.
 */
export async function slotSourceForReads(
  db: Db,
  page: LivePage,
  offered: readonly SlotProvider[],
  from: string,
  to: string,
  except: readonly string[] = [],
): Promise<SlotSource> {
  const today = nowAt(page).slice(0, 10);
  const spans = except.length === 0 ? await keptSpans(db, page.salonId, page.rev, today, page.booking.horizonDays, from, to) : null;
  return { masters: offered, ...(spans ?? (await salonSpans(db, page.salonId, from, to, except))), hours: hoursOf(page) };
}

/** Free time's sources read now, in the caller's transaction (a booking's, under the salon's lock). */
export async function slotSource(
  db: Db | Tx,
  page: LivePage,
  offered: readonly SlotProvider[],
  from: string,
  to: string,
  /** Appointments that do not count as busy: a booking's own, when it moves. */
  except: readonly string[] = [],
): Promise<SlotSource> {
  return { masters: offered, ...(await salonSpans(db, page.salonId, from, to, except)), hours: hoursOf(page) };
}

const hoursOf = (page: LivePage) => ({ startAt: page.settings.schedule.startAt, endAt: page.settings.schedule.endAt });

/** The salon's wall time now. */
export const nowAt = (page: LivePage, now: Date = new Date()) => salonWallTime(now, page.timeZone);

/** Free slots of the page for the chosen services (in order) and master (or any), over from..to. */
export function slotsOf(
  page: LivePage,
  source: SlotSource,
  chosen: OfferedService[],
  masterId: string | null,
  from: string,
  to: string,
  now: string,
  firstOfDay = false,
): FreeSlot[] {
  return freeSlots({ services: chosen, masterId, from, to, now }, source, rulesOf(page.booking), firstOfDay);
}
