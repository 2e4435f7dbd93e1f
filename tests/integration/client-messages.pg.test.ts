import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CLIENT_MESSAGES, type ClientMessageSettings } from '../../src/domain/rules/client-messages';
import { clientMessages, salons, users } from '../../server/db/schema';
import { sendClientMessage } from '../../server/modules/client-messages/send';
import { addStaff, at, clientInput, editOf, line, salonWithOwner, setSettings, type SalonFixture } from '../factories/salon';
import { ok, refused, type Loose } from '../helpers/graphql';
import { CREATE_APPOINTMENTS, CREATE_CLIENT, DELETE_APPOINTMENT, UPDATE_APPOINTMENT } from '../helpers/operations';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';

/**
 * Client messages (issue 57, decision 075): an appointment's booking, move and cancellation schedule what the salon
 * tells its client, in the same transaction, and the job queue sends each once by e-mail; a move replaces the
 * reminders, a cancellation cancels what is pending. The salon's settings say what goes.
 */
const WAIT = { timeout: 20_000, interval: 100 };
const UPDATE_CLIENT_MESSAGES = `mutation U($input: UpdateSalonClientMessagesInput!) { updateSalonClientMessages(input: $input) {
  settings { clientMessages { confirmation reminders moved cancelled noShow email sms quietFrom quietTo lateCancelHours } } } }`;

const UPDATE_TEMPLATE = `mutation T($input: UpdateSalonMessageTemplateInput!) { updateSalonMessageTemplate(input: $input) { id } }`;

