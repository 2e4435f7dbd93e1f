import { sql } from 'drizzle-orm';
import { GraphQLScalarType } from 'graphql';
import { pullSchema } from '../../src/domain/schemas/pull';
import { ENTITY_NAMES } from '../../src/domain/entities';
import type { Tx } from '../db/client';
import { rowsOf } from '../db/migrate';
import { requireSalonViewer, type Context } from '../graphql/context';
import { confirmAccessReadingSalon } from '../auth/access-change';
import { AppError, forbidden, parseInput } from '../graphql/errors';
import { SOURCES, type Found, type RevWindow, type Scope } from './pull-sources';
import { pullTables } from './pull-tables';

const entityOrder = new Map(ENTITY_NAMES.map((name, i) => [name, i]));
const byRev = (a: Found, b: Found) =>
  a.rev - b.rev || (entityOrder.get(a.entity) ?? 0) - (entityOrder.get(b.entity) ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

async function read(tx: Tx, scope: Scope, win: RevWindow, sources: ReadonlySet<number>): Promise<Found[]> {
  const all: Found[] = [];
  for (const [i, source] of SOURCES.entries()) if (sources.has(i)) all.push(...(await source.read(tx, scope, win)));
  return all.sort(byRev);
}

/**
 * The first `limit + 1` revs above `after` of every source together, in one statement that returns only what the
 * window needs: how many there are, the first, the page's last (the `limit`th) and the one after it (the greatest,
 * when there are `limit + 1`). The revs themselves stay in the database (were up to 13 x 5 001 rows a page).
 */
async function revsAbove(tx: Tx, scope: Scope, after: number, limit: number) {
  const each = SOURCES.map(
    (source, i) => sql`(select rev, ${sql.raw(String(i))} as source from (${source.revs(scope, after, limit + 1)}) s)`,
  );
  const [row] = rowsOf<{ n: number; first: unknown; last: unknown; next: unknown; sources: string }>(
    await tx.execute(sql`with r as (select rev, source from (${sql.join(each, sql` union all `)}) u order by rev limit ${limit + 1})
      select (select count(*) from r)::int as n, (select min(rev) from r) as first,
        (select rev from r order by rev offset ${limit - 1} limit 1) as last, (select max(rev) from r) as next,
        (select coalesce(json_agg(json_build_array(source, rev)), '[]')::text from
          (select source, min(rev) as rev from r group by source) m) as sources`),
  );
  // The sources among these revs, each with its first: a page reads only the sources it holds rows of.
  const sources = (JSON.parse(row?.sources ?? '[]') as [number, number | string][]).map(([source, first]) => ({
    source,
    first: Number(first),
  }));
  // bigint comes as a string from node-postgres, as a number from PGlite.
  return { count: Number(row?.n ?? 0), first: Number(row?.first), last: Number(row?.last), next: Number(row?.next), sources };
}

/**
 * Which revs a page holds, from the revs alone (each source's index, not its rows): the first `limit` rows'
 * revs above the cursor, without splitting the last rev; a rev bigger than a page comes whole. Only the page's
 * rows are then read, not `limit` rows of every entity to keep the first of them (issue 21 item 2).
 */
async function pageWindow(tx: Tx, scope: Scope, after: number, limit: number, salonRev: number) {
  const revs = await revsAbove(tx, scope, after, limit);
  const upTo = (bound: number) => new Set(revs.sources.filter((s) => s.first <= bound).map((s) => s.source));
  // Everything above the cursor fits: the client is now at the salon's rev.
  if (revs.count <= limit) return { after, upTo: null, cursor: salonRev, hasMore: false, sources: upTo(Infinity) };
  const { last: lastRev, next: nextRev } = revs;
  // The revs up to the page's bound are all among the first `limit + 1`, so are the sources they come from.
  if (nextRev > lastRev) return { after, upTo: lastRev, cursor: lastRev, hasMore: true, sources: upTo(lastRev) };
  // The last rev goes on past the page: it waits for the next one, unless it alone fills this page.
  if (revs.first < lastRev) return { after, upTo: lastRev - 1, cursor: lastRev - 1, hasMore: true, sources: upTo(lastRev - 1) };
  // That rev's rows go on past the first `limit + 1`: their sources may not all be among them.
  return { after, upTo: lastRev, cursor: lastRev, hasMore: lastRev < salonRev, sources: new Set(SOURCES.keys()) };
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
  // Nothing above the cursor: the statement that found the viewer read the salon's rev with its access, in one
  // snapshot, and every rev up to it has committed (writes take revs under the salon's lock). No transaction.
  if (values.cursor === viewer.salon.rev)
    return { found: [], cursor: values.cursor, hasMore: false, salonRev: viewer.salon.rev } satisfies PulledPage;
  const { database } = ctx.app;
  const config = database.kind === 'postgres' ? ({ isolationLevel: 'repeatable read', accessMode: 'read only' } as const) : undefined;
  return database.db.transaction(async (tx) => {
    // Access is checked again in the snapshot the rows come from: a pull that began before a sign-out or a
    // removal from the salon, and reads after it, sends nothing (DESIGN.md §7).
    // The salon's rev and settings come with it (the session's salon is the one asked for, checked above).
    const salon = await confirmAccessReadingSalon(tx, viewer);
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
      hideCommissions: master,
    };
    const limit = values.limit;
    const win = await pageWindow(tx, scope, values.cursor, limit, salon.rev);
    const changes = await read(tx, scope, { after: win.after, upTo: win.upTo }, win.sources);
    return { found: changes, cursor: win.cursor, hasMore: win.hasMore, salonRev: salon.rev } satisfies PulledPage;
  }, config);
}

/** A page as `pull` answers it: its changes become `changes` or `tables`, whichever the caller asks for. */
interface PulledPage {
  found: Found[];
  cursor: number;
  hasMore: boolean;
  salonRev: number;
}

interface PulledChange {
  entity: string;
  id: string;
  rev: number;
  deleted: boolean;
  row: unknown;
}

/** A JSON value sent as it is, inside the response's own JSON; never read from a request. */
const outputScalar = (name: string) =>
  new GraphQLScalarType({
    name,
    serialize: (value) => value,
    parseValue: () => {
      throw new TypeError(`${name} is an output type`);
    },
    parseLiteral: () => {
      throw new TypeError(`${name} is an output type`);
    },
  });

/**
 * `Change.row` goes out as the JSON object it is, inside the response's own JSON: the browser parses each page once
 * (decision 060). Until 2026-11-28 each row was JSON text inside the response (`Change.data`), encoded twice on the
 * server and parsed twice in the browser; `data` is still served to a client that asks for it. The app asks for
 * `PullPage.tables` instead (decision 067).
 */
export const pullResolvers = {
  Row: outputScalar('Row'),
  RowValues: outputScalar('RowValues'),
  Change: { data: (change: PulledChange) => (change.row === null ? null : JSON.stringify(change.row)) },
  PullPage: {
    changes: (page: PulledPage): PulledChange[] =>
      page.found.map((c) => ({ entity: c.entity, id: c.id, rev: c.rev, deleted: c.deleted, row: c.deleted ? null : c.data })),
    tables: (page: PulledPage) => pullTables(page.found),
  },
};
