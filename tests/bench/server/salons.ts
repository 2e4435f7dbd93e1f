import { sql } from 'drizzle-orm';
import { createSession } from '../../../server/auth/sessions';
import type { Database } from '../../../server/db/client';
import { DEFAULT_SALON_SETTINGS } from '../../../src/domain/rules/salon-defaults';

/** One simulated device: a signed-in session of its salon's owner, pushing and pulling that salon. */
export interface Device {
  index: number;
  salonIndex: number;
  salonId: string;
  token: string;
  masterIds: string[];
  serviceId: string;
}

export const MASTERS_PER_SALON = 5;

/** A 24-hex id from a prefix and a number, as the server's ids look. */
const id = (prefix: string, n: number) => `${prefix}${n.toString(16).padStart(8, '0')}`.padEnd(24, '0');

/**
 * `salons` salons, each with its owner, five masters of one service group and a 30-minute service, written with
 * set-based SQL; then `devices` sessions spread over them (device d belongs to salon d mod salons).
 */
export async function seedSalons(database: Database, salons: number, devices: number): Promise<Device[]> {
  const settings = JSON.stringify(DEFAULT_SALON_SETTINGS);
  await database.db.transaction(async (tx) => {
    const range = sql.raw(`generate_series(0, ${salons - 1}) s`);
    const hex = (prefix: string, expr = 's') => sql.raw(`rpad('${prefix}' || lpad(to_hex(${expr}), 8, '0'), 24, '0')`);
    await tx.execute(sql`insert into users (id, email, password_hash, first_name, last_name, phone, email_verified)
      select ${hex('a')}, 'owner' || s || '@load.test', 'not-a-hash', 'Owner', s::text, '+3712' || lpad(s::text, 7, '0'), true from ${range}`);
    await tx.execute(sql`insert into salons (id, name, address, administrator_id, settings, rev, row_rev, trial_ends_at)
      select ${hex('b')}, 'Load salon ' || s, '', ${hex('a')}, ${settings}::jsonb, 1, 1, now() + interval '60 days' from ${range}`);
    await tx.execute(
      sql`insert into administrators (id, salon_id, user_id, rev) select ${hex('c')}, ${hex('b')}, ${hex('a')}, 1 from ${range}`,
    );
    await tx.execute(sql`insert into service_groups (id, salon_id, name_variants, type, rev)
      select ${hex('d')}, ${hex('b')}, '{"en":"Hair"}', 'HAIRDRESSER', 1 from ${range}`);
    await tx.execute(sql`insert into services (id, salon_id, group_id, name_variants, duration, price, color, rev)
      select ${hex('e')}, ${hex('b')}, ${hex('d')}, '{"en":"Cut"}', 30, 20.00, '#e53935', 1 from ${range}`);
    await tx.execute(sql`insert into masters (id, salon_id, first_name, last_name, service_group_ids, rev)
      select ${hex('f', `s * ${MASTERS_PER_SALON} + m`)}, ${hex('b')}, 'Master', m::text, jsonb_build_array(${hex('d')}), 1
      from ${range}, generate_series(0, ${MASTERS_PER_SALON - 1}) m`);
  });
  const made: Device[] = [];
  for (let d = 0; d < devices; d++) {
    const s = d % salons;
    const token = await createSession(database.db, id('a', s), id('b', s));
    made.push({
      index: d,
      salonIndex: s,
      salonId: id('b', s),
      token,
      masterIds: Array.from({ length: MASTERS_PER_SALON }, (_, m) => id('f', s * MASTERS_PER_SALON + m)),
      serviceId: id('e', s),
    });
  }
  return made;
}

/** Pairs of live appointments of one master that overlap: a double booking (the target is 0). */
export async function doubleBookings(database: Database): Promise<number> {
  const rows = await database.db.execute(sql`select count(*)::int as n from appointments a join appointments b
    on a.salon_id = b.salon_id and a.master_id = b.master_id and a.id < b.id
    and a.deleted_at is null and b.deleted_at is null and tsrange(a.start_at, a.end_at) && tsrange(b.start_at, b.end_at)`);
  return Number((rows as unknown as { rows: Array<{ n: number }> }).rows?.[0]?.n ?? (rows as unknown as Array<{ n: number }>)[0]?.n ?? -1);
}
