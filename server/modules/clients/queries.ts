import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { clientStats } from '../../../src/domain/rules/client-stats';
import { appointments, clients, invoices, masters, salons } from '../../db/schema';
import { requireViewerOfSalon, type Context } from '../../graphql/context';
import { forbidden } from '../../graphql/errors';
import { notExists, refused } from '../../graphql/refusals';
import { isAdministrator } from '../../../src/domain/roles';

/**
 * Client reads answered online (part 1 §7). The panel shows both from its mirror too; these are the spec's
 * calls, for screens that are not mirrored yet and for other clients of the API.
 */

/** getClientsSummary: live clients of the session's salon and how many are male and female; any salon role. */
export async function clientsSummary(ctx: Context, salon: unknown) {
  const viewer = await requireViewerOfSalon(ctx, salon);
  const [row] = await ctx.app.database.db
    .select({
      total: sql<number>`count(*)::int`,
      males: sql<number>`(count(*) filter (where ${clients.gender} = 'MALE'))::int`,
      females: sql<number>`(count(*) filter (where ${clients.gender} = 'FEMALE'))::int`,
    })
    .from(clients)
    .where(and(eq(clients.salonId, viewer.salon.id), isNull(clients.deletedAt)));
  return row ?? { total: 0, males: 0, females: 0 };
}

/**
 * getDefaultMasters: the client's default masters that are still live masters, in the order chosen.
 * Administrators and sysadmins only: masters do not see a client's Masters section (part 1 §6), and pull
 * leaves the list out of the rows it sends them (server/sync/pull.ts), so neither path shows it.
 */
export async function defaultMasters(ctx: Context, salon: unknown, client: unknown): Promise<string[]> {
  const viewer = await requireViewerOfSalon(ctx, salon);
  if (!isAdministrator(viewer)) throw forbidden('MASTER_CANNOT_SEE_CLIENT_MASTERS');
  const db = ctx.app.database.db;
  const [row] =
    typeof client === 'string'
      ? await db
          .select({ ids: clients.defaultMasterIds })
          .from(clients)
          .where(and(eq(clients.id, client), eq(clients.salonId, viewer.salon.id), isNull(clients.deletedAt)))
      : [];
  if (!row) throw refused('defaultMastersClientNotExists');
  if (row.ids.length === 0) return [];
  const live = await db
    .select({ id: masters.id })
    .from(masters)
    .where(and(eq(masters.salonId, viewer.salon.id), inArray(masters.id, row.ids), isNull(masters.deletedAt)));
  const liveIds = new Set(live.map((m) => m.id));
  return row.ids.filter((id) => liveIds.has(id));
}

/**
 * getClientStats (part 1 §3 Stats): total, failed and successful appointments and the last one, by the rule the
 * panel runs on its mirror (src/domain/rules/client-stats.ts, decision 028), counted at the salon's wall time.
 * Administrators and sysadmins only: masters do not see a client's appointments (part 1 §6).
 */
export async function clientStatsOf(ctx: Context, salon: unknown, client: unknown) {
  const viewer = await requireViewerOfSalon(ctx, salon);
  if (!isAdministrator(viewer)) throw forbidden('MASTER_CANNOT_SEE_CLIENT_APPOINTMENTS');
  const db = ctx.app.database.db;
  const salonId = viewer.salon.id;
  const [row] =
    typeof client === 'string'
      ? await db
          .select({ id: clients.id })
          .from(clients)
          .where(and(eq(clients.id, client), eq(clients.salonId, salonId), isNull(clients.deletedAt)))
      : [];
  if (!row) throw notExists('client');
  const [booked, billed, [zone]] = await Promise.all([
    db
      .select({
        id: appointments.id,
        serviceId: appointments.serviceId,
        startAt: appointments.startAt,
        notes: appointments.notes,
        outcome: appointments.outcome,
      })
      .from(appointments)
      .where(and(eq(appointments.salonId, salonId), eq(appointments.clientId, row.id), isNull(appointments.deletedAt))),
    db
      .select({ appointmentId: invoices.appointmentId, paid: invoices.paid, totalPrice: invoices.totalPrice })
      .from(invoices)
      .innerJoin(appointments, eq(appointments.id, invoices.appointmentId))
      .where(
        and(eq(invoices.salonId, salonId), eq(appointments.clientId, row.id), isNull(invoices.deletedAt), isNull(appointments.deletedAt)),
      ),
    db.select({ timeZone: salons.timeZone }).from(salons).where(eq(salons.id, salonId)),
  ]);
  const now = Temporal.Now.plainDateTimeISO(zone?.timeZone ?? 'Europe/Riga')
    .toString()
    .slice(0, 16)
    .replace('T', ' ');
  return clientStats(
    booked.map(({ outcome, ...a }) => ({ ...a, startAt: a.startAt.slice(0, 16), outcome })),
    billed,
    now,
  );
}
