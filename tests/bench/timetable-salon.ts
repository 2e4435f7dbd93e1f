import { sql } from 'drizzle-orm';
import { hashPassword } from '../../server/auth/password';
import type { Database } from '../../server/db/client';
import { DEFAULT_SALON_SETTINGS } from '../../src/domain/rules/salon-defaults';

export const TIMETABLE_OWNER = { email: 'timetable@bench.test', password: 'bench-password-2' };
export const TIMETABLE_DAY = { masters: 30, appointmentsPerMaster: 30 };
/** A light day two days after the busy one: three of the masters, four appointments each (08:00-09:40). */
export const LIGHT_DAY = { masters: 3, appointmentsPerMaster: 4 };
/** A time every master has free on the busy day (the last appointments end by 20:35): the bookings' slot. */
export const FREE_TIME = '21:15';
/** The salon's services: the bookings pick the first, the day's appointments use the others. */
export const SERVICES = [
  { key: 'a', name: 'Cut', duration: 30, color: '#e53935' },
  { key: 'b', name: 'Fringe', duration: 15, color: '#43a047' },
  { key: 'c', name: 'Trim', duration: 20, color: '#1e88e5' },
  { key: 'd', name: 'Style', duration: 25, color: '#fb8c00' },
] as const;
export const BOOKED_SERVICE = SERVICES[0];

/** The busy day: a week from today in the salon's zone, so owners and admins alike may book it. */
export function busyDay(now = new Date()): string {
  const later = new Date(now.getTime() + 7 * 24 * 3600 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Riga', year: 'numeric', month: '2-digit', day: '2-digit' }).format(later);
}

/** `date` moved by `days`. */
export const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 24 * 3600 * 1000).toISOString().slice(0, 10);
export const lightDay = (busy: string) => plusDays(busy, 2);
/** The tablet profile's busy day (issue 65), with its own light day: its bookings find their slots free. */
export const tabletBusyDay = (busy: string) => plusDays(busy, 3);

/**
 * The timetable's salon (DESIGN.md §10 'day timetable with 30 columns and 900 appointments'): 30 masters
 * working 08:00-22:00 on `date`, each with 30 appointments of 15, 20 or 25 minutes starting every 25 minutes
 * (a master's appointments never overlap: the database refuses that), 300 clients (every tenth appointment is a
 * walk-in), a schedule of 08:00-22:00 in 15-minute steps; and the light day (LIGHT_DAY). Written with
 * set-based SQL. Each of `dates` is a busy day with its light day.
 */
export async function seedTimetableSalon(database: Database, dates: string[]): Promise<void> {
  const passwordHash = await hashPassword(TIMETABLE_OWNER.password);
  const hex = (expr: string) => sql.raw(`substr(md5('tt-' || ${expr}), 1, 24)`);
  const salon = hex("'salon'");
  const group = hex("'group'");
  const settings = { ...DEFAULT_SALON_SETTINGS, schedule: { ...DEFAULT_SALON_SETTINGS.schedule, startAt: 480, endAt: 1320, step: 15 } };
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`insert into users (id, email, password_hash, first_name, last_name, phone, email_verified)
      values (${hex("'owner'")}, ${TIMETABLE_OWNER.email}, ${passwordHash}, 'Timetable', 'Owner', '+37120008888', true)`);
    await tx.execute(sql`insert into salons (id, name, address, administrator_id, settings, rev, row_rev, trial_ends_at)
      values (${salon}, 'Busy salon', 'Bench iela 2', ${hex("'owner'")}, ${JSON.stringify(settings)}::jsonb, 1, 1, now() + interval '60 days')`);
    await tx.execute(
      sql`insert into administrators (id, salon_id, user_id, rev) values (${hex("'admin'")}, ${salon}, ${hex("'owner'")}, 1)`,
    );
    await tx.execute(
      sql`insert into service_groups (id, salon_id, name_variants, type, rev) values (${group}, ${salon}, '{"en":"Hair"}', 'HAIRDRESSER', 1)`,
    );
    for (const s of SERVICES) {
      await tx.execute(sql`insert into services (id, salon_id, group_id, name_variants, duration, price, color, rev)
        values (${hex(`'service-${s.key}'`)}, ${salon}, ${group}, ${JSON.stringify({ en: s.name })}::jsonb, ${s.duration}, 25.00, ${s.color}, 1)`);
    }
    await tx.execute(sql`insert into masters (id, salon_id, first_name, last_name, service_group_ids, rev)
      select ${hex("'m' || g")}, ${salon}, 'Master', lpad(g::text, 2, '0'), jsonb_build_array(${group}::text), 1 from generate_series(1, ${TIMETABLE_DAY.masters}) g`);
    await tx.execute(sql`insert into clients (id, salon_id, first_name, last_name, phone, gender, notes, rev)
      select ${hex("'c' || g")}, ${salon}, 'Client', lpad(g::text, 3, '0'), '+3712' || lpad((8000000 + g)::text, 7, '0'), 'FEMALE', '', 1 from generate_series(1, 300) g`);
    for (const [day, size] of dates.flatMap((date) => [[date, TIMETABLE_DAY] as const, [lightDay(date), LIGHT_DAY] as const])) {
      const on = (time: string) => `${day} ${time}`;
      await tx.execute(sql`insert into working_times (id, salon_id, master_id, start_at, end_at, rev)
        select ${hex(`'w${day}-' || g`)}, ${salon}, ${hex("'m' || g")}, ${on('08:00')}::timestamp, ${on('22:00')}::timestamp, 1 from generate_series(1, ${size.masters}) g`);
      // Appointment k (0-based) of master m starts at 08:00 + 25k minutes, plus 5 minutes for every other master.
      await tx.execute(sql`insert into appointments (id, salon_id, master_id, client_id, service_id, author_role, start_at, end_at, duration, notes, rev)
        select ${hex(`'a${day}-' || m || '-' || k`)}, ${salon}, ${hex("'m' || m")},
          case when (m * ${size.appointmentsPerMaster} + k) % 10 = 9 then null else ${hex("'c' || (1 + (m * 7 + k) % 300)")} end,
          case k % 3 when 0 then ${hex("'service-b'")} when 1 then ${hex("'service-c'")} else ${hex("'service-d'")} end, 'ADMIN',
          ${on('08:00')}::timestamp + (25 * k + 5 * (m % 2)) * interval '1 minute',
          ${on('08:00')}::timestamp + (25 * k + 5 * (m % 2) + case k % 3 when 0 then 15 when 1 then 20 else 25 end) * interval '1 minute',
          case k % 3 when 0 then 15 when 1 then 20 else 25 end, '', 1
        from generate_series(1, ${size.masters}) m, generate_series(0, ${size.appointmentsPerMaster - 1}) k`);
    }
    await tx.execute(sql`update salons set rev = 100 where id = ${salon}`);
  });
}
