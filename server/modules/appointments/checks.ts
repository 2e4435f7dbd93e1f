import { and, eq, gt, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Booking } from '../../../src/domain/rules/overlap';
import type { LineRefs, OwnMasters, RefKind } from '../../../src/domain/commands/appointments';
import { limitedToOwnAppointments } from '../../../src/domain/rules/permissions';
import type { SalonSettings } from '../../../src/domain/rules/salon-defaults';
import { dateOf, salonWallTime } from '../../../src/domain/rules/time';
import { appointments, cabinets, clients, invoices, masters, salons, services } from '../../db/schema';
import { rowsOf } from '../../db/migrate';
import type { Writer } from '../../sync/command';
import { wallTime } from '../../sync/rows';

export type AppointmentDbRow = typeof appointments.$inferSelect;

/** The salon as it is inside this transaction (after `w.rev()` took its lock). */
export async function currentSalon(w: Writer): Promise<{ settings: SalonSettings; today: string; now: string }> {
  // After the rev bump, as it read them under the salon's lock; else read here.
  const salon =
    (await w.lockedSalon()) ??
    (await w.tx.select({ settings: salons.settings, timeZone: salons.timeZone }).from(salons).where(eq(salons.id, w.salonId)))[0];
  if (!salon) throw new Error(`salon ${w.salonId} not found`);
  const now = salonWallTime(new Date(), salon.timeZone);
  return { settings: salon.settings as SalonSettings, today: dateOf(now), now };
}

/**
 * The viewer's own master rows in this salon when a master is limited to own appointments (the salon's 'Masters may
 * change colleagues' appointments' off, issue 63); null, and nothing read, otherwise.
 */
export async function ownMasters(w: Writer, settings: SalonSettings): Promise<OwnMasters> {
  if (!limitedToOwnAppointments(w.viewer, settings)) return null;
  const rows = await w.tx
    .select({ id: masters.id })
    .from(masters)
    .where(and(eq(masters.salonId, w.salonId), eq(masters.userId, w.viewer.user.id), isNull(masters.deletedAt)));
  return rows.map((r) => r.id);
}

/**
 * The first referenced master, cabinet, service or client (in that order) that is not a live row of this
 * salon, or null: what the shared checks call `missing` (src/domain/commands/appointments.ts).
 */
export async function missingRef(w: Writer, lines: LineRefs[]): Promise<RefKind | null> {
  return (await refsAndIds(w, lines, [])).missing;
}

/**
 * `missingRef`, and whether an appointment of any salon, even a deleted one, has one of `ids` (ids are global), in one
 * statement (decision 095).
 */
export async function refsAndIds(w: Writer, lines: LineRefs[], ids: string[]): Promise<{ missing: RefKind | null; idTaken: boolean }> {
  const pick = (key: RefKind) => [...new Set(lines.map((l) => l[key]).filter((id): id is string => Boolean(id)))];
  const checks = [
    { key: 'master', table: masters },
    { key: 'cabinet', table: cabinets },
    { key: 'service', table: services },
    { key: 'client', table: clients },
  ] as const;
  const asked = checks.map((c) => ({ ...c, ids: pick(c.key) })).filter((c) => c.ids.length > 0);
  if (asked.length === 0 && ids.length === 0) return { missing: null, idTaken: false };
  // How many of each kind's ids are live rows of this salon, and how many of `ids` are taken.
  const counts = asked.map(
    ({ key, table, ids: kindIds }) =>
      sql`(select count(*)::int from ${table} where ${and(eq(table.salonId, w.salonId), inArray(table.id, kindIds), isNull(table.deletedAt))}) as ${sql.raw(key)}`,
  );
  if (ids.length) counts.push(sql`(select count(*)::int from ${appointments} where ${inArray(appointments.id, ids)}) as taken`);
  const [found] = rowsOf<Partial<Record<RefKind | 'taken', number>>>(await w.tx.execute(sql`select ${sql.join(counts, sql`, `)}`));
  return {
    missing: asked.find(({ key, ids: kindIds }) => Number(found?.[key] ?? 0) !== kindIds.length)?.key ?? null,
    idTaken: Number(found?.taken ?? 0) > 0,
  };
}

/** A live appointment of this salon, or null. */
export async function appointmentOf(w: Writer, id: string): Promise<AppointmentDbRow | null> {
  const [row] = await w.tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, id), eq(appointments.salonId, w.salonId), isNull(appointments.deletedAt)));
  return row ?? null;
}

/** The appointment's live invoice, if any. */
export async function invoiceOf(w: Writer, appointmentId: string) {
  const [row] = await w.tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.salonId, w.salonId), eq(invoices.appointmentId, appointmentId), isNull(invoices.deletedAt)));
  return row ?? null;
}

/**
 * Live, unarchived appointments of the same masters or cabinets around the candidates' times: what
 * findOverlap checks against (the exclusion constraints of migration 0002 enforce the same).
 */
export async function busyAround(w: Writer, candidates: Booking[], exceptId: string | null = null): Promise<Booking[]> {
  const masterIds = [...new Set(candidates.map((c) => c.masterId).filter((id): id is string => Boolean(id)))];
  const cabinetIds = [...new Set(candidates.map((c) => c.cabinetId).filter((id): id is string => Boolean(id)))];
  if (candidates.length === 0 || (masterIds.length === 0 && cabinetIds.length === 0)) return [];
  const from = candidates.map((c) => c.startAt).sort()[0] as string;
  const to = candidates
    .map((c) => c.endAt)
    .sort()
    .at(-1) as string;
  const who: SQL[] = [];
  if (masterIds.length) who.push(inArray(appointments.masterId, masterIds));
  if (cabinetIds.length) who.push(inArray(appointments.cabinetId, cabinetIds));
  const rows = await w.tx
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
        eq(appointments.salonId, w.salonId),
        isNull(appointments.deletedAt),
        eq(appointments.archived, false),
        lt(appointments.startAt, to),
        gt(appointments.endAt, from),
        or(...who),
        exceptId ? ne(appointments.id, exceptId) : undefined,
      ),
    );
  return rows.map((r) => ({ ...r, startAt: wallTime(r.startAt), endAt: wallTime(r.endAt) }));
}