describe.each(backends(import.meta.url))('client messages on %s', (backend) => {
  const t = useTestServer(backend, { ...ROOMY_LIMITS, messagePollingSeconds: 0.5 });

  const salonWithClient = async (settings: Partial<ClientMessageSettings> | null, email: string | null) => {
    const f = await salonWithOwner(t);
    if (settings) await setSettings(t, f.salonId, { clientMessages: { ...DEFAULT_CLIENT_MESSAGES, ...settings } });
    const client = ok(await t.gql(CREATE_CLIENT, { input: clientInput(f.salonId, { email }) }, f.owner.token)).createClient;
    return { f, clientId: client.id as string };
  };
  const book = async (f: SalonFixture, overrides: Loose) =>
    ok(await t.gql(CREATE_APPOINTMENTS, { input: { salon: f.salonId, appointments: [line(f, overrides)] } }, f.owner.token))
      .createAppointments[0];
  const messagesOf = (appointmentId: string) =>
    t.db
      .select({ kind: clientMessages.kind, channel: clientMessages.channel, status: clientMessages.status, reason: clientMessages.reason })
      .from(clientMessages)
      .where(eq(clientMessages.appointmentId, appointmentId))
      .orderBy(clientMessages.dueAt, clientMessages.kind);

  it('confirms a booking by e-mail once, and schedules its reminder', async () => {
    const email = `ilze-${Date.now()}@example.test`;
    const { f, clientId } = await salonWithClient({ reminders: [24] }, email);
    const a = await book(f, { client: clientId, startAt: at(3, '10:00') });
    await vi.waitFor(() => expect(t.mail.to(email)).toHaveLength(1), WAIT);
    const mail = t.mail.last(email);
    expect(mail.subject).toContain('pierakstīta');
    expect(mail.text).toContain('10:00');
    await vi.waitFor(
      async () =>
        expect(await messagesOf(a.id)).toEqual([
          { kind: 'CONFIRMATION', channel: 'EMAIL', status: 'SENT', reason: null },
          { kind: 'REMINDER', channel: 'EMAIL', status: 'SCHEDULED', reason: null },
        ]),
      WAIT,
    );
  });

  it('a move tells the new time and replaces the reminder; a cancellation cancels what is pending', async () => {
    const email = `anna-${Date.now()}@example.test`;
    const { f, clientId } = await salonWithClient({ reminders: [24] }, email);
    const a = await book(f, { client: clientId, startAt: at(3, '10:00') });
    const moved = ok(await t.gql(UPDATE_APPOINTMENT, { input: editOf(a, { startAt: at(4, '12:30') }) }, f.owner.token)).updateAppointment;
    expect(moved.startAt).toBe(at(4, '12:30'));
    await vi.waitFor(() => expect(t.mail.to(email).map((m) => m.subject)).toHaveLength(2), WAIT);
    expect(t.mail.last(email).text).toContain('12:30');
    const afterMove = await messagesOf(a.id);
    expect(afterMove.filter((m) => m.kind === 'REMINDER').map((m) => [m.status, m.reason])).toEqual([
      ['CANCELLED', 'REPLACED'],
      ['SCHEDULED', null],
    ]);

    ok(await t.gql(DELETE_APPOINTMENT, { input: { appointmentId: a.id } }, f.owner.token));
    await vi.waitFor(() => expect(t.mail.to(email)).toHaveLength(3), WAIT);
    expect(t.mail.last(email).subject).toContain('atcelta');
    // The mail reaches the sink a moment before its row says SENT.
    await vi.waitFor(
      async () => expect((await messagesOf(a.id)).map((m) => m.status).sort()).toEqual(['CANCELLED', 'CANCELLED', 'SENT', 'SENT', 'SENT']),
      WAIT,
    );
  });

  it('sends nothing while the salon has not chosen, to a walk-in, or on a channel the client lacks', async () => {
    const unset = await salonWithClient(null, `nobody-${Date.now()}@example.test`);
    const a = await book(unset.f, { client: unset.clientId, startAt: at(3, '10:00') });
    const noEmail = await salonWithClient({}, null);
    const b = await book(noEmail.f, { client: noEmail.clientId, startAt: at(3, '11:00') });
    const walkIn = await book(noEmail.f, { client: null, startAt: at(3, '12:00') });
    for (const id of [a.id, b.id, walkIn.id]) expect(await messagesOf(id)).toEqual([]);
  });

  it("sends the salon's own text of a message, filled in, and the default again after a reset (decision 080)", async () => {
    const email = `marta-${Date.now()}@example.test`;
    const { f, clientId } = await salonWithClient({ reminders: [] }, email);
    const template = { subject: '{salon}: {date}', body: 'Sveika, {name}! {service} pie {master}, {date} {time}. {address}, {phone}' };
    const set = (value: Loose, token = f.owner.token) =>
      t.gql(UPDATE_TEMPLATE, { input: { id: f.salonId, kind: 'CONFIRMATION', language: 'lv', template: value } }, token);
    ok(await set(template));
    // A name in braces that is no placeholder, or an empty text, is refused on its field and changes nothing.
    refused(await set({ ...template, body: 'Sveika, {vards}!' }), { reason: 'VALIDATION_FAILED', field: 'template.body' });
    refused(await set({ ...template, subject: ' ' }), { reason: 'VALIDATION_FAILED', field: 'template.subject' });
    const master = await addStaff(t, f.salonId, 'MASTER');
    refused(await set(null, master.token), { code: 'Forbidden' });
    const [row] = await t.db.select({ settings: salons.settings }).from(salons).where(eq(salons.id, f.salonId));
    expect(row?.settings.clientMessageTemplates).toEqual({ 'CONFIRMATION.lv': template });

    await book(f, { client: clientId, startAt: at(3, '10:00') });
    await vi.waitFor(() => expect(t.mail.to(email)).toHaveLength(1), WAIT);
    const mail = t.mail.last(email);
    expect(mail.subject).toMatch(/^.+: \d\d\.\d\d\.\d{4}$/);
    expect(mail.text).toMatch(/^Sveika, .+! .+ pie .+, \d\d\.\d\d\.\d{4} 10:00\. /);
    expect(mail.text).not.toContain('{');
    // The salon's phone is its owner's, in the text and under the address.
    const [owner] = await t.db.select({ phone: users.phone }).from(users).where(eq(users.id, f.owner.userId));
    expect(owner?.phone).toBeTruthy();
    expect(mail.text).toContain(`, ${owner?.phone}\n`);
    expect(mail.text).toContain(`Tālrunis: ${owner?.phone}`);

    ok(await set(null));
    await book(f, { client: clientId, startAt: at(3, '12:00') });
    await vi.waitFor(() => expect(t.mail.to(email)).toHaveLength(2), WAIT);
    expect(t.mail.last(email).subject).toContain('pierakstīta');
  });

  it('a refused booking schedules nothing', async () => {
    const { f, clientId } = await salonWithClient({}, `eva-${Date.now()}@example.test`);
    await book(f, { client: clientId, startAt: at(3, '10:00') });
    const clash = line(f, { client: clientId, startAt: at(3, '10:00') });
    const refused = await t.gql(CREATE_APPOINTMENTS, { input: { salon: f.salonId, appointments: [clash] } }, f.owner.token);
    expect(refused.errors?.length).toBeGreaterThan(0);
    expect(await messagesOf(clash.id)).toEqual([]);
  });

  it('Salon settings → Client messages: an administrator saves them, a master may not, bad input changes nothing', async () => {
    const f = await salonWithOwner(t);
    const master = await addStaff(t, f.salonId, 'MASTER');
    const chosen = { ...DEFAULT_CLIENT_MESSAGES, reminders: [48, 2], sms: false, quietFrom: 1320, quietTo: 480, lateCancelHours: 12 };
    const saved = ok(await t.gql(UPDATE_CLIENT_MESSAGES, { input: { id: f.salonId, clientMessages: chosen } }, f.owner.token));
    expect(saved.updateSalonClientMessages.settings.clientMessages).toEqual(chosen);
    refused(await t.gql(UPDATE_CLIENT_MESSAGES, { input: { id: f.salonId, clientMessages: chosen } }, master.token), {
      code: 'Forbidden',
    });
    for (const [bad, field] of [
      [{ reminders: [2, 24, 48] }, 'clientMessages.reminders'],
      [{ reminders: [3] }, 'clientMessages.reminders.0'],
      [{ quietFrom: 1440 }, 'clientMessages.quietFrom'],
      [{ lateCancelHours: 5 }, 'clientMessages.lateCancelHours'],
    ] as const) {
      refused(await t.gql(UPDATE_CLIENT_MESSAGES, { input: { id: f.salonId, clientMessages: { ...chosen, ...bad } } }, f.owner.token), {
        reason: 'VALIDATION_FAILED',
        field,
      });
    }
    const [row] = await t.db.select({ settings: salons.settings }).from(salons).where(eq(salons.id, f.salonId));
    expect(row?.settings.clientMessages).toEqual(chosen);
  });

  it('a try that died after claiming a message fails it "INTERRUPTED", never sends it twice; one that died before sends it', async () => {
    const email = `zane-${Date.now()}@example.test`;
    const { f, clientId } = await salonWithClient({ reminders: [24] }, email);
    const a = await book(f, { client: clientId, startAt: at(3, '10:00') });
    await vi.waitFor(() => expect(t.mail.to(email)).toHaveLength(1), WAIT);
    const [reminder] = await t.db
      .select({ id: clientMessages.id })
      .from(clientMessages)
      .where(and(eq(clientMessages.appointmentId, a.id), eq(clientMessages.kind, 'REMINDER')));
    // As an instance killed between the claim and the provider's answer leaves it: the queue's next try finds it SENDING.
    await t.db.update(clientMessages).set({ status: 'SENDING' }).where(eq(clientMessages.id, reminder!.id));
    await sendClientMessage(t.app, reminder!.id, { retry: 1, last: false });
    expect(await messagesOf(a.id)).toContainEqual({ kind: 'REMINDER', channel: 'EMAIL', status: 'FAILED', reason: 'INTERRUPTED' });
    // Killed while writing it (still SCHEDULED): the next try sends it, once.
    await t.db.update(clientMessages).set({ status: 'SCHEDULED', reason: null }).where(eq(clientMessages.id, reminder!.id));
    await sendClientMessage(t.app, reminder!.id, { retry: 1, last: false });
    await sendClientMessage(t.app, reminder!.id, { retry: 2, last: false });
    expect(t.mail.to(email)).toHaveLength(2);
    expect(await messagesOf(a.id)).toContainEqual({ kind: 'REMINDER', channel: 'EMAIL', status: 'SENT', reason: null });
  });

  it('logs no address or text of a message', async () => {
    const sent = await t.db
      .select({ id: clientMessages.id })
      .from(clientMessages)
      .where(and(eq(clientMessages.status, 'SENT')));
    expect(sent.length).toBeGreaterThan(0);
    const log = t.logs.join('\n');
    expect(log).not.toMatch(/@example\.test/);
    expect(log).not.toContain('pierakstīta');
  });
});
