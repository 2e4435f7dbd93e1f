import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CLIENT_MESSAGES, type ClientMessageSettings } from '../../src/domain/rules/client-messages';
import { clientMessages, clients } from '../../server/db/schema';
import { twilioSignatureOf, FAKE_SMS } from '../fakes/sms-api';
import { useFakeSms } from '../factories/sms';
import { at, clientInput, line, salonWithOwner, setSettings, type SalonFixture } from '../factories/salon';
import { ok, refused, type Loose } from '../helpers/graphql';
import { CREATE_APPOINTMENTS, CREATE_CLIENT, UPDATE_CLIENT } from '../helpers/operations';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';

/**
 * What a client wants of the salon's messages (issue 57 item 4): their language and consent, kept by the client
 * commands; mail in the client's language with an unsubscribe link that works by POST only; an SMS "STOP" from the
 * client's phone, signed by the provider, turns messages off in every salon with that phone.
 */
const WAIT = { timeout: 20_000, interval: 100 };
const phone = () => `+3712${Math.floor(Math.random() * 9_000_000) + 1_000_000}`;

describe.each(backends(import.meta.url))('client message consent and language on %s', (backend) => {
  const { sms, fake: fakeSms } = useFakeSms();
  const t = useTestServer(backend, { ...ROOMY_LIMITS, messagePollingSeconds: 0.5, sms });

  const salonWithClient = async (settings: Partial<ClientMessageSettings>, overrides: Loose) => {
    const f = await salonWithOwner(t);
    await setSettings(t, f.salonId, { clientMessages: { ...DEFAULT_CLIENT_MESSAGES, ...settings } });
    const client = ok(await t.gql(CREATE_CLIENT, { input: clientInput(f.salonId, overrides) }, f.owner.token)).createClient;
    return { f, client: client as Loose & { id: string } };
  };
  const book = async (f: SalonFixture, overrides: Loose) =>
    ok(await t.gql(CREATE_APPOINTMENTS, { input: { salon: f.salonId, appointments: [line(f, overrides)] } }, f.owner.token))
      .createAppointments[0] as { id: string };
  const messagesOf = (appointmentId: string) =>
    t.db
      .select({ kind: clientMessages.kind, channel: clientMessages.channel, status: clientMessages.status, reason: clientMessages.reason })
      .from(clientMessages)
      .where(eq(clientMessages.appointmentId, appointmentId))
      .orderBy(clientMessages.dueAt, clientMessages.kind);
  const consentOf = async (clientId: string) =>
    (await t.db.select({ consent: clients.messageConsent, rev: clients.rev }).from(clients).where(eq(clients.id, clientId)))[0]!;
  const edit = (f: SalonFixture, c: Loose, patch: Loose) => {
    const { id, salonId, type, blockedAt, blockedBy, rev, language, messageConsent, ...fields } = c;
    void [type, blockedAt, blockedBy, rev, language, messageConsent];
    return t.gql(UPDATE_CLIENT, { input: { salonId, clientId: id, ...fields, blocked: false, ...patch } }, f.owner.token);
  };

  it('the client commands keep the language and consent; absent on an update leaves them; a bad language is refused', async () => {
    const { f, client } = await salonWithClient({}, { language: 'ru', messageConsent: false });
    expect(client).toMatchObject({ language: 'ru', messageConsent: false });
    const kept = ok(await edit(f, client, { notes: 'VIP' })).updateClient;
    expect(kept).toMatchObject({ notes: 'VIP', language: 'ru', messageConsent: false });
    const changed = ok(await edit(f, client, { language: '', messageConsent: true })).updateClient;
    expect(changed).toMatchObject({ language: null, messageConsent: true });
    refused(await edit(f, client, { language: 'de' }), { code: 'IllegalArgument', field: 'language' });
    expect((await consentOf(client.id)).consent).toBe(true);
    const plain = ok(await t.gql(CREATE_CLIENT, { input: clientInput(f.salonId) }, f.owner.token)).createClient;
    expect(plain).toMatchObject({ language: null, messageConsent: true });
  });

  it('mails in the client’s language with an unsubscribe link: GET asks, POST unsubscribes and cancels what is pending', async () => {
    const email = `olga-${Date.now()}@example.test`;
    const { f, client } = await salonWithClient({ sms: false, reminders: [24] }, { email, language: 'ru' });
    const a = await book(f, { client: client.id, startAt: at(3, '10:00') });
    await vi.waitFor(() => expect(t.mail.to(email)).toHaveLength(1), WAIT);
    const mail = t.mail.last(email);
    expect(mail.subject).toContain('записан');
    const link = mail.links.find((l) => l.includes('/unsubscribe/'))!;
    expect(link).toMatch(new RegExp(`^${t.app.publicUrl}/unsubscribe/${client.id}\\.`));
    expect(mail.raw).toMatch(/^List-Unsubscribe:\s+<http:\/\/[^>]+\/unsubscribe\//m);
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);

    const url = link.replace(t.app.publicUrl, t.url);
    const asked = await fetch(url);
    expect(asked.status).toBe(200);
    const question = await asked.text();
    expect(question).toContain('<html lang="ru">');
    expect(question).toContain(String(f.owner.fields.salonName));
    expect(question).toContain('<form method="post">');
    expect(question).not.toContain(email);
    expect((await consentOf(client.id)).consent).toBe(true);

    const revBefore = (await consentOf(client.id)).rev;
    const done = await fetch(url, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.status).toBe(200);
    expect(await consentOf(client.id)).toMatchObject({ consent: false });
    expect((await consentOf(client.id)).rev).toBeGreaterThan(revBefore);
    await vi.waitFor(async () =>
      expect((await messagesOf(a.id)).find((m) => m.kind === 'REMINDER')).toMatchObject({ status: 'CANCELLED', reason: 'NO_CONSENT' }),
    );
    // Nothing more is planned for this client.
    const b = await book(f, { client: client.id, startAt: at(4, '10:00') });
    expect(await messagesOf(b.id)).toEqual([]);
  });

  it('an unsubscribe link not made by the server, or made for another client, is not valid', async () => {
    const { client } = await salonWithClient({}, {});
    const forged = `${t.url}/unsubscribe/${client.id}.${'A'.repeat(32)}`;
    expect((await fetch(forged, { method: 'POST' })).status).toBe(404);
    const other = await salonWithClient({}, {});
    const token = t.app.unsubscribe.tokenOf(other.client.id).split('.')[1];
    expect((await fetch(`${t.url}/unsubscribe/${client.id}.${token}`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${t.url}/unsubscribe/nonsense`)).status).toBe(404);
    expect((await consentOf(client.id)).consent).toBe(true);
    expect((await consentOf(other.client.id)).consent).toBe(true);
  });

  it('an SMS “STOP” signed by the provider turns messages off for that phone in every salon; unsigned, nothing changes', async () => {
    const to = phone();
    const one = await salonWithClient({}, { phone: to });
    const two = await salonWithClient({}, { phone: to });
    const bystander = await salonWithClient({}, { phone: phone() });
    const url = `${t.app.publicUrl}/sms/inbound`;
    const inbound = (params: Record<string, string>, signature = twilioSignatureOf(FAKE_SMS.authToken, url, params)) =>
      fetch(`${t.url}/sms/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        body: new URLSearchParams(params),
      });
    const stop = { From: to, To: FAKE_SMS.from, Body: ' stop ', MessageSid: 'SM1', AccountSid: FAKE_SMS.accountSid };
    expect((await inbound(stop, 'forged')).status).toBe(403);
    expect((await consentOf(one.client.id)).consent).toBe(true);
    expect((await inbound({ ...stop, Body: 'Thanks, see you!' })).status).toBe(200);
    expect((await consentOf(one.client.id)).consent).toBe(true);
    const answered = await inbound(stop);
    expect(answered.status).toBe(200);
    expect(await answered.text()).toBe('<Response></Response>');
    expect((await consentOf(one.client.id)).consent).toBe(false);
    expect((await consentOf(two.client.id)).consent).toBe(false);
    expect((await consentOf(bystander.client.id)).consent).toBe(true);
    expect(t.logs.join('\n')).not.toContain(to.slice(1));
  });

  it('an SMS goes in the client’s language', async () => {
    const to = phone();
    const { f, client } = await salonWithClient({ email: false, reminders: [], quietFrom: 0, quietTo: 0 }, { phone: to, language: 'en' });
    await book(f, { client: client.id, startAt: at(3, '16:00') });
    await vi.waitFor(() => expect(fakeSms().messages.filter((m) => m.to === to)).toHaveLength(1), WAIT);
    expect(fakeSms().messages.find((m) => m.to === to)!.body).toMatch(/is booked.*Reply STOP/);
  });
});
