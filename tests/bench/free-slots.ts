import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { defaultOnlineBooking } from '../../src/domain/rules/online-booking';
import { DEFAULT_SALON_SETTINGS } from '../../src/domain/rules/salon-defaults';
import { percentiles } from './stats';

/** Issue 61 item 6: free slots of 30 masters over 60 days, answered by the server, p95 under 50 ms. */
const SLUG = 'bench-booking';
const MASTERS = 30;
const DAYS = 60;
const RUNS = Number(process.env.BENCH_SLOT_RUNS || 40);

const dayAfter = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Riga', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

/**
 * A salon taking online bookings with 30 masters who work 09:00-21:00 every day of the next 60, each with a visit at
 * every full hour (21 600 appointments): every half hour after one is free. Written with set-based SQL.
 */
export async function seedBookingSalon(database: Database): Promise<{ serviceId: string }> {
  const hex = (expr: string) => sql.raw(`substr(md5('fs-' || ${expr}), 1, 24)`);
  // The same ids as `hex` makes in SQL.
  const idOf = (key: string) => createHash('md5').update(`fs-${key}`).digest('hex').slice(0, 24);
  const serviceId = idOf('service');
  const masterList = Array.from({ length: MASTERS }, (_, i) => idOf(`m${i + 1}`));
  const booking = {
    ...defaultOnlineBooking({ name: 'Booking salon', address: 'Bench iela 3' }, { services: [serviceId], masters: masterList }),
  };
  const settings = {
    ...DEFAULT_SALON_SETTINGS,
    onlineBooking: { ...booking, enabled: true, slug: SLUG, step: 15, noticeMinutes: 0, horizonDays: 90 },
  };
  const first = dayAfter(1);
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`insert into users (id, email, password_hash, first_name, last_name)
      values (${hex("'owner'")}, 'booking@bench.test', 'no-login', 'Booking', 'Owner')`);
    await tx.execute(sql`insert into salons (id, name, address, administrator_id, settings, rev, row_rev, trial_ends_at)
      values (${hex("'salon'")}, 'Booking salon', 'Bench iela 3', ${hex("'owner'")}, ${JSON.stringify(settings)}::jsonb, 1, 1, now() + interval '60 days')`);
    await tx.execute(
      sql`insert into service_groups (id, salon_id, name_variants, type, rev) values (${hex("'group'")}, ${hex("'salon'")}, '{"en":"Hair"}', 'HAIRDRESSER', 1)`,
    );
    await tx.execute(sql`insert into services (id, salon_id, group_id, name_variants, duration, price, color, rev)
      values (${serviceId}, ${hex("'salon'")}, ${hex("'group'")}, '{"en":"Cut"}', 30, 25.00, '#e53935', 1)`);
    await tx.execute(sql`insert into masters (id, salon_id, first_name, last_name, service_group_ids, rev)
      select ${hex("'m' || g")}, ${hex("'salon'")}, 'Master', lpad(g::text, 2, '0'), jsonb_build_array(${hex("'group'")}::text), 1 from generate_series(1, ${MASTERS}) g`);
    await tx.execute(sql`insert into working_times (id, salon_id, master_id, start_at, end_at, rev)
      select ${hex("'w' || m || '-' || d")}, ${hex("'salon'")}, ${hex("'m' || m")},
        ${first}::date + d + time '09:00', ${first}::date + d + time '21:00', 1
      from generate_series(1, ${MASTERS}) m, generate_series(0, ${DAYS - 1}) d`);
    await tx.execute(sql`insert into appointments (id, salon_id, master_id, service_id, author_role, start_at, end_at, duration, notes, rev)
      select ${hex("'a' || m || '-' || d || '-' || h")}, ${hex("'salon'")}, ${hex("'m' || m")}, ${serviceId}, 'ADMIN',
        ${first}::date + d + make_time(h, 0, 0), ${first}::date + d + make_time(h, 30, 0), 30, '', 1
      from generate_series(1, ${MASTERS}) m, generate_series(0, ${DAYS - 1}) d, generate_series(9, 20) h`);
  });
  return { serviceId };
}

async function timed(url: string, query: string, variables: Record<string, unknown>): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { errors?: unknown };
  if (body.errors) throw new Error(`free slots bench: ${JSON.stringify(body.errors)}`);
  return performance.now() - t0;
}

const DAYS_QUERY = 'query D($input: BookingDaysInput!) { bookingDays(input: $input) }';
const SLOTS_QUERY = 'query S($input: BookingSlotsInput!) { bookingSlots(input: $input) { startAt masterId } }';

/**
 * The booking page's two questions over HTTP, as a phone asks them: the free days of the next 60 for any master (the
 * calendar) and one day's free times; each `RUNS` times after 5 to warm up, one at a time. The server answers from
 * what it keeps of the salon; `…AfterWrite` asks after a write to one of its visits each time.
 */
export async function measureFreeSlots(url: string, seeded: { serviceId: string }, database: Database) {
  const choice = { slug: SLUG, serviceIds: [seeded.serviceId], masterId: null };
  const days = { ...choice, from: dayAfter(1), to: dayAfter(DAYS) };
  const oneDay = { ...choice, date: dayAfter(3) };
  // A write to the salon before each ask, as the front desk makes them: one of its visits archived or back, with the
  // salon's rev bumped. The server catches up with the rows changed since the rev it kept.
  const write = () =>
    database.db.execute(sql`with bumped as (update salons set rev = rev + 1 where name = 'Booking salon' returning id, rev)
      update appointments set archived = not archived, rev = (select rev from bumped)
      where id = (select id from appointments where salon_id = (select id from bumped) order by start_at limit 1 offset 500)`);
  const sample = async (query: string, input: Record<string, unknown>, afterWrite = false) => {
    for (let i = 0; i < 5; i++) await timed(url, query, { input });
    const out: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      if (afterWrite) await write();
      out.push(await timed(url, query, { input }));
    }
    return percentiles(out);
  };
  return {
    masters: MASTERS,
    days: DAYS,
    appointments: MASTERS * DAYS * 12,
    freeDays60: { ...(await sample(DAYS_QUERY, days)), targetP95Ms: 50 },
    freeDays60AfterWrite: { ...(await sample(DAYS_QUERY, days, true)), targetP95Ms: 50 },
    oneDaySlots: await sample(SLOTS_QUERY, oneDay),
    oneDaySlotsAfterWrite: await sample(SLOTS_QUERY, oneDay, true),
  };
}
