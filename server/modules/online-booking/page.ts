import { and, asc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { freeSlots, type FreeSlot, type SlotProvider, type SlotRules, type SlotSource } from '../../../src/domain/rules/free-slots';
import { nameIn } from '../../../src/domain/rules/names';
import { liveOnlineBooking, type OnlineBookingSettings } from '../../../src/domain/rules/online-booking';
import type { SalonSettings } from '../../../src/domain/rules/salon-defaults';
import { addDays, salonWallTime } from '../../../src/domain/rules/time';
import type { Db, Tx } from '../../db/client';
import { appointments, cabinets, masters, salons, serviceGroups, services, workingTimes } from '../../db/schema';
import { money, wallTime } from '../../sync/rows';
import { bookingSlugOf } from './service';

/**
 * The public side of online booking (issue 61): a live page found by its address, what it offers, and its free time.
 * Only what a client may see leaves here: the salon's public details, the offered services and masters (first name
 * and initial), and free or not free; never another booking, a client or another salon.
 */
export interface LivePage {
  salonId: string;
  name: string;
  timeZone: string;
  settings: SalonSettings;
  booking: OnlineBookingSettings;
}

const pageColumns = { id: salons.id, name: salons.name, timeZone: salons.timeZone, settings: salons.settings };
type PageRow = { id: string; name: string; timeZone: string; settings: unknown };
const pageOf = (row: PageRow, booking: OnlineBookingSettings): LivePage => ({
  salonId: row.id,
  name: row.name,
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

/** The rules of the page's free time. */
export const rulesOf = (booking: OnlineBookingSettings): SlotRules => ({
  step: booking.step,
  noticeMinutes: booking.noticeMinutes,
  horizonDays: booking.horizonDays,
});

/**
 * Working time and appointments of the salon's masters and cabinets from the day before `from` (a span past
 * midnight) to the day after `to`: what freeSlots needs, nothing more.
 */
export async function slotSource(
  db: Db | Tx,
  page: LivePage,
  offered: readonly SlotProvider[],
  from: string,
  to: string,
  /** Appointments that do not count as busy: a booking's own, when it moves. */
  except: readonly string[] = [],
): Promise<SlotSource> {
  const start = `${addDays(from, -1)} 00:00`;
  const end = `${addDays(to, 2)} 00:00`;
  const cabinetRows = await db
    .select({ id: cabinets.id, serviceGroupIds: cabinets.serviceGroupIds })
    .from(cabinets)
    .where(and(eq(cabinets.salonId, page.salonId), isNull(cabinets.deletedAt)))
    .orderBy(asc(cabinets.id));
  const work = await db
    .select({
      masterId: workingTimes.masterId,
      cabinetId: workingTimes.cabinetId,
      startAt: workingTimes.startAt,
      endAt: workingTimes.endAt,
    })
    .from(workingTimes)
    .where(
      and(
        eq(workingTimes.salonId, page.salonId),
        isNull(workingTimes.deletedAt),
        lt(workingTimes.startAt, end),
        gte(workingTimes.endAt, start),
      ),
    );
  const booked = await db
    .select({
      id: appointments.id,
      masterId: appointments.masterId,
      cabinetId: appointments.cabinetId,
      startAt: appointments.startAt,
      endAt: appointments.endAt,
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.salonId, page.salonId),
        isNull(appointments.deletedAt),
        eq(appointments.archived, false),
        lt(appointments.startAt, end),
        gte(appointments.endAt, start),
        or(sql`${appointments.masterId} is not null`, sql`${appointments.cabinetId} is not null`),
      ),
    );
  const wall = <T extends { startAt: string; endAt: string }>(rows: T[]) =>
    rows.map((r) => ({ ...r, startAt: wallTime(r.startAt), endAt: wallTime(r.endAt) }));
  return {
    masters: offered,
    cabinets: cabinetRows,
    work: wall(work),
    booked: wall(booked.filter((b) => !except.includes(b.id))),
    hours: { startAt: page.settings.schedule.startAt, endAt: page.settings.schedule.endAt },
  };
}

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
