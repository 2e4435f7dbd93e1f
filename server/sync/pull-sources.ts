import { and, asc, eq, gt, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { EntityName } from '../../src/domain/entities';
import type { Tx } from '../db/client';
import * as t from '../db/schema';
import { jsonRows } from './json-rows';
import * as rows from './rows';

/** Rows with rev in (after, upTo] (upTo null: no bound), all of them: a page never splits a rev. */
export interface RevWindow {
  after: number;
  upTo: number | null;
}
export interface Scope {
  salonId: string;
  /** A master of a salon that hides client phones (DESIGN.md §5.7). */
  hidePhone: boolean;
  /** A master: no client default masters (part 1 §6, DESIGN.md §5.7). */
  hideDefaultMasters: boolean;
  /** A master: products without their supplier price (Inventory is not a master's screen, part 2 §2, §6). */
  hideSupplierPrice: boolean;
  /** A master: masters without their commissions (issue 59 item 4). */
  hideCommissions: boolean;
}
export interface Found {
  entity: EntityName;
  id: string;
  rev: number;
  deleted: boolean;
  data: unknown;
}
interface Source {
  entity: EntityName;
  /**
   * The revs of the rows `read` would return above `after`, at most `limit`, in order, without the rows: a query
   * over the source's (salon_id, rev) index that pull.ts puts with the others' in one statement (issue 21 item 2).
   */
  revs(scope: Scope, after: number, limit: number): SQL;
  /** The rows in the window, in no particular order: pull.ts sorts the page by rev. */
  read(tx: Tx, scope: Scope, win: RevWindow): Promise<Found[]>;
}

const inWindow = (rev: AnyPgColumn, win: RevWindow): SQL | undefined =>
  and(gt(rev, win.after), win.upTo === null ? undefined : lte(rev, win.upTo));

const found = (entity: EntityName, row: { id: string; rev: number; deletedAt: Date | null }, data: () => unknown): Found =>
  row.deletedAt
    ? { entity, id: row.id, rev: row.rev, deleted: true, data: null }
    : { entity, id: row.id, rev: row.rev, deleted: false, data: data() };

type Synced = PgTable & { id: AnyPgColumn; salonId: AnyPgColumn; rev: AnyPgColumn; deletedAt: AnyPgColumn };

/** The revs of a salon's rows of `table` above `after`, in order. */
const revsOf =
  (table: Synced): Source['revs'] =>
  (scope, after, limit) =>
    sql`select ${table.rev} as rev from ${table} where ${table.salonId} = ${scope.salonId} and ${table.rev} > ${after} order by ${table.rev} limit ${limit}`;

/** A table whose rows map one to one onto an entity. */
function simple<T extends Synced>(entity: EntityName, table: T, map: (row: T['$inferSelect'], scope: Scope) => unknown): Source {
  return {
    entity,
    revs: revsOf(table),
    async read(tx, scope, win) {
      const list = await jsonRows(tx, table, and(eq(table.salonId, scope.salonId), inWindow(table.rev, win)));
      return list.map((row) => found(entity, row as never, () => map(row, scope)));
    },
  };
}

/** Every entity of src/domain/entities.ts, in ENTITY_NAMES order. */
export const SOURCES: Source[] = [
  {
    entity: 'salons',
    revs: (scope, after) =>
      sql`select ${t.salons.rowRev} as rev from ${t.salons} where ${t.salons.id} = ${scope.salonId} and ${t.salons.rowRev} > ${after}`,
    async read(tx, scope, win) {
      const list = await tx
        .select()
        .from(t.salons)
        .where(and(eq(t.salons.id, scope.salonId), inWindow(t.salons.rowRev, win)));
      return list.map((s) => found('salons', { id: s.id, rev: s.rowRev, deletedAt: s.deletedAt }, () => rows.salonRow(s)));
    },
  },
  simple('masters', t.masters, rows.masterRow),
  {
    entity: 'administrators',
    revs: revsOf(t.administrators),
    async read(tx, scope, win) {
      const list = await tx
        .select({
          a: t.administrators,
          u: { firstName: t.users.firstName, lastName: t.users.lastName, phone: t.users.phone, email: t.users.email },
        })
        .from(t.administrators)
        .innerJoin(t.users, eq(t.users.id, t.administrators.userId))
        .where(and(eq(t.administrators.salonId, scope.salonId), inWindow(t.administrators.rev, win)))
        .orderBy(asc(t.administrators.rev), asc(t.administrators.id));
      return list.map(({ a, u }) => found('administrators', a, () => rows.administratorRow(a, u)));
    },
  },
  simple('cabinets', t.cabinets, rows.cabinetRow),
  simple('serviceGroups', t.serviceGroups, rows.serviceGroupRow),
  simple('services', t.services, rows.serviceRow),
  simple('workingTimes', t.workingTimes, rows.workingTimeRow),
  {
    entity: 'clients',
    revs: revsOf(t.clients),
    async read(tx, scope, win) {
      const list = await jsonRows(tx, t.clients, and(eq(t.clients.salonId, scope.salonId), inWindow(t.clients.rev, win)));
      // Who blocked them, for the few that are blocked.
      const blockerIds = [...new Set(list.flatMap((c) => (c.blockedBy ? [c.blockedBy] : [])))];
      const blockers = blockerIds.length
        ? await tx
            .select({ id: t.users.id, firstName: t.users.firstName, lastName: t.users.lastName })
            .from(t.users)
            .where(inArray(t.users.id, blockerIds))
        : [];
      const byId = new Map(blockers.map((b) => [b.id, b]));
      return list.map((c) => found('clients', c, () => rows.clientRow(c, (c.blockedBy && byId.get(c.blockedBy)) || null, scope)));
    },
  },
  simple('appointments', t.appointments, rows.appointmentRow),
  {
    entity: 'invoices',
    revs: revsOf(t.invoices),
    async read(tx, scope, win) {
      const list = await jsonRows(tx, t.invoices, and(eq(t.invoices.salonId, scope.salonId), inWindow(t.invoices.rev, win)));
      const live = list.filter((i) => !i.deletedAt).map((i) => i.id);
      const items = live.length
        ? await jsonRows(
            tx,
            t.invoiceItems,
            and(eq(t.invoiceItems.salonId, scope.salonId), inArray(t.invoiceItems.invoiceId, live), isNull(t.invoiceItems.deletedAt)),
            ['id'],
          )
        : [];
      const byInvoice = new Map<string, (typeof items)[number][]>();
      for (const item of items) {
        const ofInvoice = byInvoice.get(item.invoiceId);
        if (ofInvoice) ofInvoice.push(item);
        else byInvoice.set(item.invoiceId, [item]);
      }
      return list.map((i) => found('invoices', i, () => rows.invoiceRow(i, byInvoice.get(i.id) ?? [])));
    },
  },
  simple('memberships', t.memberships, rows.membershipRow),
  simple('manufacturers', t.manufacturers, rows.manufacturerRow),
  simple('products', t.products, rows.productRow),
  simple('cashUps', t.cashUps, rows.cashUpRow),
];
