import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CLIENT_MESSAGES, type ClientMessageSettings } from '../../src/domain/rules/client-messages';
import { minutesOfDay, salonWallTime } from '../../src/domain/rules/time';
import { clientMessages } from '../../server/db/schema';
import { FAKE_SMS } from '../fakes/sms-api';
import { useFakeSms } from '../factories/sms';
import { at, clientInput, line, salonWithOwner, setSettings, type SalonFixture } from '../factories/salon';
import { ok, refused, type Loose } from '../helpers/graphql';
import { CREATE_APPOINTMENTS, CREATE_CLIENT } from '../helpers/operations';
import { backends, ROOMY_LIMITS, useTestServer, type TestServer } from '../helpers/server';

/**
 * Client messages by SMS (issue 57 item 3, decision 076), against the local fake of Twilio's Messages API: an SMS is
 * sent once, its signed delivery report marks it delivered or not; a throttling or failing provider means tries
 * again, a number it cannot reach fails at once with its code; quiet hours hold an SMS back; a server without a
 * provider plans no SMS and refuses to switch them on.
 */
const WAIT = { timeout: 20_000, interval: 100 };
const UPDATE_CLIENT_MESSAGES = `mutation U($input: UpdateSalonClientMessagesInput!) { updateSalonClientMessages(input: $input) {
  settings { clientMessages { sms } } } }`;
const CHANNELS = `query { messageChannels { email sms } }`;
/** SMS only, so each test's messages are its SMS. */
const SMS_ONLY: Partial<ClientMessageSettings> = { email: false, sms: true, reminders: [], quietFrom: 0, quietTo: 0 };

const helpers = (t: TestServer) => ({
  async salonWithClient(settings: Partial<ClientMessageSettings>, phone: string | null, email: string | null = null) {
    const f = await salonWithOwner(t);
    await setSettings(t, f.salonId, { clientMessages: { ...DEFAULT_CLIENT_MESSAGES, ...settings } });
    const client = ok(await t.gql(CREATE_CLIENT, { input: clientInput(f.salonId, { phone, email }) }, f.owner.token)).createClient;
    return { f, clientId: client.id as string };
  },
  async book(f: SalonFixture, overrides: Loose) {
    return ok(await t.gql(CREATE_APPOINTMENTS, { input: { salon: f.salonId, appointments: [line(f, overrides)] } }, f.owner.token))
      .createAppointments[0] as { id: string };
  },
  messagesOf(appointmentId: string) {
    return t.db
      .select({
        kind: clientMessages.kind,
        channel: clientMessages.channel,
        status: clientMessages.status,
        reason: clientMessages.reason,
        providerId: clientMessages.providerId,
        dueAt: clientMessages.dueAt,
      })
      .from(clientMessages)
      .where(eq(clientMessages.appointmentId, appointmentId))
      .orderBy(clientMessages.dueAt, clientMessages.kind);
  },
});

/** A phone nobody else in the run has. */
const phone = () => `+3712${Math.floor(Math.random() * 9_000_000) + 1_000_000}`;

