import { sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { BookingSlotsDocument } from '../../../src/book/generated';
import { addDays } from '../../../src/domain/rules/time';
import { newId } from '../../../src/domain/ids';
import { MASTERS_PER_SALON, type Device } from './salons';

/** The requests of the cost bench (cpu-cost.ts) that need the salons' data: bookings and the booking page. */

const booked = new Map<string, number>();
const HALF_HOURS = 23;

/**
 * An `appointment.create` input of 30 minutes at the salon's next free half hour from tomorrow on: each call takes the
 * next (master, half hour, day), so no two bench bookings of a salon overlap.
 */
export function bookingOf(device: Device): string {
  const k = booked.get(device.salonId) ?? 0;
  booked.set(device.salonId, k + 1);
  const master = device.masterIds[k % MASTERS_PER_SALON] as string;
  const slot = Math.floor(k / MASTERS_PER_SALON);
  const day = addDays(new Date().toISOString().slice(0, 10), 1 + Math.floor(slot / HALF_HOURS));
  const minutes = 480 + 30 * (slot % HALF_HOURS);
  const startAt = `${day} ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return JSON.stringify({
    salon: device.salonId,
    appointments: [{ id: newId(), master, cabinet: null, client: null, service: device.serviceId, duration: 30, startAt, notes: '' }],
    lang: 'en',
  });
}

const slugOf = (salonIndex: number) => `load-salon-${salonIndex}`;

/** Turns on each seeded salon's booking page (slug load-salon-N), its one service with its five masters. */
export async function enableOnlineBooking(database: Database) {
  await database.db.execute(sql`update salons set settings = settings || jsonb_build_object('onlineBooking', jsonb_build_object(
      'enabled', true, 'slug', 'load-salon-' || (('x' || substr(id, 2, 8))::bit(32)::int),
      'serviceIds', (select jsonb_agg(s.id) from services s where s.salon_id = salons.id),
      'masterIds', (select jsonb_agg(m.id) from masters m where m.salon_id = salons.id),
      'horizonDays', 60, 'noticeMinutes', 120, 'step', 15, 'cancelHours', 24, 'description', '', 'address', '', 'phone', null))
    where name like 'Load salon %'`);
  // Each master works 08:00 to 20:00 the next three weeks.
  await database.db.execute(sql`insert into working_times (id, salon_id, master_id, start_at, end_at, rev)
    select rpad('7' || lpad(to_hex(row_number() over ()::int), 8, '0'), 24, '0'), m.salon_id, m.id,
      current_date + d + time '08:00', current_date + d + time '20:00', 1
    from masters m, generate_series(0, 20) d`);
}

/** The booking page's free times of the salon's service, any master, a week from today. */
export function slotQuery(device: Device): string {
  const date = addDays(new Date().toISOString().slice(0, 10), 7);
  return JSON.stringify({
    query: String(BookingSlotsDocument),
    variables: { input: { slug: slugOf(device.salonIndex), serviceIds: [device.serviceId], masterId: null, date } },
  });
}
