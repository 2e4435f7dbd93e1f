import { afterEach, describe, expect, it } from 'vitest';
import { makeAppointment, makeContext, makeDb, seedMasterAndService, bookingLine } from '../factories/mirror';
import { appointment, runCommand } from '../../src/db/commands';
import { mirrorTableNames, type SalonDb } from '../../src/db/salon-db';
import { CommandRefusal } from '../../src/domain/command-refusal';
import { newId } from '../../src/domain/ids';
import type { AppointmentRow } from '../../src/domain/entities';
import { echoAsWritten, echoCommands, echoed, echoStamp, localEcho, type EchoEntry } from '../../src/sync/local-echo';
import { applyPullPage } from '../../src/sync/pull';

const ctx = makeContext();
let db: SalonDb;
afterEach(async () => {
  localEcho.clear();
  await db?.delete();
});

async function seed() {
  db = makeDb();
  echoCommands(
    db,
    mirrorTableNames(db).map((t) => t.name),
  );
  return seedMasterAndService(db);
}

const line = bookingLine;
const book = (masterId: string, serviceId: string, startAt: string, id = newId()) =>
  runCommand(
    db,
    appointment.createAppointments,
    { ctx, input: { salon: ctx.salonId, appointments: [line(masterId, serviceId, startAt, id)] } },
    { salonId: ctx.salonId },
  );

/** Every change of the echo, with whether the row was in the mirror (committed) at that moment. */
function watch() {
  const seen: Array<{ entries: readonly EchoEntry[]; committed: boolean[] }> = [];
  const stop = localEcho.subscribe(() => {
    const entries = localEcho.entries();
    seen.push({ entries, committed: entries.map((e) => e.committedAt !== null) });
  });
  return { seen, stop };
}

describe('local echo of commands', () => {
  it('publishes a command’s rows when it appends its outbox entry, before the commit, then marks them committed', async () => {
    const { master, service } = await seed();
    const { seen, stop } = watch();
    const id = newId();
    const stampBefore = echoStamp();
    await book(master.id, service.id, '2026-11-23 10:00', id);
    stop();
    expect(seen).toHaveLength(1);
    expect(seen[0]?.committed).toEqual([false]);
    const [entry] = localEcho.entries();
    expect(entry?.keys).toEqual([`appointments:${id}`]);
    expect(entry?.writes[0]?.row).toMatchObject({ id, masterId: master.id, startAt: '2026-11-23 10:00' });
    expect(entry?.committedAt).toBeGreaterThan(stampBefore);
    // A read that starts now has the row: the echo no longer applies to it.
    expect(echoStamp()).toBeGreaterThanOrEqual(entry?.committedAt ?? Infinity);
  });

  it('echoes each mirror write as it is made in a transaction marked by echoAsWritten, before any outbox entry', async () => {
    await seed();
    const row = makeAppointment();
    const during: unknown[] = [];
    await db.transaction('rw', db.tables, async (tx) => {
      echoAsWritten(tx.idbtrans);
      await db.mirror('appointments').put(row);
      during.push(localEcho.entries().map((e) => [e.keys, e.committedAt]));
    });
    expect(during).toEqual([[[[`appointments:${row.id}`], null]]]);
    expect(localEcho.entries()[0]?.committedAt).not.toBeNull();
    // Without the mark, mirror writes with no outbox entry (a pull, a re-base) are not echoed.
    localEcho.clear();
    await db.transaction('rw', db.tables, () => db.mirror('appointments').put(makeAppointment()));
    expect(localEcho.entries()).toEqual([]);
  });

  it('publishes nothing for a command refused locally', async () => {
    const { master, service } = await seed();
    await book(master.id, service.id, '2026-11-23 10:00');
    localEcho.clear();
    const { seen, stop } = watch();
    await expect(book(master.id, service.id, '2026-11-23 10:30')).rejects.toBeInstanceOf(CommandRefusal);
    stop();
    expect(seen).toEqual([]);
  });

  it('takes the echo back when the transaction fails after the command', async () => {
    const { master, service } = await seed();
    const { seen, stop } = watch();
    await expect(
      db.transaction('rw', db.tables, async () => {
        await book(master.id, service.id, '2026-11-23 10:00');
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    await new Promise((r) => setTimeout(r, 10));
    stop();
    expect(seen.some((s) => s.entries.length === 1)).toBe(true);
    expect(localEcho.entries()).toEqual([]);
    expect(await db.mirror('appointments').count()).toBe(0);
  });

  it('does not echo what a pull writes', async () => {
    await seed();
    const { seen, stop } = watch();
    const row = makeAppointment();
    await applyPullPage(db, ctx.salonId, {
      changes: [{ entity: 'appointments', id: row.id, data: row }],
      cursor: 1,
      hasMore: false,
      salonRev: 1,
    });
    stop();
    expect(seen).toEqual([]);
  });
});

describe('echoed', () => {
  const day = (r: AppointmentRow) => r.startAt.startsWith('2026-11-23');
  const order = (a: AppointmentRow, b: AppointmentRow) => (a.startAt < b.startAt ? -1 : a.startAt > b.startAt ? 1 : 0);
  const entry = (writes: EchoEntry['writes'], committedAt: number | null = null): EchoEntry => ({
    writes,
    keys: writes.map((w) => `${w.entity}:${w.id}`),
    committedAt,
  });
  const a9 = makeAppointment({ startAt: '2026-11-23 09:00' });
  const a11 = makeAppointment({ startAt: '2026-11-23 11:00' });
  const rows = [a9, a11];

  it('adds a written row of the range in its place, replaces a changed one and leaves out a deleted or moved one', () => {
    const added = makeAppointment({ startAt: '2026-11-23 10:00' });
    const moved = { ...a11, startAt: '2026-11-24 11:00' };
    const echo = [
      entry([{ entity: 'appointments', id: added.id, row: added }]),
      entry([
        { entity: 'appointments', id: a9.id, row: null },
        { entity: 'appointments', id: moved.id, row: moved },
      ]),
    ];
    expect(echoed(rows, 'appointments', echo.slice(0, 1), 0, day, order)).toEqual([a9, added, a11]);
    expect(echoed(rows, 'appointments', echo, 0, day, order)).toEqual([added]);
    const notes = { ...a9, notes: 'late' };
    expect(echoed(rows, 'appointments', [entry([{ entity: 'appointments', id: a9.id, row: notes }])], 0, day, order)).toEqual([notes, a11]);
  });

  it('leaves the rows as read (the same array) when no echo applies to them', () => {
    const other = makeAppointment({ startAt: '2026-11-25 10:00' });
    const echo = [entry([{ entity: 'appointments', id: other.id, row: other }]), entry([{ entity: 'clients', id: a9.id, row: null }])];
    expect(echoed(rows, 'appointments', echo, 0, day, order)).toBe(rows);
    // Committed at 3: a read stamped 3 or later has the commit already.
    const committed = [entry([{ entity: 'appointments', id: a9.id, row: null }], 3)];
    expect(echoed(rows, 'appointments', committed, 3, day, order)).toBe(rows);
    expect(echoed(rows, 'appointments', committed, 2, day, order)).toEqual([a11]);
  });
});
