import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { client as clientCommands, runCommand } from '../../src/db/commands';
import { newId } from '../../src/domain/ids';
import type { Transport } from '../../src/sync/transport';
import { at, salonWithOwner, type SalonFixture } from '../factories/salon';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';
import {
  appointmentsWithId,
  book,
  expectEqualToServer,
  expectSettled,
  ownerContext,
  salonRev,
  serverAppointments,
  serverLedger,
} from './support/engine-client';
import { useFaultSuite } from './support/fault-suite';
import { restartableServer, type ServerInstance } from './support/restartable-server';

/**
 * The fault scenarios of DESIGN.md §9 "sync" with two tabs or a restarting server, each against the real
 * engine (fake-indexeddb) and the real
 * server: every scenario ends with each client's mirror equal to the server and every command applied
 * exactly once (or refused once, as a conflict).
 */
describe.each(backends(import.meta.url))('sync faults: racing tabs and restarts on %s', (backend) => {
  const t = useTestServer(backend, ROOMY_LIMITS);
  let f: SalonFixture;
  const { client, closeAll, configure, useSalon, ledgerOf, okSeqs, master } = useFaultSuite(t, (fixture) => (f = fixture));

  it('two leaders racing (two tabs, one database, no Web Locks): each command applied exactly once', async () => {
    const tab1 = client();
    await tab1.sync();
    const tab2 = client(undefined, { dbName: tab1.name });
    const revBefore = await salonRev(t, f.salonId);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await book(i % 2 ? tab2.db : tab1.db, f, at(6, `${String(9 + i).padStart(2, '0')}:00`)));
    const clientId = newId();
    await runCommand(
      tab2.db,
      clientCommands.createClient,
      { ctx: ownerContext(f), input: { id: clientId, salon: f.salonId, firstName: 'Race', gender: 'FEMALE' } },
      { salonId: f.salonId },
    );
    expect(await tab1.db.outbox.count()).toBe(7);

    for (let round = 0; round < 2; round++) {
      tab1.engine.kick();
      tab2.engine.kick();
      await Promise.all([tab1.engine.idle(), tab2.engine.idle()]);
    }

    for (const id of ids) expect(await appointmentsWithId(t, id)).toHaveLength(1);
    expect(await salonRev(t, f.salonId)).toBe(revBefore + 7);
    const ledger = await ledgerOf(tab1.db);
    expect(ledger.lastSeq).toBe(7);
    expect(okSeqs(ledger)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await tab1.db.conflicts.count()).toBe(0);
    await expectSettled(tab1.db);
    await expectEqualToServer(t, f, tab1.db);
    await expectEqualToServer(t, f, tab2.db);
  });

  /** Two tabs deliver the same refused command at the same moment (held together by a rendezvous at seq 2). */
  async function twoLeadersOverARefusal() {
    const other = client();
    await other.sync();
    const tab1 = client(rendezvousAt(2));
    await tab1.sync();
    const tab2 = client(rendezvousAt(2), { dbName: tab1.name });
    await book(other.db, f, at(6, '15:00'), { master: master(2) });
    await other.sync();

    const before = await book(tab1.db, f, at(6, '13:00'), { master: master(2) });
    const refused = await book(tab2.db, f, at(6, '15:30'), { master: master(2), form: { startTime: '15:30' } });
    const after = await book(tab1.db, f, at(6, '17:00'), { master: master(2) });
    tab1.engine.kick();
    tab2.engine.kick();
    await Promise.all([tab1.engine.idle(), tab2.engine.idle()]);
    tab1.engine.kick();
    await tab1.engine.idle();
    return { tab1, tab2, before, refused, after };
  }

  it('two leaders racing over a refused command: refused once on the server, its effect gone, mirror equal to the server', async () => {
    const { tab1, tab2, before, refused, after } = await twoLeadersOverARefusal();
    expect(await appointmentsWithId(t, before)).toHaveLength(1);
    expect(await appointmentsWithId(t, refused)).toHaveLength(0);
    expect(await appointmentsWithId(t, after)).toHaveLength(1);
    expect((await ledgerOf(tab1.db)).results.map((r) => [r.seq, r.result.ok])).toEqual([
      [1, true],
      [2, false],
      [3, true],
    ]);
    const conflicts = await tab1.db.conflicts.toArray();
    expect(conflicts.length).toBeGreaterThan(0);
    for (const c of conflicts)
      expect(c).toMatchObject({ seq: 2, form: { values: { startTime: '15:30' } }, error: { reason: 'TIME_OVERLAPS_WITH_OTHER_RECORD' } });
    await expectSettled(tab1.db);
    await expectEqualToServer(t, f, tab1.db);
    await expectEqualToServer(t, f, tab2.db);
  });

  // Regression: both leaders get the (stored) refusal of seq 2; the conflicts list must show it once.
  it('two leaders racing over a refused command: exactly one conflict is kept for it', async () => {
    const { tab1 } = await twoLeadersOverARefusal();
    expect((await tab1.db.conflicts.toArray()).map((c) => c.seq)).toEqual([2]);
  });

  it('a server restart mid-queue: the commands confirmed before it stay once, the rest apply once on the new instance', async () => {
    const store = await restartableServer(backend, ROOMY_LIMITS);
    let first: ServerInstance | null = await store.start();
    let second: ServerInstance | null = null;
    try {
      const s1 = first;
      useSalon(await salonWithOwner(s1));
      configure(s1.url);
      let confirmed = 0;
      const a = client(
        (real) => ({
          ...real,
          async send(clientId, entry) {
            // The server goes down after two confirmed commands, just before the third reaches it.
            if (confirmed === 2 && first) {
              await first.stop();
              first = null;
            }
            const result = await real.send(clientId, entry);
            if (result.kind === 'ok') confirmed += 1;
            return result;
          },
        }),
        { url: s1.url },
      );
      await a.sync();
      const ids: string[] = [];
      for (const time of ['09:00', '10:00', '11:00', '12:00', '13:00']) ids.push(await book(a.db, f, at(2, time)));
      await a.sync();
      expect(first).toBeNull();
      expect(confirmed).toBe(2);
      expect((await a.db.outbox.toArray()).map((e) => [e.seq, e.ackedAt !== null])).toEqual([
        [1, true],
        [2, true],
        [3, false],
        [4, false],
        [5, false],
      ]);
      const clientId = await a.db.clientId();
      await a.close();

      second = await store.start();
      const s2 = second;
      configure(s2.url);
      expect((await serverAppointments(s2, f.salonId)).map((r) => r.id).sort()).toEqual(ids.slice(0, 2).sort());
      const b = client(undefined, { dbName: a.name, url: s2.url });
      await b.sync();
      expect(await b.db.clientId()).toBe(clientId);
      expect((await serverAppointments(s2, f.salonId)).map((r) => r.id).sort()).toEqual([...ids].sort());
      const ledger = await serverLedger(s2, clientId);
      expect(ledger.lastSeq).toBe(5);
      expect(okSeqs(ledger)).toEqual([1, 2, 3, 4, 5]);
      await expectSettled(b.db);
      await expectEqualToServer(s2, f, b.db);
      await closeAll();
    } finally {
      await closeAll();
      await (first as ServerInstance | null)?.stop();
      await second?.stop();
      await store.dispose();
    }
  });
});

/**
 * Holds the send of `seq` until both tabs have reached it, so the two leaders deliver the same command at
 * the same moment (the race of DESIGN.md §9, made deterministic).
 */
const waiting = new Map<number, Array<() => void>>();
function rendezvousAt(seq: number) {
  return (real: Transport): Transport => ({
    ...real,
    async send(clientId, entry) {
      if (entry.seq === seq) {
        const list = waiting.get(seq) ?? [];
        waiting.set(seq, list);
        await new Promise<void>((resolve) => {
          list.push(resolve);
          if (list.length >= 2) {
            waiting.delete(seq);
            list.forEach((r) => r());
          }
          // Never hang the suite if the other tab does not come.
          setTimeout(resolve, 3000);
        });
      }
      return real.send(clientId, entry);
    },
  });
}
