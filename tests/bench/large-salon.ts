import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../server/auth/password';
import type { Database } from '../../server/db/client';
import { bumpRev } from '../../server/db/rev';
import { invoices } from '../../server/db/schema';
import { DEFAULT_SALON_SETTINGS } from '../../src/domain/rules/salon-defaults';

export const LARGE_OWNER = { email: 'large@bench.test', password: 'bench-password-1' };

/**
 * A large salon for the first-sync figure (DESIGN.md §10): `clients` clients and `appointments`
 * appointments spread over 50 masters, 8 a day each, never overlapping. Written with set-based SQL.
 */
export async function seedLargeSalon(database: Database, counts: { clients: number; appointments: number }): Promise<void> {
  const passwordHash = await hashPassword(LARGE_OWNER.password);
  const hex = (expr: string) => sql.raw(`substr(md5(${expr}), 1, 24)`);
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`insert into users (id, email, password_hash, first_name, last_name, phone, email_verified)
      values (${'f'.repeat(24)}, ${LARGE_OWNER.email}, ${passwordHash}, 'Bench', 'Owner', '+37120009999', true)`);
    await tx.execute(sql`insert into salons (id, name, address, administrator_id, settings, rev, row_rev, trial_ends_at)
      values (${'e'.repeat(24)}, 'Large salon', 'Bench iela 1', ${'f'.repeat(24)}, ${JSON.stringify({ ...DEFAULT_SALON_SETTINGS, schedule: { ...DEFAULT_SALON_SETTINGS.schedule, startAt: 480, endAt: 1320 } })}::jsonb, 1, 1, now() + interval '60 days')`);
    await tx.execute(
      sql`insert into administrators (id, salon_id, user_id, rev) values (${'d'.repeat(24)}, ${'e'.repeat(24)}, ${'f'.repeat(24)}, 1)`,
    );
    await tx.execute(
      sql`insert into service_groups (id, salon_id, name_variants, type, rev) values (${'c'.repeat(24)}, ${'e'.repeat(24)}, '{"en":"Hair"}', 'HAIRDRESSER', 1)`,
    );
    await tx.execute(sql`insert into services (id, salon_id, group_id, name_variants, duration, price, color, rev)
      values (${'b'.repeat(24)}, ${'e'.repeat(24)}, ${'c'.repeat(24)}, '{"en":"Cut"}', 60, 25.00, '#e53935', 1)`);
    await tx.execute(sql`insert into masters (id, salon_id, first_name, last_name, service_group_ids, rev)
      select ${hex("'m' || g")}, ${'e'.repeat(24)}, 'Master', g::text, ${JSON.stringify(['c'.repeat(24)])}::jsonb, 1 from generate_series(1, 50) g`);
    await tx.execute(sql`insert into clients (id, salon_id, first_name, last_name, phone, gender, notes, rev)
      select ${hex("'c' || g")}, ${'e'.repeat(24)}, 'Client', g::text, '+3712' || lpad(g::text, 7, '0'), case when g % 3 = 0 then 'MALE' else 'FEMALE' end, '', 1 + g / 1000
      from generate_series(1, ${counts.clients}) g`);
    await tx.execute(sql`insert into appointments (id, salon_id, master_id, client_id, service_id, author_role, start_at, end_at, duration, notes, rev)
      select ${hex("'a' || g")}, ${'e'.repeat(24)}, ${hex("'m' || (1 + g % 50)")}, ${hex(`'c' || (1 + g % ${counts.clients})`)}, ${'b'.repeat(24)}, 'ADMIN',
        timestamp '2026-01-05 09:00' + ((g / 50) / 8) * interval '1 day' + ((g / 50) % 8) * interval '1 hour',
        timestamp '2026-01-05 10:00' + ((g / 50) / 8) * interval '1 day' + ((g / 50) % 8) * interval '1 hour',
        60, '', 100 + g / 1000
      from generate_series(0, ${counts.appointments - 1}) g`);
    await tx.execute(sql`update salons set rev = 1000 where id = ${'e'.repeat(24)}`);
  });
}

/**
 * A paid invoice for every appointment of the large salon's `month` ('YYYY-MM'), one service line by its master,
 * paid in turn by cash, card and gift card: the month's report figure (issue 17 item 8). Written after the first
 * sync is measured, with the next rev, so the app's next pull brings them. Returns how many were written.
 */
export async function seedLargeInvoices(database: Database, month: string): Promise<number> {
  const salon = 'e'.repeat(24);
  return database.db.transaction(async (tx) => {
    const rev = await bumpRev(tx, salon);
    const from = `${month}-01 00:00`;
    await tx.execute(sql`insert into invoices (id, salon_id, appointment_id, type, paid, paid_at, total_price, rev, created_at)
      select substr(md5('i' || a.id), 1, 24), ${salon}, a.id, 'APPOINTMENT', true, now(), 25.00, ${rev}, a.start_at
      from appointments a where a.salon_id = ${salon} and a.start_at >= ${from}::timestamp and a.start_at < (${from}::timestamp + interval '1 month')`);
    await tx.execute(sql`insert into invoice_items (id, salon_id, invoice_id, type, entity_id, seller_id, seller_type, quantity, price, payment_type, rev)
      select substr(md5('l' || a.id), 1, 24), ${salon}, substr(md5('i' || a.id), 1, 24), 'SERVICE', a.service_id, a.master_id, 'MASTER', 1, 25.00,
        (array['CASH', 'CC', 'GIFT'])[1 + abs(hashtext(a.id)) % 3], ${rev}
      from appointments a where a.salon_id = ${salon} and a.start_at >= ${from}::timestamp and a.start_at < (${from}::timestamp + interval '1 month')`);
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(invoices)
      .where(eq(invoices.salonId, salon));
    return row?.n ?? 0;
  });
}

/**
 * Removes the invoices `seedLargeInvoices` wrote, as if they never were (no tombstones): the tablet profile's first
 * sync then pulls the same rows as the desktop one, and its Report gets them again after it.
 */
export async function removeLargeInvoices(database: Database): Promise<void> {
  const salon = 'e'.repeat(24);
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`delete from invoice_items where salon_id = ${salon}`);
    await tx.execute(sql`delete from invoices where salon_id = ${salon}`);
  });
}
