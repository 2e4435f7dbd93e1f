import type { SalonDb } from '../../../src/db/salon-db';
import type { InvoiceItemRow } from '../../../src/domain/entities';
import type { SyncEngine } from '../../../src/sync/engine';
import type { SalonFixture } from '../../factories/salon';
import { salonRev, serverLedger } from '../support/engine-client';
import { mirrorDiffs } from '../support/mirror-diff';
import type { ServerInstance } from '../support/restartable-server';
import { serverName } from './commands';
import { serverState, type ServerState } from './server-state';
import { emptyTally, type Tally } from './tally';

/** A command a device queued: its local name and input. */
export interface Queued {
  name: string;
  input: Record<string, unknown>;
}

export interface Device {
  index: number;
  clientId: string;
  db: SalonDb;
  engine: SyncEngine;
  queued: Map<number, Queued>;
}

type Item = { type?: string; entity: string; quantity: number; paymentType?: string };

/** Ids a confirmed command created, by server table. */
function created(
  q: Queued,
): Array<[keyof Pick<ServerState, 'appointments' | 'clients' | 'invoices'> | 'memberships' | 'products', string]> {
  const input = q.input as { id?: string; appointments?: Array<{ id: string }> };
  if (q.name === 'appointment.create') return (input.appointments ?? []).map((l) => ['appointments', l.id]);
  if (q.name === 'client.create') return [['clients', input.id as string]];
  if (q.name === 'invoice.create' || q.name === 'sale.create') return [['invoices', input.id as string]];
  if (q.name === 'membership.add') return [['memberships', input.id as string]];
  if (q.name === 'product.add') return [['products', input.id as string]];
  return [];
}

/** Units a confirmed command put into stock, by product: a new product's count, an edit's adjustment (decision 081). */
function stocked(q: Queued): [string, number] | null {
  const input = q.input as { id?: string; productId?: string; quantity?: number; quantityWas?: number | null };
  if (q.name === 'product.add') return [input.id as string, input.quantity ?? 0];
  if (q.name === 'product.update' && typeof input.quantityWas === 'number')
    return [input.productId as string, (input.quantity ?? 0) - input.quantityWas];
  return null;
}

/** Units a confirmed command took out of stock (a sale, or paying an invoice with product lines). */
function sold(q: Queued): Item[] {
  const input = q.input as { items?: Item[]; paid?: boolean };
  if (q.name === 'sale.create') return input.items ?? [];
  if (q.name === 'invoice.update' && input.paid) return (input.items ?? []).filter((i) => i.type === 'PRODUCT');
  return [];
}

/** The membership a confirmed payment used once. */
function usedMembership(q: Queued): string | null {
  const input = q.input as { items?: Item[]; paid?: boolean; membership?: string | null };
  return q.name === 'invoice.update' && input.paid && input.items?.some((i) => i.paymentType === 'MEMBERSHIP')
    ? (input.membership ?? null)
    : null;
}

export interface Before {
  rev: number;
  state: ServerState;
}

export const before = async (live: ServerInstance, salonId: string): Promise<Before> => ({
  rev: await salonRev(live, salonId),
  state: await serverState(live, salonId),
});

/**
 * The end-of-seed checks, counted (never thrown) so a long run reports every seed: see Tally for the targets.
 * Every device has settled; `mismatches` are repeated deliveries that got another answer than the first.
 */
