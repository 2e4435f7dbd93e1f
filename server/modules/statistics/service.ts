import { and, count, countDistinct, desc, eq, gte, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients, masters, salons, users } from '../../db/schema';

/**
 * The sysadmin's statistics (part 2 §2, §3), counted from live rows (decision 042): each figure all time and
 * since the start of the current calendar month in Riga (the service's home).
 */
export interface Summary {
  total: number;
  thisMonth: number;
}

/** The first instant of this calendar month in Europe/Riga. */
export const monthStart = sql`(date_trunc('month', now() at time zone 'Europe/Riga') at time zone 'Europe/Riga')`;

async function summary(db: Db, table: typeof salons | typeof masters | typeof clients, where: SQL | undefined, distinct?: SQL) {
  const measure = distinct ? countDistinct(distinct) : count();
  const [all] = await db.select({ n: measure }).from(table).where(where);
  const [month] = await db
    .select({ n: measure })
    .from(table)
    .where(and(where, gte(table.createdAt, monthStart)));
  return { total: Number(all?.n ?? 0), thisMonth: Number(month?.n ?? 0) };
}

/** Live salons whose only live master is the owner's own account: one person working alone. */
const selfEmployed = sql`${salons.deletedAt} is null and exists (
  select 1 from ${masters} m where m.salon_id = ${salons.id} and m.deleted_at is null and m.user_id = ${salons.administratorId}
) and not exists (
  select 1 from ${masters} m where m.salon_id = ${salons.id} and m.deleted_at is null and m.user_id is distinct from ${salons.administratorId}
)`;

export async function statistics(db: Db) {
  const [salonSummary, selfEmployedSummary, masterSummary, localClientSummary, globalClientSummary] = await Promise.all([
    summary(db, salons, isNull(salons.deletedAt)),
    summary(db, salons, selfEmployed),
    summary(db, masters, isNull(masters.deletedAt)),
    summary(db, clients, and(isNull(clients.deletedAt), eq(clients.type, 'LOCAL'))),
    // Clients in the app: distinct accounts that are a client somewhere; 'this month' counts those linked this month.
    summary(db, clients, and(isNull(clients.deletedAt), isNotNull(clients.userId)), sql`${clients.userId}`),
  ]);
  return { salonSummary, selfEmployedSummary, masterSummary, localClientSummary, globalClientSummary, monthly: await monthly(db) };
}

/** The month 'YYYY-MM' of a timestamp column in Riga. */
const rigaMonth = (column: SQL | typeof users.createdAt | typeof salons.createdAt) =>
  sql<string>`to_char(${column} at time zone 'Europe/Riga', 'YYYY-MM')`;

/** The last 12 calendar months in Riga, oldest first, each with accounts signed up (people, not sysadmins or suppliers) and salons created. */
export async function monthly(db: Db) {
  const since = sql`(date_trunc('month', now() at time zone 'Europe/Riga') - interval '11 months') at time zone 'Europe/Riga'`;
  const [[now], signUps, made] = await Promise.all([
    db.select({ month: rigaMonth(sql`now()`) }).from(sql`(select 1) as one`),
    db
      .select({ month: rigaMonth(users.createdAt), n: count() })
      .from(users)
      .where(and(gte(users.createdAt, since), eq(users.isSysadmin, false), eq(users.isSupplier, false)))
      .groupBy(rigaMonth(users.createdAt)),
    db
      .select({ month: rigaMonth(salons.createdAt), n: count() })
      .from(salons)
      .where(and(gte(salons.createdAt, since), isNull(salons.deletedAt)))
      .groupBy(rigaMonth(salons.createdAt)),
  ]);
  const [year, month] = (now?.month ?? '1970-01').split('-').map(Number) as [number, number];
  const months = Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 12 + i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
  const of = (rows: { month: string; n: number }[]) => new Map(rows.map((r) => [r.month, Number(r.n)]));
  const s = of(signUps);
  const m = of(made);
  return months.map((key) => ({ month: key, signUps: s.get(key) ?? 0, salons: m.get(key) ?? 0 }));
}

/** Accounts that signed up with a promo code, newest first; `filter` (non-empty) keeps those codes. */
export async function promoCodeUsers(db: Db, filter: readonly string[]) {
  const codes = await db.selectDistinct({ code: users.promoCode }).from(users).where(isNotNull(users.promoCode)).orderBy(users.promoCode);
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      createdAt: users.createdAt,
      promoCode: users.promoCode,
    })
    .from(users)
    .where(and(isNotNull(users.promoCode), filter.length > 0 ? inArray(users.promoCode, [...filter]) : undefined))
    .orderBy(desc(users.createdAt), users.id);
  return {
    promoCodes: codes.flatMap((c) => (c.code ? [c.code] : [])),
    promoCodeUsers: rows.map((r) => ({ ...r, promoCode: r.promoCode ?? '', createdAt: new Date(r.createdAt).toISOString() })),
  };
}
