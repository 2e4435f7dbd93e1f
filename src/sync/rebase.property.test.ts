import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebase } from '../db/commands/run';
import type { SalonDb } from '../db/salon-db';
import { clientRow, createClient, deleteClient, SALON, testDb, updateClient, type ClientFields } from '../db/testing/fixtures';
import { CommandRefusal } from '../domain/command-refusal';
import type { ClientRow } from '../domain/entities';
import { pullAll } from './pull';
import { pushAll } from './push';
import { applyClientCommand, clientCommands, mapStore } from './testing/client-model';
import { FakeServer } from './testing/fake-transport';

/**
 * Re-base as a property (DESIGN.md §5.5): random local client commands interleaved with other devices'
 * changes, pulls in small pages, pushes (some refused, some offline) and explicit re-bases. After every step
 * the mirror is the confirmed rows (the server's as of the last pull) with the outbox replayed in seq order
 * by a plain model (testing/client-model.ts); a row no pending command touches is exactly the confirmed one,
 * and `base` holds the confirmed copy of exactly the touched rows. At the end, once everything is sent and
 * pulled, the mirror is the server's. In memory (fake-indexeddb and FakeServer): 50 runs of 4 to 16 steps take
 * about two seconds; REBASE_PROPERTY_RUNS=2000 explores further. A failure prints its seed and shrunk steps.
 */
const RUNS = Number(process.env.REBASE_PROPERTY_RUNS ?? 50);
const PHONES = [null, '+37126000001', '+37126000002'];
const localFields = fc.record<ClientFields>({
  firstName: fc.constantFrom('Anna', 'Bruno', 'Cilda'),
  lastName: fc.constantFrom('', 'Ozola'),
  phone: fc.constantFrom(...PHONES),
  email: fc.constantFrom(null, 'anna@example.test'),
  notes: fc.constantFrom('', 'VIP'),
  gender: fc.constantFrom('FEMALE' as const, 'MALE' as const),
});
/** What another device may set, fields the client form never sends included. */
const serverFields = fc.record({
  firstName: fc.constantFrom('Server', 'Other'),
  notes: fc.constantFrom('', 'Changed elsewhere'),
  phone: fc.constantFrom(...PHONES),
  defaultMasterIds: fc.constantFrom<string[]>([], ['c'.repeat(24)]),
  blockedAt: fc.constantFrom(null, '2026-11-21T10:00:00.000Z'),
});

type Step =
  | { kind: 'create'; fields: ClientFields }
  | { kind: 'update'; pick: number; fields: ClientFields }
  | { kind: 'delete'; pick: number }
  | { kind: 'serverPut'; pick: number | null; fields: Partial<ClientRow> }
  | { kind: 'serverDelete'; pick: number }
  | { kind: 'pull'; pageSize: number }
  | { kind: 'push'; refuseFirst: boolean; offline: boolean }
  | { kind: 'rebase' };

const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('create' as const), fields: localFields }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), fields: localFields }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('serverPut' as const), pick: fc.option(fc.nat()), fields: serverFields }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('serverDelete' as const), pick: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('pull' as const), pageSize: fc.integer({ min: 1, max: 3 }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('push' as const), refuseFirst: fc.boolean(), offline: fc.boolean() }), weight: 2 },
  { arbitrary: fc.constant({ kind: 'rebase' as const }), weight: 1 },
);

const byId = (rows: Iterable<ClientRow>) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
const pickFrom = <T>(list: T[], n: number): T | undefined => list[n % Math.max(1, list.length)];

/** One run: the device `db`, the server, and `confirmed`, the server's clients as of the last completed pull. */
class Run {
  readonly server = new FakeServer(clientCommands);
  confirmed = new Map<string, ClientRow>();
  private ids = 0;
  private constructor(readonly db: SalonDb) {}

  /** A run on `db` emptied (one database for all runs: opening one costs more than a run's steps). */
  static async start(db: SalonDb): Promise<Run> {
    await db.transaction('rw', db.tables, async () => {
      for (const table of db.tables) await table.clear();
    });
    const run = new Run(db);
    for (const firstName of ['Anna', 'Bruno', 'Cilda']) run.server.put('clients', clientRow({ id: run.newId(), firstName }));
    await run.pull(100);
    return run;
  }

  newId(): string {
    this.ids += 1;
    return this.ids.toString(16).padStart(24, '0');
  }

  async pull(pageSize: number) {
    this.server.pageSize = pageSize;
    await pullAll(this.db, this.server, SALON);
    this.confirmed = new Map(this.server.rowsOf('clients').map((r) => [r.id, r]));
  }

