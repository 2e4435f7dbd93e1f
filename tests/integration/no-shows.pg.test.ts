import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CLIENT_MESSAGES } from '../../src/domain/rules/client-messages';
import { addInvoice, addStaff, at, clientInput, line, salonWithOwner, setSettings, type SalonFixture } from '../factories/salon';
import { ok, refused, type Loose } from '../helpers/graphql';
import { ARCHIVE_APPOINTMENT, CREATE_APPOINTMENTS, CREATE_CLIENT, DELETE_APPOINTMENT, MARK_NO_SHOW } from '../helpers/operations';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';
import { pullAll } from '../helpers/sync';

/**
 * No-shows and late cancellations (issue 57 item 5, decision 079): a client's unpaid visit that has begun can be
 * marked as a no-show, which sends "we missed you" where the salon wants it; a cancellation inside the window keeps
 * the appointment, archived, as a late cancellation. Both travel to every device with the pull.
 */
const WAIT = { timeout: 20_000, interval: 100 };
const MESSAGES = `query L($salon: ID!, $appointment: ID) { clientMessages(salon: $salon, appointment: $appointment) { kind channel status reason } }`;

describe.each(backends(import.meta.url))('no-shows and late cancellations on %s', (backend) => {
  const t = useTestServer(backend, { ...ROOMY_LIMITS, messagePollingSeconds: 0.5 });

  const salonWithClient = async () => {
    const f = await salonWithOwner(t);
    const input = clientInput(f.salonId, { email: `ilze-${Date.now()}@example.test` });
    const client = ok(await t.gql(CREATE_CLIENT, { input }, f.owner.token)).createClient;
    return { f, clientId: client.id as string };
  };
  const book = async (f: SalonFixture, overrides: Loose) =>
    ok(await t.gql(CREATE_APPOINTMENTS, { input: { salon: f.salonId, appointments: [line(f, overrides)] } }, f.owner.token))
      .createAppointments as Array<{ id: string; groupId: string | null }>;
  const mark = (f: SalonFixture, appointmentId: string, noShow = true, token = f.owner.token) =>
    t.gql(MARK_NO_SHOW, { input: { salon: f.salonId, appointmentId, noShow } }, token);
  const pulled = async (f: SalonFixture, id: string) => (await pullAll(t, f.owner.token, f.salonId)).mirror.get(`appointments:${id}`);

  it("marks a client's visit that has begun, sends 'we missed you' once, and takes the mark back", async () => {
    const { f, clientId } = await salonWithClient();
    await setSettings(t, f.salonId, { clientMessages: { ...DEFAULT_CLIENT_MESSAGES, confirmation: false, reminders: [], noShow: true } });
    const [a] = await book(f, { client: clientId, startAt: at(-1, '10:00') });
    const marked = ok(await mark(f, a!.id)).markNoShow.appointment;
    expect(marked).toMatchObject({ id: a!.id, outcome: 'NO_SHOW', archived: false });
    expect(await pulled(f, a!.id)).toMatchObject({ outcome: 'NO_SHOW' });
    await vi.waitFor(
      async () =>
        expect(ok(await t.gql(MESSAGES, { salon: f.salonId, appointment: a!.id }, f.owner.token)).clientMessages).toEqual([
          { kind: 'NO_SHOW', channel: 'EMAIL', status: 'SENT', reason: null },
        ]),
      WAIT,
    );
    // Marking again changes nothing and sends nothing more.
    ok(await mark(f, a!.id));
    expect(ok(await t.gql(MESSAGES, { salon: f.salonId, appointment: a!.id }, f.owner.token)).clientMessages).toHaveLength(1);
    expect(ok(await mark(f, a!.id, false)).markNoShow.appointment.outcome).toBeNull();
    expect(await pulled(f, a!.id)).toMatchObject({ outcome: null });
  });

  it('refuses a visit to come, a walk-in, a paid one, another salon and a master of another master when limited', async () => {
    const { f, clientId } = await salonWithClient();
    const [coming] = await book(f, { client: clientId, startAt: at(1, '10:00') });
    refused(await mark(f, coming!.id), { code: 'IllegalArgument', reason: 'NO_SHOW_NOT_BEGUN' });
    const [walkIn] = await book(f, { startAt: at(-1, '11:00') });
    refused(await mark(f, walkIn!.id), { code: 'IllegalArgument', reason: 'OUTCOME_OF_WALK_IN' });
    const [paid] = await book(f, { client: clientId, startAt: at(-1, '12:00') });
    await addInvoice(t, f.salonId, paid!.id, f.serviceIds[0]!);
    refused(await mark(f, paid!.id), { code: 'NotAllowed', reason: 'OUTCOME_OF_PAID' });
    const other = await salonWithOwner(t);
    refused(await t.gql(MARK_NO_SHOW, { input: { salon: other.salonId, appointmentId: paid!.id, noShow: true } }, other.owner.token), {
      code: 'NotExists',
    });
    refused(await mark(f, paid!.id, true, other.owner.token), { code: 'Forbidden' });
    await setSettings(t, f.salonId, { mastersEditOthers: false });
    const master = await addStaff(t, f.salonId, 'MASTER');
    const [missed] = await book(f, { client: clientId, startAt: at(-1, '13:00') });
    refused(await mark(f, missed!.id, true, master.token), { code: 'Forbidden', reason: 'NOT_OWN_APPOINTMENT' });
    // Nothing of it changed any row.
    const { mirror } = await pullAll(t, f.owner.token, f.salonId);
    expect([...mirror.values()].filter((r) => r.outcome)).toEqual([]);
  });

  it('keeps a late cancellation, archived and out of its group, frees its time and tells the client', async () => {
    const { f, clientId } = await salonWithClient();
    await setSettings(t, f.salonId, {
      clientMessages: { ...DEFAULT_CLIENT_MESSAGES, confirmation: false, reminders: [], cancelled: true },
    });
    const lines = [line(f, { client: clientId, startAt: at(1, '10:00') }), line(f, { client: clientId, startAt: at(1, '10:30') })];
    const booked = ok(await t.gql(CREATE_APPOINTMENTS, { input: { salon: f.salonId, appointments: lines } }, f.owner.token))
      .createAppointments as Array<{ id: string; groupId: string | null }>;
    expect(booked[0]!.groupId).not.toBeNull();
    ok(await t.gql(DELETE_APPOINTMENT, { input: { appointmentId: booked[0]!.id, late: true } }, f.owner.token));
    const { mirror } = await pullAll(t, f.owner.token, f.salonId);
    expect(mirror.get(`appointments:${booked[0]!.id}`)).toMatchObject({ archived: true, outcome: 'LATE_CANCEL', groupId: null });
    expect(mirror.get(`appointments:${booked[1]!.id}`)).toMatchObject({ groupId: null, outcome: null });
    await vi.waitFor(
      async () =>
        expect(ok(await t.gql(MESSAGES, { salon: f.salonId, appointment: booked[0]!.id }, f.owner.token)).clientMessages).toEqual([
          { kind: 'CANCELLED', channel: 'EMAIL', status: 'SENT', reason: null },
        ]),
      WAIT,
    );
    // Its time is free again; unarchiving it would take the time back, so it is refused while taken.
    const [again] = await book(f, { client: clientId, startAt: at(1, '10:00') });
    refused(
      await t.gql(ARCHIVE_APPOINTMENT, { input: { salon: f.salonId, appointmentId: booked[0]!.id, archived: false } }, f.owner.token),
      {
        reason: 'TIME_OVERLAPS_WITH_OTHER_RECORD',
      },
    );
    ok(await t.gql(DELETE_APPOINTMENT, { input: { appointmentId: again!.id } }, f.owner.token));
    // Unarchived, it is a booking again.
    ok(await t.gql(ARCHIVE_APPOINTMENT, { input: { salon: f.salonId, appointmentId: booked[0]!.id, archived: false } }, f.owner.token));
    expect(await pulled(f, booked[0]!.id)).toMatchObject({ archived: false, outcome: null });
  });

  it('refuses a late cancellation of a walk-in or a paid one, and deletes nothing then', async () => {
    const { f, clientId } = await salonWithClient();
    const [walkIn] = await book(f, { startAt: at(1, '10:00') });
    refused(await t.gql(DELETE_APPOINTMENT, { input: { appointmentId: walkIn!.id, late: true } }, f.owner.token), {
      reason: 'OUTCOME_OF_WALK_IN',
    });
    const [paid] = await book(f, { client: clientId, startAt: at(1, '11:00') });
    await addInvoice(t, f.salonId, paid!.id, f.serviceIds[0]!);
    refused(await t.gql(DELETE_APPOINTMENT, { input: { appointmentId: paid!.id, late: true } }, f.owner.token), {
      reason: 'OUTCOME_OF_PAID',
    });
    const { mirror } = await pullAll(t, f.owner.token, f.salonId);
    expect(mirror.get(`appointments:${walkIn!.id}`)).toMatchObject({ archived: false, outcome: null });
    expect(mirror.get(`appointments:${paid!.id}`)).toMatchObject({ archived: false, outcome: null });
  });
});
