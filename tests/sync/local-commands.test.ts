import { afterEach, describe, expect, it } from 'vitest';
import { appointment, client, rebase, runCommand } from '../../src/db/commands';
import { CommandRefusal } from '../../src/domain/command-refusal';
import { newId } from '../../src/domain/ids';
import type { SalonDb } from '../../src/db/salon-db';
import type { AppointmentRow } from '../../src/domain/entities';
import { applyPullPage } from '../../src/sync/pull';
import { pushAll } from '../../src/sync/push';
import type { SendResult, Transport } from '../../src/sync/transport';
import { makeAppointment, makeContext, makeDb, seedMasterAndService, bookingLine } from '../factories/mirror';

const ctx = makeContext();
let db: SalonDb;
afterEach(async () => {
  await db?.delete();
});

async function seed() {
  db = makeDb();
  return seedMasterAndService(db);
}

const line = bookingLine;

describe('runCommand', () => {
  it('writes the row and the outbox entry together, with the next seq and the form', async () => {
    const { master, service } = await seed();
    const args = { ctx, input: { salon: ctx.salonId, appointments: [line(master.id, service.id, '2026-11-23 10:00')] } };
    const { seq } = await runCommand(db, appointment.createAppointments, args, {
      salonId: ctx.salonId,
      form: { kind: 'appointment.new', values: { a: 1 } },
    });
    expect(seq).toBe(1);
    expect(await db.mirror('appointments').count()).toBe(1);
    expect(await db.outbox.get(1)).toMatchObject({ name: 'appointment.create', form: { kind: 'appointment.new' }, ackedAt: null });
    expect(
      (
        await runCommand(
          db,
          client.createClient,
          { ctx, input: { id: newId(), salon: ctx.salonId, firstName: 'A', gender: 'MALE' } },
          { salonId: ctx.salonId },
        )
      ).seq,
    ).toBe(2);
  });

  it('refuses an overlap with the spec reason on the start time field and writes nothing', async () => {
    const { master, service } = await seed();
    await db
      .mirror('appointments')
      .put(makeAppointment({ masterId: master.id, serviceId: service.id, startAt: '2026-11-23 10:30', endAt: '2026-11-23 11:30' }));
    const args = { ctx, input: { salon: ctx.salonId, appointments: [line(master.id, service.id, '2026-11-23 10:00')] } };
    const error = await runCommand(db, appointment.createAppointments, args, { salonId: ctx.salonId }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommandRefusal);
    expect((error as CommandRefusal).error).toMatchObject({ reason: 'TIME_OVERLAPS_WITH_OTHER_RECORD', field: 'startTime' });
    expect(await db.mirror('appointments').count()).toBe(1);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.getMeta('seq')).toBeUndefined();
  });

  it("checks the line's master and its cabinet: another master's hour is free, a shared cabinet's is not", async () => {
    const { master, service } = await seed();
    const cabinet = newId();
    await db.mirror('cabinets').put({ id: cabinet, salonId: ctx.salonId, nameVariants: { en: 'Room 1' }, serviceGroupIds: [] });
    const other = makeAppointment({
      masterId: newId(),
      cabinetId: cabinet,
      serviceId: service.id,
      startAt: '2026-11-23 10:30',
      endAt: '2026-11-23 11:30',
    });
    await db.mirror('appointments').put(other);
    const book = (withCabinet: boolean) =>
      runCommand(
        db,
        appointment.createAppointments,
        {
          ctx,
          input: {
            salon: ctx.salonId,
            appointments: [{ ...line(master.id, service.id, '2026-11-23 10:00'), cabinet: withCabinet ? cabinet : null }],
          },
        },
        { salonId: ctx.salonId },
      );
    const error = await book(true).catch((e: unknown) => e);
    expect((error as CommandRefusal).error).toMatchObject({ reason: 'TIME_OVERLAPS_WITH_OTHER_RECORD', field: 'startTime' });
    expect((await book(false)).seq).toBe(1);
    expect(await db.mirror('appointments').count()).toBe(2);
  });

  it('refuses invalid input with the schema message before anything is written', async () => {
    await seed();
    const error = await runCommand(
      db,
      client.createClient,
      { ctx, input: { id: newId(), salon: ctx.salonId, firstName: ' ', gender: 'MALE' } },
      { salonId: ctx.salonId },
    ).catch((e: unknown) => e);
    expect((error as CommandRefusal).error).toMatchObject({
      reason: 'VALIDATION_FAILED',
      field: 'firstName',
      messageId: 'client.enterFirstName',
    });
    expect(await db.mirror('clients').count()).toBe(0);
  });
});

