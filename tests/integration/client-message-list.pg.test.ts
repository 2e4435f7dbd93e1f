import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CLIENT_MESSAGES } from '../../src/domain/rules/client-messages';
import { useFakeSms } from '../factories/sms';
import { addStaff, at, clientInput, line, salonWithOwner, setSettings, type SalonFixture } from '../factories/salon';
import { ok, refused, type Loose } from '../helpers/graphql';
import { CREATE_APPOINTMENTS, CREATE_CLIENT, DELETE_APPOINTMENT } from '../helpers/operations';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';
import { eventually, subscribe, type LiveSubscription } from '../helpers/ws';

/**
 * What was sent (issue 57 item 6): the messages of an appointment and of a client, with their channel, times and
 * status, read by the salon's administrators, and an event on every change so their screens read them again, live.
 */
const WAIT = { timeout: 20_000, interval: 100 };
const LIST = `query L($salon: ID!, $appointment: ID, $client: ID) { clientMessages(salon: $salon, appointment: $appointment, client: $client) {
  id appointment appointmentStartAt kind channel status reason dueAt sentAt deliveredAt } }`;
const CHANGED = `subscription C($salon: ID!) { clientMessagesChanged(salon: $salon) { appointment client } }`;

describe.each(backends(import.meta.url))('the list of client messages on %s', (backend) => {
  const { sms } = useFakeSms();
  const t = useTestServer(backend, { ...ROOMY_LIMITS, messagePollingSeconds: 0.5, sms });
  const open: LiveSubscription[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });

  const salonWithClient = async () => {
    const f = await salonWithOwner(t);
    await setSettings(t, f.salonId, {
      clientMessages: { ...DEFAULT_CLIENT_MESSAGES, email: true, sms: true, reminders: [24], quietFrom: 0, quietTo: 0 },
    });
    const input = clientInput(f.salonId, {
      email: `liga-${Date.now()}@example.test`,
      phone: `+3712${String(Date.now() % 10_000_000).padStart(7, '0')}`,
    });
    const client = ok(await t.gql(CREATE_CLIENT, { input }, f.owner.token)).createClient;
    return { f, clientId: client.id as string };
  };
  const book = async (f: SalonFixture, overrides: Loose) =>
    ok(await t.gql(CREATE_APPOINTMENTS, { input: { salon: f.salonId, appointments: [line(f, overrides)] } }, f.owner.token))
      .createAppointments[0] as { id: string };
  const list = async (f: SalonFixture, which: Loose, token = f.owner.token) =>
    ok(await t.gql(LIST, { salon: f.salonId, ...which }, token)).clientMessages as Loose[];
  const listen = async (token: string, salon: string) => {
    const before = t.app.pubsub.watching(salon);
    const live = subscribe(t.url, token, CHANGED, { salon });
    open.push(live);
    await eventually(() => t.app.pubsub.watching(salon) > before || live.error !== null);
    return live;
  };
  const summary = (messages: Loose[]) => messages.map((m) => `${m.kind} ${m.channel} ${m.status}`).sort((a, b) => a.localeCompare(b));

  it("lists an appointment's messages as they are sent and delivered, and tells its administrators each change", async () => {
    const { f, clientId } = await salonWithClient();
    const live = await listen(f.owner.token, f.salonId);
    const a = await book(f, { client: clientId, startAt: at(3, '10:00') });
    // Scheduled in the booking's transaction: the event comes with its commit.
    expect(await live.next()).toEqual({ clientMessagesChanged: { appointment: a.id, client: clientId } });
    await vi.waitFor(
      async () =>
        expect(summary(await list(f, { appointment: a.id }))).toEqual([
          'CONFIRMATION EMAIL SENT',
          'CONFIRMATION SMS DELIVERED',
          'REMINDER EMAIL SCHEDULED',
          'REMINDER SMS SCHEDULED',
        ]),
      WAIT,
    );
    const messages = await list(f, { appointment: a.id });
    // Newest due first: the reminders a day before the visit, then the confirmations due at booking.
    expect(messages.map((m) => m.kind)).toEqual(['REMINDER', 'REMINDER', 'CONFIRMATION', 'CONFIRMATION']);
    const sms = messages.find((m) => m.kind === 'CONFIRMATION' && m.channel === 'SMS')!;
    expect(sms).toMatchObject({ appointment: a.id, appointmentStartAt: at(3, '10:00'), reason: null });
    expect(sms.sentAt).toBeGreaterThanOrEqual(sms.dueAt as number);
    expect(sms.deliveredAt).toBeGreaterThanOrEqual(sms.sentAt as number);
    expect(messages.find((m) => m.channel === 'EMAIL' && m.kind === 'CONFIRMATION')!.deliveredAt).toBeNull();
    // Booked, e-mail sent, SMS sent, SMS delivered: each change told, of this appointment only.
    await vi.waitFor(() => expect(live.values.length).toBeGreaterThanOrEqual(4), WAIT);
    expect(new Set(live.values.map((v) => JSON.stringify(v)))).toEqual(
      new Set([JSON.stringify({ clientMessagesChanged: { appointment: a.id, client: clientId } })]),
    );
    // A cancellation cancels the reminders, and says so.
    const seen = live.values.length;
    ok(await t.gql(DELETE_APPOINTMENT, { input: { appointmentId: a.id } }, f.owner.token));
    await vi.waitFor(() => expect(live.values.length).toBeGreaterThan(seen), WAIT);
    await vi.waitFor(
      async () =>
        expect((await list(f, { appointment: a.id })).filter((m) => m.kind === 'REMINDER').map((m) => [m.status, m.reason])).toEqual([
          ['CANCELLED', 'APPOINTMENT_CANCELLED'],
          ['CANCELLED', 'APPOINTMENT_CANCELLED'],
        ]),
      WAIT,
    );
  });

  it("the client's history holds the messages of each of their appointments, with the appointment's time", async () => {
    const { f, clientId } = await salonWithClient();
    const first = await book(f, { client: clientId, startAt: at(3, '10:00') });
    const second = await book(f, { client: clientId, startAt: at(4, '15:30') });
    const messages = await list(f, { client: clientId });
    expect(messages).toHaveLength(8);
    const startOf = new Map(messages.map((m) => [m.appointment, m.appointmentStartAt]));
    expect(Object.fromEntries(startOf)).toEqual({ [first.id]: at(3, '10:00'), [second.id]: at(4, '15:30') });
    // Nothing of the text or the address the message went to.
    expect(Object.keys(messages[0]!).sort()).toEqual(
      ['appointment', 'appointmentStartAt', 'channel', 'deliveredAt', 'dueAt', 'id', 'kind', 'reason', 'sentAt', 'status'].sort(),
    );
  });

  it('masters, other salons and bad input get nothing', async () => {
    const { f, clientId } = await salonWithClient();
    const other = await salonWithOwner(t);
    const otherLive = await listen(other.owner.token, other.salonId);
    const a = await book(f, { client: clientId, startAt: at(3, '11:00') });
    const master = await addStaff(t, f.salonId, 'MASTER');
    refused(await t.gql(LIST, { salon: f.salonId, appointment: a.id }, master.token), {
      code: 'Forbidden',
      reason: 'MASTER_CANNOT_SEE_CLIENT_MESSAGES',
    });
    const masterLive = subscribe(t.url, master.token, CHANGED, { salon: f.salonId });
    open.push(masterLive);
    await expect(masterLive.next()).rejects.toThrow(/Not allowed/);
    // Another salon's owner: not of this salon, and this salon's ids in their own salon find nothing.
    refused(await t.gql(LIST, { salon: f.salonId, appointment: a.id }, other.owner.token), { code: 'Forbidden' });
    expect(await list(other, { appointment: a.id })).toEqual([]);
    expect(await list(other, { client: clientId })).toEqual([]);
    for (const bad of [{}, { appointment: a.id, client: clientId }, { appointment: 'x y' }]) {
      refused(await t.gql(LIST, { salon: f.salonId, ...bad }, f.owner.token), { reason: 'VALIDATION_FAILED' });
    }
    await vi.waitFor(async () => expect(await list(f, { appointment: a.id })).toHaveLength(4), WAIT);
    expect(otherLive.values).toEqual([]);
  });
});