describe.each(backends(import.meta.url))('client messages by SMS on %s', (backend) => {
  const { sms, fake: fakeSms } = useFakeSms();
  const t = useTestServer(backend, {
    ...ROOMY_LIMITS,
    messagePollingSeconds: 0.5,
    messageRetry: { retryLimit: 2, retryDelaySeconds: 1 },
    sms,
  });
  const { salonWithClient, book, messagesOf } = helpers(t);
  const smsTo = (to: string) => fakeSms().messages.filter((m) => m.to === to);

  it('sends a confirmation once through the provider; its signed report marks it delivered', async () => {
    const to = phone();
    const { f, clientId } = await salonWithClient(SMS_ONLY, to);
    const a = await book(f, { client: clientId, startAt: at(3, '10:00') });
    await vi.waitFor(async () => expect((await messagesOf(a.id))[0]?.status).toBe('DELIVERED'), WAIT);
    const [message] = smsTo(to);
    expect(smsTo(to)).toHaveLength(1);
    expect(message).toMatchObject({ from: FAKE_SMS.from, statusCallback: `${t.app.publicUrl}/sms/status` });
    expect(message!.body).toContain('10:00');
    expect(message!.body).toContain('STOP');
    expect(await messagesOf(a.id)).toMatchObject([{ kind: 'CONFIRMATION', channel: 'SMS', reason: null, providerId: message!.sid }]);
    // The fake notes a report once the server has answered it, a moment after the row changed.
    await vi.waitFor(
      () =>
        expect(fakeSms().reports.filter((r) => r.sid === message!.sid)).toEqual([
          { sid: message!.sid, status: 'sent', answered: 204 },
          { sid: message!.sid, status: 'delivered', answered: 204 },
        ]),
      WAIT,
    );
    expect(await t.gql(CHANNELS, {}, f.owner.token)).toMatchObject({ data: { messageChannels: { email: true, sms: true } } });
  });

  it('refuses a report without the provider’s signature; a signed “undelivered” fails the message with its code', async () => {
    fakeSms().setOutcome(null);
    try {
      const to = phone();
      const { f, clientId } = await salonWithClient(SMS_ONLY, to);
      const a = await book(f, { client: clientId, startAt: at(3, '11:00') });
      await vi.waitFor(async () => expect((await messagesOf(a.id))[0]?.status).toBe('SENT'), WAIT);
      const sid = smsTo(to)[0]!.sid;
      expect(await fakeSms().report(sid, 'delivered', 'bm90IGEgc2lnbmF0dXJl')).toBe(403);
      expect(await fakeSms().report(sid, 'delivered', '')).toBe(403);
      expect((await messagesOf(a.id))[0]?.status).toBe('SENT');
      expect(await fakeSms().report(sid, 'undelivered')).toBe(204);
      expect(await messagesOf(a.id)).toMatchObject([{ status: 'FAILED', reason: 'UNDELIVERED 30003' }]);
      // A late "delivered" does not undo the provider's final word.
      expect(await fakeSms().report(sid, 'delivered')).toBe(204);
      expect((await messagesOf(a.id))[0]?.status).toBe('FAILED');
    } finally {
      fakeSms().setOutcome('delivered');
    }
  });

  it('a report that comes before its send has written the provider’s id waits for it and applies', async () => {
    fakeSms().setOutcome(null);
    try {
      const to = phone();
      const { f, clientId } = await salonWithClient(SMS_ONLY, to);
      const a = await book(f, { client: clientId, startAt: at(3, '14:00') });
      await vi.waitFor(async () => expect((await messagesOf(a.id))[0]?.status).toBe('SENT'), WAIT);
      const sid = smsTo(to)[0]!.sid;
      // As a send still writing its answer leaves the row: claimed, without the provider's id yet.
      await t.db.update(clientMessages).set({ status: 'SENDING', providerId: null }).where(eq(clientMessages.appointmentId, a.id));
      const report = fakeSms().report(sid, 'delivered');
      await new Promise((resolve) => setTimeout(resolve, 500));
      await t.db.update(clientMessages).set({ status: 'SENT', providerId: sid }).where(eq(clientMessages.appointmentId, a.id));
      expect(await report).toBe(204);
      expect((await messagesOf(a.id))[0]?.status).toBe('DELIVERED');
    } finally {
      fakeSms().setOutcome('delivered');
    }
  });

  it('a provider throttling (429) or failing (503, dropped) means tries again, and the SMS goes once', async () => {
    const to = phone();
    const { f, clientId } = await salonWithClient(SMS_ONLY, to);
    const before = fakeSms().attempts.length;
    fakeSms().failNext(429);
    fakeSms().failNext(0);
    const a = await book(f, { client: clientId, startAt: at(3, '12:00') });
    await vi.waitFor(async () => expect((await messagesOf(a.id))[0]?.status).toBe('DELIVERED'), WAIT);
    expect(fakeSms().attempts.slice(before)).toEqual([429, 0, 201]);
    expect(smsTo(to)).toHaveLength(1);
  });

  it('a provider down through every try leaves the message failed with its reason, never silently', async () => {
    const to = phone();
    const { f, clientId } = await salonWithClient(SMS_ONLY, to);
    const before = fakeSms().attempts.length;
    fakeSms().failNext(503, 3);
    const a = await book(f, { client: clientId, startAt: at(3, '13:00') });
    await vi.waitFor(async () => expect((await messagesOf(a.id))[0]?.status).toBe('FAILED'), WAIT);
    expect(await messagesOf(a.id)).toMatchObject([{ status: 'FAILED', reason: 'SmsError HTTP_503 20500' }]);
    expect(fakeSms().attempts.slice(before)).toEqual([503, 503, 503]);
    expect(smsTo(to)).toHaveLength(0);
  });

  it('a number the provider cannot reach fails at once with the provider’s code, without tries again', async () => {
    const { f, clientId } = await salonWithClient(SMS_ONLY, FAKE_SMS.unreachable);
    const before = fakeSms().attempts.length;
    const a = await book(f, { client: clientId, startAt: at(3, '14:00') });
    await vi.waitFor(async () => expect((await messagesOf(a.id))[0]?.status).toBe('FAILED'), WAIT);
    expect(await messagesOf(a.id)).toMatchObject([{ status: 'FAILED', reason: 'SmsError HTTP_400 21211' }]);
    // Two polls later, still one attempt.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(fakeSms().attempts.slice(before)).toEqual([400]);
  });

  it('quiet hours hold an SMS back to their end, while the e-mail goes now', async () => {
    const now = minutesOfDay(salonWallTime(new Date(), 'Europe/Riga'));
    const from = (Math.floor(now / 30) * 30 + 1440 - 30) % 1440;
    const to = (from + 120) % 1440;
    const settings = { ...SMS_ONLY, email: true, quietFrom: from, quietTo: to };
    const { f, clientId } = await salonWithClient(settings, phone(), `quiet-${Date.now()}@example.test`);
    const a = await book(f, { client: clientId, startAt: at(3, '15:00') });
    await vi.waitFor(async () => expect((await messagesOf(a.id)).map((m) => m.status)).toContain('SENT'), WAIT);
    const rows = await messagesOf(a.id);
    const email = rows.find((m) => m.channel === 'EMAIL')!;
    const text = rows.find((m) => m.channel === 'SMS')!;
    expect(email.status).toBe('SENT');
    expect(text.status).toBe('SCHEDULED');
    expect(salonWallTime(text.dueAt, 'Europe/Riga').slice(11)).toBe(
      `${String(Math.floor(to / 60)).padStart(2, '0')}:${String(to % 60).padStart(2, '0')}`,
    );
  });

  it('logs no phone number or text of a message', () => {
    const log = t.logs.join('\n');
    expect(fakeSms().messages.length).toBeGreaterThan(0);
    for (const message of fakeSms().messages) {
      expect(log).not.toContain(message.to);
      expect(log).not.toContain(message.to.slice(1));
      expect(log).not.toContain(message.body.slice(0, 20));
    }
  });
});

