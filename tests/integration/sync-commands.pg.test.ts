import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { appointments, clients, salons, syncClients, syncResults } from '../../server/db/schema';
import { createContext, requireSalonViewer } from '../../server/graphql/context';
import { AppError } from '../../server/graphql/errors';
import { runCommand, type Writer } from '../../server/sync/command';
import { addStaff, at, clientInput, line, salonWithOwner, type SalonFixture } from '../factories/salon';
import { ok, refused, type Loose } from '../helpers/graphql';
import { CREATE_APPOINTMENTS, CREATE_CLIENT, DELETE_APPOINTMENT, UPDATE_APPOINTMENT } from '../helpers/operations';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';

/** Exactly-once commands (DESIGN.md §5.2, §5.3): the server half of the sync engine's push. */
describe.each(backends(import.meta.url))('commands exactly once on %s', (backend) => {
  const t = useTestServer(backend, ROOMY_LIMITS);
  const push = (f: SalonFixture, clientId: string, seq: number, lines: Loose[], token = f.owner.token) =>
    t.gql(CREATE_APPOINTMENTS, { input: { salon: f.salonId, appointments: lines, command: { clientId, seq } } }, token);
  const state = async (f: SalonFixture, clientId: string) => {
    const [salon] = await t.db.select({ rev: salons.rev }).from(salons).where(eq(salons.id, f.salonId));
    const rows = await t.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.salonId, f.salonId), isNull(appointments.deletedAt)));
    const [client] = await t.db.select().from(syncClients).where(eq(syncClients.clientId, clientId));
    return { rev: salon?.rev, appointments: rows.length, lastSeq: client?.lastSeq ?? 0 };
  };

  it('answers a repeated seq with its first result and changes nothing', async () => {
    const f = await salonWithOwner(t);
    const clientId = newId();
    const input = line(f);
    const first = ok(await push(f, clientId, 1, [input])).createAppointments;
    const before = await state(f, clientId);
    expect(before).toMatchObject({ appointments: 1, lastSeq: 1 });
    // The same seq again, even with other arguments, is the first command: its answer comes back.
    expect(ok(await push(f, clientId, 1, [input])).createAppointments).toEqual(first);
    expect(ok(await push(f, clientId, 1, [line(f, { startAt: at(2, '10:00') })])).createAppointments).toEqual(first);
    expect(await state(f, clientId)).toEqual(before);
  });

  it('refuses a gap with the seq it expects, recording nothing', async () => {
    const f = await salonWithOwner(t);
    const clientId = newId();
    const error = refused(await push(f, clientId, 3, [line(f)]), { code: 'NotAllowed', reason: 'SEQ_GAP' });
    expect(error.extensions).toMatchObject({ expectedSeq: 1 });
    expect(await state(f, clientId)).toMatchObject({ appointments: 0, lastSeq: 0 });
    ok(await push(f, clientId, 1, [line(f)]));
    refused(await push(f, clientId, 3, [line(f)]), { reason: 'SEQ_GAP' });
    expect((await push(f, clientId, 3, [line(f)])).errors?.[0]?.extensions).toMatchObject({ expectedSeq: 2 });
  });

  it('records a business refusal: the repeat gets the same refusal and the queue goes on', async () => {
    const f = await salonWithOwner(t);
    const clientId = newId();
    ok(await push(f, clientId, 1, [line(f)]));
    const overlap = {
      code: 'AlreadyExists',
      reason: 'TIME_OVERLAPS_WITH_OTHER_RECORD',
      field: 'startTime',
      messageId: 'appointment.overlaps',
    };
    const first = refused(await push(f, clientId, 2, [line(f, { startAt: at(1, '10:15') })]), overlap);
    expect(await state(f, clientId)).toMatchObject({ appointments: 1, lastSeq: 2 });
    // Repeated later, when the time is free, it is still the recorded refusal: nothing is applied twice.
    const [booked] = await t.db.select({ id: appointments.id }).from(appointments).where(eq(appointments.salonId, f.salonId));
    ok(await t.gql(DELETE_APPOINTMENT, { input: { appointmentId: booked?.id } }, f.owner.token));
    expect(refused(await push(f, clientId, 2, [line(f, { startAt: at(1, '10:15') })]), overlap)).toEqual(first);
    ok(await push(f, clientId, 3, [line(f, { startAt: at(1, '12:00') })]));
    expect(await state(f, clientId)).toMatchObject({ appointments: 1, lastSeq: 3 });
  });

  it('records invalid input as refused (validation runs inside the command)', async () => {
    const f = await salonWithOwner(t);
    const clientId = newId();
    const bad = { salon: f.salonId, appointments: [line(f, { duration: -5 })], command: { clientId, seq: 1 } };
    refused(await t.gql(CREATE_APPOINTMENTS, { input: bad }, f.owner.token), {
      code: 'IllegalArgument',
      reason: 'VALIDATION_FAILED',
      messageId: 'appointment.selectDuration',
    });
    expect(await state(f, clientId)).toMatchObject({ lastSeq: 1 });
    refused(await t.gql(CREATE_APPOINTMENTS, { input: bad }, f.owner.token), { reason: 'VALIDATION_FAILED' });
    ok(await push(f, clientId, 2, [line(f)]));
  });

  it('records a refusal of another module the same way (client.create)', async () => {
    const f = await salonWithOwner(t, 0);
    const clientId = newId();
    const input = clientInput(f.salonId);
    ok(await t.gql(CREATE_CLIENT, { input: { ...input, command: { clientId, seq: 1 } } }, f.owner.token));
    refused(
      await t.gql(
        CREATE_CLIENT,
        { input: { ...clientInput(f.salonId, { phone: input.phone }), command: { clientId, seq: 2 } } },
        f.owner.token,
      ),
      {
        reason: 'PHONE_ALREADY_EXISTS',
      },
    );
    expect(await state(f, clientId)).toMatchObject({ lastSeq: 2 });
  });

  it('refuses a seq reused by another command, without recording', async () => {
    const f = await salonWithOwner(t);
    const clientId = newId();
    const [a] = ok(await push(f, clientId, 1, [line(f)])).createAppointments;
    const edit = {
      appointmentId: a.id,
      master: a.masterId,
      service: a.serviceId,
      duration: 30,
      startAt: at(1, '11:00'),
      command: { clientId, seq: 1 },
    };
    refused(await t.gql(UPDATE_APPOINTMENT, { input: edit }, f.owner.token), { code: 'NotAllowed', reason: 'SEQ_REUSED' });
    expect(await state(f, clientId)).toMatchObject({ lastSeq: 1 });
    expect(
      ok(await t.gql(UPDATE_APPOINTMENT, { input: { ...edit, command: { clientId, seq: 2 } } }, f.owner.token)).updateAppointment.startAt,
    ).toBe(at(1, '11:00'));
  });

  it('refuses a client id of another user (Forbidden), even in the same salon', async () => {
    const f = await salonWithOwner(t);
    const admin = await addStaff(t, f.salonId, 'ADMIN');
    const clientId = newId();
    ok(await push(f, clientId, 1, [line(f)]));
    refused(await push(f, clientId, 2, [line(f, { startAt: at(1, '12:00') })], admin.token), {
      code: 'Forbidden',
      reason: 'CLIENT_OF_ANOTHER_USER',
    });
    refused(await push(f, clientId, 1, [line(f)], admin.token), { code: 'Forbidden', reason: 'CLIENT_OF_ANOTHER_USER' });
    expect(await state(f, clientId)).toMatchObject({ appointments: 1, lastSeq: 1 });
  });

  it('refuses a malformed command identity without recording it', async () => {
    const f = await salonWithOwner(t);
    refused(
      await t.gql(
        CREATE_APPOINTMENTS,
        { input: { salon: f.salonId, appointments: [line(f)], command: { clientId: 'nope', seq: 1 } } },
        f.owner.token,
      ),
      {
        code: 'IllegalArgument',
        field: 'command.clientId',
      },
    );
    refused(
      await t.gql(
        CREATE_APPOINTMENTS,
        { input: { salon: f.salonId, appointments: [line(f)], command: { clientId: newId(), seq: 0 } } },
        f.owner.token,
      ),
      {
        code: 'IllegalArgument',
        field: 'command.seq',
      },
    );
    expect(await t.db.select().from(syncClients).where(eq(syncClients.userId, f.owner.userId))).toHaveLength(0);
  });

  it('applies concurrent pushes of one seq once, and every push gets the same answer', async () => {
    const f = await salonWithOwner(t);
    const clientId = newId();
    const input = line(f);
    const answers = await Promise.all(Array.from({ length: 6 }, () => push(f, clientId, 1, [input])));
    const data = answers.map((r) => ok(r).createAppointments);
    for (const d of data) expect(d).toEqual(data[0]);
    expect(await state(f, clientId)).toMatchObject({ appointments: 1, lastSeq: 1 });
    expect(await t.db.select().from(syncResults).where(eq(syncResults.clientId, clientId))).toHaveLength(1);
  });

  it('records one refusal for concurrent pushes of a refused seq', async () => {
    const f = await salonWithOwner(t);
    const clientId = newId();
    ok(await push(f, clientId, 1, [line(f)]));
    const answers = await Promise.all(Array.from({ length: 5 }, () => push(f, clientId, 2, [line(f, { startAt: at(1, '10:10') })])));
    for (const a of answers) refused(a, { reason: 'TIME_OVERLAPS_WITH_OTHER_RECORD' });
    expect(await state(f, clientId)).toMatchObject({ appointments: 1, lastSeq: 2 });
    expect(await t.db.select().from(syncResults).where(eq(syncResults.clientId, clientId))).toHaveLength(2);
  });

  it("rolls a refused command's writes back, and records nothing for an unexpected error", async () => {
    const f = await salonWithOwner(t, 0);
    const ctx = createContext(t.app, f.owner.token, 'test');
    const viewer = await requireSalonViewer(ctx);
    const clientId = newId();
    const input = clientInput(f.salonId);
    const writeThen = (failure: Error) => async (w: Writer) => {
      await w.tx.insert(clients).values({ id: input.id, salonId: w.salonId, firstName: 'Half', rev: await w.rev() });
      throw failure;
    };
    const revBefore = (await state(f, clientId)).rev;
    await expect(
      runCommand(ctx, viewer, { clientId, seq: 1 }, 'client.create', writeThen(new Error('database went away'))),
    ).rejects.toThrow('database went away');
    expect(await state(f, clientId)).toMatchObject({ lastSeq: 0, rev: revBefore });
    await expect(
      runCommand(ctx, viewer, { clientId, seq: 1 }, 'client.create', writeThen(new AppError('NotAllowed', 'no'))),
    ).rejects.toThrow('no');
    expect(await state(f, clientId)).toMatchObject({ lastSeq: 1, rev: revBefore });
    expect(await t.db.select().from(clients).where(eq(clients.id, input.id))).toHaveLength(0);
  });

  it('runs commands without an identity directly (no sync client)', async () => {
    const f = await salonWithOwner(t);
    ok(await t.gql(CREATE_APPOINTMENTS, { input: { salon: f.salonId, appointments: [line(f)] } }, f.owner.token));
    expect(await t.db.select().from(syncClients).where(eq(syncClients.userId, f.owner.userId))).toHaveLength(0);
  });
});
