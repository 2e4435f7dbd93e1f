import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { canWriteClients } from '../../../src/domain/rules/permissions';
import { clients, masters } from '../../db/schema';
import { requireViewerOfSalon, type Context } from '../../graphql/context';
import { forbidden } from '../../graphql/errors';
import { defaultMastersClientNotExists } from '../../graphql/refusals';

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
  if (!canWriteClients(viewer)) throw forbidden('MASTER_CANNOT_SEE_CLIENT_MASTERS');
  const db = ctx.app.database.db;
  const [row] = typeof client === 'string'
    ? await db
        .select({ ids: clients.defaultMasterIds })
        .from(clients)
        .where(and(eq(clients.id, client), eq(clients.salonId, viewer.salon.id), isNull(clients.deletedAt)))
    : [];
  if (!row) throw defaultMastersClientNotExists();
  if (row.ids.length === 0) return [];
  const live = await db
    .select({ id: masters.id })
    .from(masters)
    .where(and(eq(masters.salonId, viewer.salon.id), inArray(masters.id, row.ids), isNull(masters.deletedAt)));
  const liveIds = new Set(live.map((m) => m.id));
  return row.ids.filter((id) => liveIds.has(id));
}