describe.each(backends(import.meta.url))('client messages without an SMS provider on %s', (backend) => {
  const t = useTestServer(backend, { ...ROOMY_LIMITS, messagePollingSeconds: 0.5 });
  const { salonWithClient, book, messagesOf } = helpers(t);

  it('plans no SMS, says SMS are not configured, and refuses to switch them on', async () => {
    const { f, clientId } = await salonWithClient({ ...SMS_ONLY, sms: false, email: true }, phone());
    const a = await book(f, { client: clientId, startAt: at(3, '10:00') });
    expect(await messagesOf(a.id)).toEqual([]);
    expect(await t.gql(CHANNELS, {}, f.owner.token)).toMatchObject({ data: { messageChannels: { email: true, sms: false } } });
    const input = { id: f.salonId, clientMessages: { ...DEFAULT_CLIENT_MESSAGES, sms: false } };
    ok(await t.gql(UPDATE_CLIENT_MESSAGES, { input }, f.owner.token));
    const turnedOn = await t.gql(
      UPDATE_CLIENT_MESSAGES,
      { input: { ...input, clientMessages: { ...input.clientMessages, sms: true } } },
      f.owner.token,
    );
    refused(turnedOn, { code: 'IllegalArgument', reason: 'SMS_NOT_CONFIGURED', field: 'clientMessages.sms' });
  });

  it('keeps SMS on for a salon that had them, so its other choices still save', async () => {
    const { f } = await salonWithClient({ ...SMS_ONLY, sms: true }, phone());
    const input = { id: f.salonId, clientMessages: { ...DEFAULT_CLIENT_MESSAGES, sms: true, reminders: [2] } };
    expect(ok(await t.gql(UPDATE_CLIENT_MESSAGES, { input }, f.owner.token)).updateSalonClientMessages.settings.clientMessages.sms).toBe(
      true,
    );
  });
});