describe('re-base', () => {
  it('keeps a pending edit on top of newer server data, and returns to the server row when it is gone', async () => {
    const { master, service } = await seed();
    const row = makeAppointment({ masterId: master.id, serviceId: service.id, notes: 'server v1' });
    await db.mirror('appointments').put(row);
    const update = {
      appointmentId: row.id,
      master: master.id,
      cabinet: null,
      client: null,
      service: service.id,
      duration: 60,
      startAt: '2026-11-23 12:00',
      notes: 'mine',
    };
    await runCommand(db, appointment.updateAppointment, { ctx, input: update }, { salonId: ctx.salonId });
    // The confirmed copy is the row before the edit (its write does not wait for this read, made before it).
    expect(await db.base.get(`appointments:${row.id}`)).toMatchObject({ row: { notes: 'server v1' } });
    // The server changed the same row meanwhile (another device): its notes and duration.
    const server = { ...row, notes: 'server v2', duration: 90, endAt: '2026-11-23 11:30' };
    await applyPullPage(db, ctx.salonId, {
      changes: [{ entity: 'appointments', id: row.id, data: server }],
      cursor: 5,
      hasMore: false,
      salonRev: 5,
    });
    expect(await db.mirror('appointments').get(row.id)).toMatchObject({ notes: 'mine', startAt: '2026-11-23 12:00' });
    expect(await db.base.get(`appointments:${row.id}`)).toMatchObject({ row: server });
    // Without the pending command, the mirror is exactly the server's row.
    await db.transaction('rw', db.tables, async () => {
      await db.outbox.clear();
      await rebase(db);
    });
    expect(await db.mirror('appointments').get(row.id)).toEqual(server);
    expect(await db.base.count()).toBe(0);
  });

  it('the last page of a drained backlog: its rows and every other confirmed copy go back, nothing stays pending', async () => {
    const { master, service } = await seed();
    const edited = makeAppointment({ masterId: master.id, serviceId: service.id, notes: 'server v1' });
    await db.mirror('appointments').put(edited);
    const book = (startAt: string, id = newId()) =>
      runCommand(
        db,
        appointment.createAppointments,
        { ctx, input: { salon: ctx.salonId, appointments: [line(master.id, service.id, startAt, id)] } },
        { salonId: ctx.salonId },
      ).then(() => id);
    const inPage = await book('2026-11-23 14:00');
    const notInPage = await book('2026-11-23 16:00');
    const update = { ...line(master.id, service.id, '2026-11-23 12:00'), appointmentId: edited.id, notes: 'mine' };
    await runCommand(db, appointment.updateAppointment, { ctx, input: update }, { salonId: ctx.salonId });
    const seqs = (await db.outbox.toCollection().primaryKeys()) as number[];
    await db.outbox.bulkUpdate(seqs.map((seq, i) => ({ key: seq, changes: { ackedAt: i + 1 } })));
    const written = (await db.mirror('appointments').get(inPage)) as AppointmentRow;
    const server: AppointmentRow = { ...written, createdAt: '2026-11-23T08:00:00.000Z' };
    await applyPullPage(
      db,
      ctx.salonId,
      { changes: [{ entity: 'appointments', id: inPage, data: server }], cursor: 7, hasMore: false, salonRev: 7 },
      { ackedUpTo: seqs.length },
    );
    expect(await db.mirror('appointments').get(inPage)).toEqual(server);
    // Confirmed but not in this page: back to the confirmed copy (none for a new row, the one before the edit).
    expect(await db.mirror('appointments').get(notInPage)).toBeUndefined();
    expect(await db.mirror('appointments').get(edited.id)).toEqual(edited);
    expect(await db.base.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.getMeta<number>(`cursor:${ctx.salonId}`)).toBe(7);
  });
});

describe('pushAll', () => {
  const fake = (answers: SendResult[]): Transport & { sent: number[] } => {
    const sent: number[] = [];
    return {
      sent,
      async send(_clientId, entry) {
        sent.push(entry.seq);
        return answers.shift() ?? { kind: 'ok' };
      },
      pull: async () => ({ changes: [], cursor: 0, hasMore: false, salonRev: 0 }),
      subscribe: () => () => {},
    };
  };

  it('sends in order, keeps going after a refusal, undoes the refused effect and keeps a conflict with the form', async () => {
    const { master, service } = await seed();
    const ids = [newId(), newId(), newId()];
    for (const [i, id] of ids.entries()) {
      const args = { ctx, input: { salon: ctx.salonId, appointments: [line(master.id, service.id, `2026-11-23 1${i}:00`, id)] } };
      await runCommand(db, appointment.createAppointments, args, {
        salonId: ctx.salonId,
        form: { kind: 'appointment.new', values: { i } },
      });
    }
    const refusal = { code: 'AlreadyExists', reason: 'TIME_OVERLAPS_WITH_OTHER_RECORD', field: 'startTime' };
    const transport = fake([{ kind: 'ok' }, { kind: 'refused', error: refusal }, { kind: 'ok' }]);
    expect(await pushAll(db, transport, 'c'.repeat(24))).toBe('done');
    expect(transport.sent).toEqual([1, 2, 3]);
    expect(await db.mirror('appointments').get(ids[1] as string)).toBeUndefined();
    expect(await db.mirror('appointments').get(ids[0] as string)).toBeDefined();
    expect(await db.conflicts.toArray()).toMatchObject([{ seq: 2, error: refusal, form: { kind: 'appointment.new', values: { i: 1 } } }]);
    expect((await db.outbox.toArray()).map((e) => [e.seq, e.ackedAt !== null])).toEqual([
      [1, true],
      [3, true],
    ]);
  });

  it('stops at a transient failure and keeps every command', async () => {
    const { master, service } = await seed();
    await runCommand(
      db,
      appointment.createAppointments,
      { ctx, input: { salon: ctx.salonId, appointments: [line(master.id, service.id, '2026-11-23 10:00')] } },
      { salonId: ctx.salonId },
    );
    await runCommand(
      db,
      appointment.createAppointments,
      { ctx, input: { salon: ctx.salonId, appointments: [line(master.id, service.id, '2026-11-23 12:00')] } },
      { salonId: ctx.salonId },
    );
    const transport = fake([{ kind: 'transient', error: new Error('offline') }]);
    expect(await pushAll(db, transport, 'c'.repeat(24))).toBe('transient');
    expect(transport.sent).toEqual([1]);
    expect((await db.outbox.toArray()).map((e) => e.ackedAt)).toEqual([null, null]);
    expect(await db.mirror('appointments').count()).toBe(2);
  });
});