export async function check(
  live: ServerInstance,
  f: SalonFixture,
  devices: Device[],
  was: Before,
  mismatches: string[],
): Promise<{ tally: Tally; problems: string[] }> {
  const tally = emptyTally();
  const problems: string[] = [];
  const flag = (key: keyof Tally, n: number, what: string) => {
    if (n <= 0) return;
    tally[key] += n;
    problems.push(`${key} +${n}: ${what}`);
  };
  const confirmed: Queued[] = [];

  for (const d of devices) {
    const label = `device ${d.index}`;
    const unequal = [
      (await d.db.clientId()) !== d.clientId ? 'clientId changed' : '',
      d.engine.state.needsReset ? 'needs a reset' : '',
      (await d.db.outbox.count()) ? 'outbox not empty' : '',
      (await d.db.base.count()) ? 'base not empty' : '',
      ...(await mirrorDiffs(live, f.owner.token, f.salonId, d.db)).map((e) => `${e} differ`),
    ].filter(Boolean);
    flag('unequalClients', unequal.length ? 1 : 0, `${label}: ${unequal.join(', ')}`);

    const ledger = await serverLedger(live, d.clientId);
    const results = new Map(ledger.results.map((r) => [r.seq, r]));
    const conflicts = await d.db.conflicts.toArray();
    tally.queued += d.queued.size;
    for (const [seq, q] of d.queued) {
      const r = results.get(seq);
      if (!r) {
        flag('lost', 1, `${label} seq ${seq} ${q.name}: no result on the server`);
        continue;
      }
      if (r.name !== serverName(q.name)) flag('appliedTwice', 1, `${label} seq ${seq}: queued ${q.name}, server ran ${r.name}`);
      const mine = conflicts.filter((c) => c.seq === seq);
      if (r.result.ok) {
        tally.applied += 1;
        confirmed.push(q);
        flag('lost', mine.length, `${label} seq ${seq} ${q.name}: confirmed yet shown as a conflict`);
      } else {
        tally.refused += 1;
        const reason = r.result.error.extensions.reason;
        if (reason === 'NEGATIVE_PRODUCT_QUANTITY') tally.lastUnitRefusals += 1;
        if (reason === 'NEGATIVE_QUANTITY_OF_MEMBERSHIP_USES') tally.lastUseRefusals += 1;
        if (mine.length !== 1 || mine[0]?.name !== q.name || mine[0]?.error.reason !== reason) {
          flag('lost', 1, `${label} seq ${seq} ${q.name}: refused (${String(reason)}) with ${mine.length} conflicts`);
        }
      }
    }
    flag('appliedTwice', ledger.results.filter((r) => !d.queued.has(r.seq)).length, `${label}: results for seqs never queued`);
    flag('appliedTwice', ledger.lastSeq > d.queued.size ? 1 : 0, `${label}: server's last seq ${ledger.lastSeq} > ${d.queued.size} queued`);
  }
  flag('appliedTwice', mismatches.length, `a repeated delivery got another answer: ${mismatches.slice(0, 3).join('; ')}`);

  // Each confirmed command bumps the salon's counter once; a refused one rolls back.
  const revDelta = (await salonRev(live, f.salonId)) - was.rev;
  flag('appliedTwice', Math.abs(revDelta - tally.applied), `salon rev moved ${revDelta} for ${tally.applied} confirmed commands`);

  const now = await serverState(live, f.salonId);
  const expected = {
    appointments: new Set(was.state.appointments),
    clients: new Set(was.state.clients),
    invoices: new Set(was.state.invoices),
    memberships: new Set(was.state.memberships.map((m) => m.id)),
    products: new Set(was.state.products.map((p) => p.id)),
  };
  const soldUnits = new Map<string, number>();
  const uses = new Map<string, number>();
  for (const q of confirmed) {
    for (const [table, id] of created(q)) expected[table].add(id);
    for (const i of sold(q)) soldUnits.set(i.entity, (soldUnits.get(i.entity) ?? 0) + i.quantity);
    const m = usedMembership(q);
    if (m) uses.set(m, (uses.get(m) ?? 0) + 1);
    const put = stocked(q);
    if (put) soldUnits.set(put[0], (soldUnits.get(put[0]) ?? 0) - put[1]);
  }
  // The owner's corrections, read from their trace: a removed paid invoice gave its products and its use back,
  // an edit of a paid invoice's line to or from MEMBERSHIP spent or gave back one use (decision 039).
  const seenChanges = new Set(was.state.changes.map((c) => c.id));
  for (const c of now.changes.filter((x) => !seenChanges.has(x.id))) {
    const before = c.before as { paid?: boolean; membershipId?: string | null; paymentType?: string; items?: InvoiceItemRow[] };
    const after = c.after as { paymentType?: string } | null;
    if (!before.paid) continue;
    if (c.action === 'DELETE') {
      for (const i of (before.items ?? []).filter((x) => x.type === 'PRODUCT' && x.quantity > 0))
        soldUnits.set(i.entityId, (soldUnits.get(i.entityId) ?? 0) - i.quantity);
      const m = before.membershipId;
      if (m && before.items?.some((i) => i.paymentType === 'MEMBERSHIP')) uses.set(m, (uses.get(m) ?? 0) - 1);
    } else if (before.membershipId && (before.paymentType === 'MEMBERSHIP') !== (after?.paymentType === 'MEMBERSHIP')) {
      uses.set(before.membershipId, (uses.get(before.membershipId) ?? 0) + (after?.paymentType === 'MEMBERSHIP' ? 1 : -1));
    }
  }
  const actual = {
    appointments: now.appointments,
    clients: now.clients,
    invoices: now.invoices,
    memberships: new Set(now.memberships.map((m) => m.id)),
    products: new Set(now.products.map((p) => p.id)),
  };
  for (const table of ['appointments', 'clients', 'invoices', 'memberships', 'products'] as const) {
    flag(
      'appliedTwice',
      [...actual[table]].filter((id) => !expected[table].has(id)).length,
      `${table} on the server no confirmed command created`,
    );
    flag('lost', [...expected[table]].filter((id) => !actual[table].has(id)).length, `${table} confirmed created, missing on the server`);
  }

  const stockBefore = new Map(was.state.products.map((p) => [p.id, p.quantity]));
  for (const p of now.products) {
    const want = (stockBefore.get(p.id) ?? 0) - (soldUnits.get(p.id) ?? 0);
    flag('stockOverspent', p.quantity < 0 || p.quantity !== want ? 1 : 0, `product ${p.id}: stock ${p.quantity}, expected ${want}`);
  }
  const usesBefore = new Map(was.state.memberships.map((m) => [m.id, m.totalUses]));
  for (const m of now.memberships) {
    const want = (usesBefore.get(m.id) ?? 0) + (uses.get(m.id) ?? 0);
    flag(
      'membershipOverspent',
      m.totalUses > m.quantity || m.totalUses !== want ? 1 : 0,
      `membership ${m.id}: ${m.totalUses} of ${m.quantity} uses, expected ${want}`,
    );
  }
  return { tally, problems };
}
