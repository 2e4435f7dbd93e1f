import { eq } from 'drizzle-orm';
import { pullSchema } from '../../src/domain/schemas/pull';
import { ENTITY_NAMES } from '../../src/domain/entities';
import type { Tx } from '../db/client';
import { salons } from '../db/schema';
import { requireSalonViewer, type Context } from '../graphql/context';
import { confirmAccess } from '../auth/access-change';
import { AppError, forbidden, parseInput } from '../graphql/errors';
import { SOURCES, type Found, type RevWindow, type Scope } from './pull-sources';

/** No limit: the rows of one rev always travel together. */
const WHOLE = 2 ** 31 - 1;
const entityOrder = new Map(ENTITY_NAMES.map((name, i) => [name, i]));
const byRev = (a: Found, b: Found) =>
  a.rev - b.rev || (entityOrder.get(a.entity) ?? 0) - (entityOrder.get(b.entity) ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

async function read(tx: Tx, scope: Scope, win: RevWindow): Promise<Found[]> {
  const all: Found[] = [];
  for (const source of SOURCES) all.push(...(await source.read(tx, scope, win)));
  return all.sort(byRev);
}

/**
 * Query.pull (DESIGN.md §5.6, §5.7): the salon's rows and tombstones with rev above the cursor, in rev
 * order, read in one consistent snapshot. A page never splits a rev: when the page is full the rows of its
 * last rev wait for the next page, unless that rev alone fills it; then the whole rev comes at once.
 * `cursor` is the highest rev fully included, so applying a page and its cursor together never skips a row.
 */
export async function pull(ctx: Context, input: unknown) {
  const viewer = await requireSalonViewer(ctx);
  const values = parseInput(pullSchema, input);
  if (values.salon !== viewer.salon.id) throw forbidden('NOT_THE_SESSION_SALON');
  const { database } = ctx.app;
  const config = database.kind === 'postgres' ? ({ isolationLevel: 'repeatable read', accessMode: 'read only' } as const) : undefined;
  return database.db.transaction(async (tx) => {
    // Access is checked again in the snapshot the rows come from: a pull that began before a sign-out or a
    // removal from the salon, and reads after it, sends nothing (DESIGN.md §7).
    await confirmAccess(tx, viewer);
    const [salon] = await tx.select({ rev: salons.rev, settings: salons.settings }).from(salons).where(eq(salons.id, values.salon));
    if (!salon) throw forbidden('NOT_THE_SESSION_SALON');
    if (values.cursor > salon.rev) {
      // The client holds a cursor this database never issued (restored or replaced database): it must reset.
      throw new AppError('NotAllowed', 'The cursor is ahead of the salon', { reason: 'CURSOR_UNKNOWN', extra: { salonRev: salon.rev } });
    }
    const master = viewer.role === 'MASTER';
    const scope: Scope = {
      salonId: values.salon,
      hidePhone: master && salon.settings.hideClientPhone,
      hideDefaultMasters: master,
      hideSupplierPrice: master,
    };
    const limit = values.limit;
    const head = await read(tx, scope, { after: values.cursor, upTo: null, limit: limit + 1 });
    const page = (changes: Found[], cursor: number, hasMore: boolean) => ({
      changes: changes.map((c) => ({
        entity: c.entity,
        id: c.id,
        rev: c.rev,
        deleted: c.deleted,
        data: c.deleted ? null : JSON.stringify(c.data),
      })),
      cursor,
      hasMore,
      salonRev: salon.rev,
    });
    // Everything above the cursor fits: the client is now at the salon's rev.
    if (head.length <= limit) return page(head, salon.rev, false);
    const lastRev = (head[limit - 1] as Found).rev;
    if ((head[limit] as Found).rev > lastRev) return page(head.slice(0, limit), lastRev, true);
    const before = head.slice(0, limit).filter((c) => c.rev < lastRev);
    if (before.length > 0) return page(before, lastRev - 1, true);
    const whole = await read(tx, scope, { after: lastRev - 1, upTo: lastRev, limit: WHOLE });
    return page(whole, lastRev, lastRev < salon.rev);
  }, config);
}
