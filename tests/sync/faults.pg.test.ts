import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../src/api/config';
import { appointment, runCommand } from '../../src/db/commands';
import type { OutboxEntry } from '../../src/db/salon-db';
import { newId } from '../../src/domain/ids';
import { pullAll as enginePull } from '../../src/sync/pull';
import type { SendResult, Transport } from '../../src/sync/transport';
import { at, type SalonFixture } from '../factories/salon';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';
import {
  appointmentsWithId,
  book,
  expectEqualToServer,
  expectSettled,
  ownerContext,
  realTransport,
  salonRev,
  serverAppointments,
  serverLedger,
  transient,
} from './support/engine-client';
import { useFaultSuite } from './support/fault-suite';

/**
 * The fault scenarios of DESIGN.md §9 "sync", each against the real engine (fake-indexeddb) and the real
 * server: every scenario ends with each client's mirror equal to the server and every command applied
 * exactly once (or refused once, as a conflict).
 */
describe.each(backends(import.meta.url))('sync faults on %s', (backend) => {
  const t = useTestServer(backend, ROOMY_LIMITS);
  let f: SalonFixture;
  const { client, ledgerOf, okSeqs, master } = useFaultSuite(t, (fixture) => (f = fixture));

  it('kill after the local write: the reopened database still holds the command, which is applied once', async () => {
    const a = client();
    await a.sync();
    const id = await book(a.db, f, at(2, '10:00'));
    // The tab dies right after the command's transaction: nothing was sent.
    await a.close();
    expect(await appointmentsWithId(t, id)).toHaveLength(0);

    const reopened = client(undefined, { dbName: a.name });
    expect(await reopened.db.outbox.toArray()).toMatchObject([{ seq: 1, name: 'appointment.create', ackedAt: null }]);
    expect(await reopened.db.mirror('appointments').get(id)).toBeDefined();
    await reopened.sync();

    expect(await appointmentsWithId(t, id)).toHaveLength(1);
    expect(await ledgerOf(reopened.db)).toMatchObject({ lastSeq: 1, results: [{ seq: 1, result: { ok: true } }] });
    await expectSettled(reopened.db);
    await expectEqualToServer(t, f, reopened.db);
  });

  it('kill mid-push: committed on the server, the response lost; the retry is answered from the record, applied once', async () => {
    let loseNext = false;
    const a = client((real) => ({
      ...real,
      async send(clientId, entry) {
        const result = await real.send(clientId, entry);
        if (!loseNext) return result;
        loseNext = false;
        return transient('connection reset after the commit');
      },
    }));
    await a.sync();
    const revBefore = await salonRev(t, f.salonId);
    loseNext = true;
    const id = await book(a.db, f, at(2, '12:00'));
    await a.sync();
    expect(await appointmentsWithId(t, id)).toHaveLength(1);
    expect(await a.db.outbox.toArray()).toMatchObject([{ seq: 1, ackedAt: null }]);
    expect(a.engine.state.online).toBe(false);
    await a.sync();
    expect(await appointmentsWithId(t, id)).toHaveLength(1);
    expect(await salonRev(t, f.salonId)).toBe(revBefore + 1);
    await expectSettled(a.db);
    await expectEqualToServer(t, f, a.db);
  });

  it('kill mid-push, then the app restarts: the reopened engine resends the seq and gets the first answer', async () => {
    const a = client((real) => ({
      ...real,
      async send(clientId, entry) {
        await real.send(clientId, entry);
        return transient('killed before the answer arrived');
      },
    }));
    await a.sync();
    const first = await book(a.db, f, at(2, '14:00'));
    const second = await book(a.db, f, at(2, '16:00'));
    await a.sync();
    await a.close();
    expect(await appointmentsWithId(t, first)).toHaveLength(1);
    expect(await appointmentsWithId(t, second)).toHaveLength(0);

    const reopened = client(undefined, { dbName: a.name });
    expect(await reopened.db.outbox.count()).toBe(2);
    await reopened.sync();
    expect(await appointmentsWithId(t, first)).toHaveLength(1);
    expect(await appointmentsWithId(t, second)).toHaveLength(1);
    expect(okSeqs(await ledgerOf(reopened.db))).toEqual([1, 2]);
    await expectSettled(reopened.db);
    await expectEqualToServer(t, f, reopened.db);
  });

  it.each([
    { mode: 'one after the other, the first answer used', twice: 'sequential', use: 0 },
    { mode: 'one after the other, the second answer used', twice: 'sequential', use: 1 },
    { mode: 'both at once', twice: 'concurrent', use: 1 },
  ] as const)('duplicate delivery ($mode): every command applied once, both deliveries get the same answer', async ({ twice, use }) => {
    const answers: Array<[SendResult, SendResult]> = [];
    const a = client((real) => ({
      ...real,
      async send(clientId, entry) {
        const pair: [SendResult, SendResult] =
          twice === 'concurrent'
            ? await Promise.all([real.send(clientId, entry), real.send(clientId, entry)])
            : [await real.send(clientId, entry), await real.send(clientId, entry)];
        answers.push(pair);
        return pair[use];
      },
    }));
    const other = client();
    await a.sync();
    await other.sync();
    // Another device takes 11:00 for master 1; `a` does not know yet.
    const taken = await book(other.db, f, at(3, '11:00'), { master: master(1) });
    await other.sync();
    const revBefore = await salonRev(t, f.salonId);

    const x = await book(a.db, f, at(3, '09:00'));
    await runCommand(
      a.db,
      appointment.updateAppointment,
      {
        ctx: ownerContext(f),
        input: {
          appointmentId: x,
          master: master(0),
          cabinet: null,
          client: null,
          service: f.serviceIds[1] as string,
          duration: 60,
          startAt: at(3, '10:00'),
          notes: 'moved once',
        },
      },
      { salonId: f.salonId },
    );
    const refused = await book(a.db, f, at(3, '11:30'), { master: master(1), form: { startTime: '11:30' } });
    const y = await book(a.db, f, at(3, '13:00'));
    await a.sync();

    expect(answers.map(([p, q]) => [p.kind, q.kind])).toEqual([
      ['ok', 'ok'],
      ['ok', 'ok'],
      ['refused', 'refused'],
      ['ok', 'ok'],
    ]);
    expect(answers[2]?.[0]).toEqual(answers[2]?.[1]);
    // Three writes applied once each: the salon's counter moved by three.
    expect(await salonRev(t, f.salonId)).toBe(revBefore + 3);
    expect(await appointmentsWithId(t, x)).toMatchObject([{ notes: 'moved once' }]);
    expect(await appointmentsWithId(t, y)).toHaveLength(1);
    expect(await appointmentsWithId(t, refused)).toHaveLength(0);
    expect((await serverAppointments(t, f.salonId)).map((r) => r.id).sort()).toEqual([taken, x, y].sort());
    expect(await a.db.conflicts.toArray()).toMatchObject([
      { seq: 3, form: { values: { startTime: '11:30' } }, error: { reason: 'TIME_OVERLAPS_WITH_OTHER_RECORD' } },
    ]);
    expect(await ledgerOf(a.db)).toMatchObject({ lastSeq: 4 });
    await expectSettled(a.db);
    await expectEqualToServer(t, f, a.db);
    await other.sync();
    await expectEqualToServer(t, f, other.db);
  });

  it('out-of-order seq: seq 2 before seq 1 is refused as a gap and changes nothing; in order both apply', async () => {
    const transport = realTransport(t.url);
    const clientId = newId();
    const entry = (seq: number, id: string, startAt: string): OutboxEntry => ({
      seq,
      name: 'appointment.create',
      args: {
        ctx: ownerContext(f),
        input: {
          salon: f.salonId,
          appointments: [
            { id, master: master(0), cabinet: null, client: null, service: f.serviceIds[0] as string, duration: 30, startAt, notes: '' },
          ],
        },
      },
      touched: [`appointments:${id}`],
      form: null,
      salonId: f.salonId,
      createdAt: new Date().toISOString(),
      ackedAt: null,
    });
    const one = entry(1, newId(), at(2, '09:00'));
    const two = entry(2, newId(), at(2, '10:00'));
    const three = entry(3, newId(), at(2, '11:00'));
    try {
      const revBefore = await salonRev(t, f.salonId);
      expect(await transport.send(clientId, two)).toEqual({ kind: 'gap', expectedSeq: 1 });
      expect(await serverAppointments(t, f.salonId)).toEqual([]);
      expect(await serverLedger(t, clientId)).toEqual({ lastSeq: 0, results: [] });
      expect(await salonRev(t, f.salonId)).toBe(revBefore);

      expect(await transport.send(clientId, one)).toEqual({ kind: 'ok' });
      expect(await transport.send(clientId, three)).toEqual({ kind: 'gap', expectedSeq: 2 });
      expect(await transport.send(clientId, two)).toEqual({ kind: 'ok' });
      // A late repeat of seq 1 is answered from the record.
      expect(await transport.send(clientId, one)).toEqual({ kind: 'ok' });
      expect(await transport.send(clientId, three)).toEqual({ kind: 'ok' });

      expect((await serverAppointments(t, f.salonId)).map((r) => r.id).sort()).toEqual(
        [one, two, three].map((e) => (e.touched[0] as string).slice('appointments:'.length)).sort(),
      );
      expect(await salonRev(t, f.salonId)).toBe(revBefore + 3);
      const ledger = await serverLedger(t, clientId);
      expect(ledger.lastSeq).toBe(3);
      expect(okSeqs(ledger)).toEqual([1, 2, 3]);

      // The same through batches: a batch starting past the next seq is one gap; a repeated one, its first answers.
      const batchClient = newId();
      const four = entry(2, newId(), at(2, '12:00'));
      const five = entry(3, newId(), at(2, '13:00'));
      const six = entry(1, newId(), at(2, '14:00'));
      expect(await transport.sendBatch(batchClient, [four, five])).toEqual([{ kind: 'gap', expectedSeq: 1 }]);
      expect(await serverLedger(t, batchClient)).toEqual({ lastSeq: 0, results: [] });
      expect(await transport.sendBatch(batchClient, [six, four, five])).toEqual([{ kind: 'ok' }, { kind: 'ok' }, { kind: 'ok' }]);
      expect(await transport.sendBatch(batchClient, [six, four, five])).toEqual([{ kind: 'ok' }, { kind: 'ok' }, { kind: 'ok' }]);
      expect(okSeqs(await serverLedger(t, batchClient))).toEqual([1, 2, 3]);
      expect(await salonRev(t, f.salonId)).toBe(revBefore + 6);
    } finally {
      transport.close();
    }
  });

  it('a refused command in the middle of a batch: first and third apply, the middle becomes a conflict and its effect disappears', async () => {
    const a = client();
    const b = client();
    await a.sync();
    await b.sync();
    const bs = await book(b.db, f, at(3, '14:00'));
    await b.sync();

    const first = await book(a.db, f, at(3, '10:00'));
    const middle = await book(a.db, f, at(3, '14:30'), { form: { master: master(0), startTime: '14:30', notes: 'offline booking' } });
    const third = await book(a.db, f, at(3, '16:00'));
    expect(await a.db.mirror('appointments').get(middle)).toBeDefined();
    await a.sync();

    expect(await appointmentsWithId(t, first)).toHaveLength(1);
    expect(await appointmentsWithId(t, middle)).toHaveLength(0);
    expect(await appointmentsWithId(t, third)).toHaveLength(1);
    expect(await a.db.mirror('appointments').get(middle)).toBeUndefined();
    expect(await a.db.mirror('appointments').get(bs)).toBeDefined();
    expect(await a.db.conflicts.toArray()).toMatchObject([
      {
        seq: 2,
        name: 'appointment.create',
        form: { kind: 'appointment.new', values: { master: master(0), startTime: '14:30', notes: 'offline booking' } },
        error: { code: 'AlreadyExists', reason: 'TIME_OVERLAPS_WITH_OTHER_RECORD', field: 'startTime' },
      },
    ]);
    const ledger = await ledgerOf(a.db);
    expect(ledger.results.map((r) => [r.seq, r.result.ok])).toEqual([
      [1, true],
      [2, false],
      [3, true],
    ]);
    await expectSettled(a.db);
    await expectEqualToServer(t, f, a.db);
    await b.sync();
    await expectEqualToServer(t, f, b.db);
  });

  it('a pull arriving over a pending edit keeps the edit on top; after the push the last writer wins', async () => {
    let pushing = true;
    const a = client((real) => ({ ...real, send: (id, e) => (pushing ? real.send(id, e) : Promise.resolve(transient())) }));
    const b = client();
    await a.sync();
    const x = await book(a.db, f, at(4, '10:00'), { notes: 'first' });
    await a.sync();
    await b.sync();
    const edit = (notes: string, startAt: string) => ({
      ctx: ownerContext(f),
      input: {
        appointmentId: x,
        master: master(0),
        cabinet: null,
        client: null,
        service: f.serviceIds[1] as string,
        duration: 60,
        startAt,
        notes,
      },
    });

    pushing = false;
    await runCommand(a.db, appointment.updateAppointment, edit('from A', at(4, '11:00')), { salonId: f.salonId });
    await runCommand(b.db, appointment.updateAppointment, edit('from B', at(4, '10:00')), { salonId: f.salonId });
    await b.sync();
    expect(await appointmentsWithId(t, x)).toMatchObject([{ notes: 'from B' }]);

    // A pulls before it could push: B's row arrives under A's pending edit.
    await enginePull(a.db, a.transport, f.salonId);
    expect(await a.db.mirror('appointments').get(x)).toMatchObject({ notes: 'from A', startAt: at(4, '11:00'), endAt: at(4, '12:00') });
    expect(await a.db.base.get(`appointments:${x}`)).toMatchObject({ row: { notes: 'from B', startAt: at(4, '10:00') } });
    expect(await a.db.outbox.count()).toBe(1);

    pushing = true;
    await a.sync();
    expect(await appointmentsWithId(t, x)).toMatchObject([{ notes: 'from A' }]);
    expect((await a.db.mirror('appointments').get(x))?.startAt).toBe(at(4, '11:00'));
    await b.sync();
    await expectSettled(a.db);
    await expectSettled(b.db);
    await expectEqualToServer(t, f, a.db);
    await expectEqualToServer(t, f, b.db);
  });

  describe('socket down while the server changes', () => {
    const noPokes = (real: Transport): Transport => ({ ...real, subscribe: () => () => {} });

    it('without pokes, a kick (what the timer does) still pulls the change', async () => {
      const a = client(noPokes);
      const b = client();
      await b.sync();
      a.engine.start();
      await vi.waitFor(async () => expect(await a.db.mirror('masters').count()).toBe(f.masterIds.length));
      await a.engine.idle();
      const id = await book(b.db, f, at(5, '10:00'));
      await b.sync();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await a.db.mirror('appointments').get(id)).toBeUndefined();
      a.engine.kick();
      await a.engine.idle();
      expect(await a.db.mirror('appointments').get(id)).toBeDefined();
      await expectEqualToServer(t, f, a.db);
    });

    it("without pokes, the engine's own timer pulls the change", async () => {
      const a = client(noPokes, { intervalMs: 200 });
      const b = client();
      await b.sync();
      a.engine.start();
      await vi.waitFor(async () => expect(await a.db.mirror('masters').count()).toBe(f.masterIds.length));
      const id = await book(b.db, f, at(5, '12:00'));
      await b.sync();
      await vi.waitFor(async () => expect(await a.db.mirror('appointments').get(id)).toBeDefined(), { timeout: 5000, interval: 50 });
      await a.engine.idle();
      await expectEqualToServer(t, f, a.db);
    });

    it('with the real socket, a write by another client pokes and the client pulls by itself', async () => {
      let pokes = 0;
      const a = client((real) => ({
        ...real,
        subscribe: (salonId, onPoke, onConnected) =>
          real.subscribe(
            salonId,
            () => {
              pokes += 1;
              onPoke();
            },
            onConnected,
          ),
      }));
      const b = client();
      await b.sync();
      a.engine.start();
      await vi.waitFor(() => expect(t.app.pubsub.watching(f.salonId)).toBeGreaterThan(0), { timeout: 5000 });
      await vi.waitFor(async () => expect(await a.db.mirror('masters').count()).toBe(f.masterIds.length));
      await a.engine.idle();
      const pokesBefore = pokes;
      const id = await book(b.db, f, at(5, '14:00'));
      await b.sync();
      await vi.waitFor(async () => expect(await a.db.mirror('appointments').get(id)).toBeDefined(), { timeout: 5000, interval: 50 });
      expect(pokes).toBeGreaterThan(pokesBefore);
      await a.engine.idle();
      await expectEqualToServer(t, f, a.db);
    });
  });

  it('token expiry mid-push: the refused session keeps the command (transient); with a valid token it applies once', async () => {
    let expired = false;
    let unauthenticated = 0;
    configureApi({ getToken: () => (expired ? 'e'.repeat(64) : f.owner.token), onUnauthenticated: () => void (unauthenticated += 1) });
    let sends = 0;
    const a = client((real) => ({
      ...real,
      async send(clientId, entry) {
        sends += 1;
        if (sends > 1) return real.send(clientId, entry);
        expired = true;
        try {
          return await real.send(clientId, entry);
        } finally {
          expired = false;
        }
      },
    }));
    await a.sync();
    const id = await book(a.db, f, at(2, '15:00'));
    await a.sync();
    expect(unauthenticated).toBe(1);
    expect(a.engine.state).toMatchObject({ online: false, lastError: 'transient' });
    expect(await a.db.outbox.toArray()).toMatchObject([{ seq: 1, ackedAt: null }]);
    expect(await appointmentsWithId(t, id)).toHaveLength(0);
    expect(await ledgerOf(a.db)).toEqual({ lastSeq: 0, results: [] });

    await a.sync();
    expect(await appointmentsWithId(t, id)).toHaveLength(1);
    expect(okSeqs(await ledgerOf(a.db))).toEqual([1]);
    await expectSettled(a.db);
    await expectEqualToServer(t, f, a.db);
  });
});