  async apply(s: Step): Promise<void> {
    const { db, server } = this;
    const shown = async () => (await db.mirror('clients').toCollection().primaryKeys()).sort();
    const live = server.rowsOf('clients');
    switch (s.kind) {
      case 'create':
        return this.local(() => createClient(db, this.newId(), s.fields));
      case 'update': {
        // With nothing shown, a client that is not there: refused locally.
        const id = pickFrom(await shown(), s.pick) ?? this.newId();
        return this.local(() => updateClient(db, id, s.fields));
      }
      case 'delete': {
        const id = pickFrom(await shown(), s.pick) ?? this.newId();
        return this.local(() => deleteClient(db, id));
      }
      case 'serverPut': {
        const current = s.pick === null ? undefined : pickFrom(live, s.pick);
        server.put('clients', { ...(current ?? clientRow({ id: this.newId() })), ...s.fields });
        return;
      }
      case 'serverDelete': {
        const gone = pickFrom(live, s.pick);
        if (gone) server.remove('clients', gone.id);
        return;
      }
      case 'pull':
        return this.pull(s.pageSize);
      case 'push':
        server.offline = s.offline;
        if (s.refuseFirst) server.refuseNext({ code: 'AlreadyExists', reason: 'PHONE_ALREADY_EXISTS', field: 'phone' });
        await pushAll(db, server, await db.clientId());
        server.offline = false;
        return;
      case 'rebase':
        return db.transaction('rw', db.tables, async () => {
          await rebase(db);
        });
    }
  }

  /** What the property reads, in one transaction. */
  private read() {
    const { db } = this;
    return db.transaction('r', db.outbox, db.base, db.mirror('clients'), async () => ({
      outbox: await db.outbox.orderBy('seq').toArray(),
      base: await db.base.toArray(),
      mirror: await db.mirror('clients').toArray(),
    }));
  }

  /** A local command; refused locally, it must have written nothing. */
  private async local(command: () => Promise<unknown>) {
    const before = await this.read();
    try {
      await command();
    } catch (error) {
      if (!(error instanceof CommandRefusal)) throw error;
      expect(await this.read(), 'a local refusal writes nothing').toEqual(before);
    }
  }

  /** The property, after every step. */
  async check(label: string): Promise<void> {
    const { outbox, base, mirror } = await this.read();
    const expected = new Map(this.confirmed);
    for (const entry of outbox) applyClientCommand(mapStore(expected), entry);
    expect(byId(mirror), `${label}: mirror = confirmed rows + outbox replayed`).toEqual(byId(expected.values()));

    const touched = new Set(outbox.flatMap((e) => e.touched));
    const shown = new Map(mirror.map((r) => [r.id, r]));
    for (const id of new Set([...shown.keys(), ...this.confirmed.keys()])) {
      if (!touched.has(`clients:${id}`)) expect(shown.get(id), `${label}: untouched ${id} is the server's`).toEqual(this.confirmed.get(id));
    }
    expect(base.map((b) => b.key).sort(), `${label}: base = touched rows`).toEqual([...touched].sort());
    for (const b of base) expect(b.row, `${label}: base of ${b.id} is the server's`).toEqual(this.confirmed.get(b.id) ?? null);
  }

  /** Back online, one push and one pull leave nothing pending: the mirror is then the server's, base empty. */
  async settle(): Promise<void> {
    expect(await pushAll(this.db, this.server, await this.db.clientId())).toBe('done');
    await this.pull(100);
    expect(await this.db.outbox.count(), 'settled: outbox').toBe(0);
    expect(await this.db.base.count(), 'settled: base').toBe(0);
    expect(byId(await this.db.mirror('clients').toArray()), 'settled: mirror').toEqual(this.server.rowsOf('clients'));
    expect(await this.db.conflicts.count(), 'settled: one conflict per refusal').toBe(
      this.server.sends.filter((s) => s.answer === 'refused').length,
    );
  }
}

describe('rebase (property)', () => {
  let db: SalonDb;
  beforeAll(() => {
    db = testDb();
  });
  afterAll(() => db.delete());

  it(
    'the mirror is always the confirmed rows with the pending commands replayed in order',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 16, size: 'max' }), async (steps) => {
          const run = await Run.start(db);
          for (const [i, s] of steps.entries()) {
            await run.apply(s);
            await run.check(`step ${i} ${s.kind}`);
          }
          await run.settle();
        }),
        { numRuns: RUNS },
      );
    },
    Math.max(30_000, RUNS * 300),
  );
});
