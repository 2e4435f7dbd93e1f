import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_MESSAGES } from '../../src/domain/rules/client-messages';
import { appointments, clientMessages } from '../../server/db/schema';
import { bookableSalon, bookOnline } from '../factories/online-booking';
import { at, setSettings } from '../factories/salon';
import { useFakeSms } from '../factories/sms';
import { captchaFor } from '../factories/accounts';
import { ok, refused } from '../helpers/graphql';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';

const PAGE = `query P($slug: String!) { bookingPage(slug: $slug) { codeBySms } }`;
const REQUEST = `mutation R($input: RequestBookingCodeInput!) { requestBookingCode(input: $input) }`;
const CONFIRM = `mutation C($input: ConfirmBookingInput!) { confirmBooking(input: $input) { startAt } }`;

/**
 * A page booking and the salon's own client messages (issue 61 item 4, issue 57): the page's mail, with its calendar
 * file and manage link, replaces the salon's e-mailed confirmation; the salon's SMS confirmation and its reminders on
 * both channels are planned as for any booking.
 */
describe.each(backends(import.meta.url))('a page booking’s client messages on %s', (backend) => {
  const { sms, fake } = useFakeSms();
  const t = useTestServer(backend, { ...ROOMY_LIMITS, sms });

  it('plans the SMS confirmation and the reminders; the e-mailed confirmation is the page’s own mail', async () => {
    const { f, slug, service } = await bookableSalon(t);
    await setSettings(t, f.salonId, { clientMessages: { ...DEFAULT_CLIENT_MESSAGES, quietFrom: 0, quietTo: 0 } });
    const { client } = await bookOnline(t, slug, service, at(2, '11:00'));
    const [visit] = await t.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.salonId, f.salonId), eq(appointments.startAt, at(2, '11:00'))));
    const planned = await t.db
      .select({ kind: clientMessages.kind, channel: clientMessages.channel })
      .from(clientMessages)
      .where(eq(clientMessages.appointmentId, visit!.id));
    expect(planned.map((m) => `${m.kind} ${m.channel}`).sort()).toEqual(['CONFIRMATION SMS', 'REMINDER EMAIL', 'REMINDER SMS']);
    // The one confirmation by e-mail is the page's, with its manage link.
    expect(t.mail.last(client.email).text).toContain('/book/manage/');
  });

  it('sends the code by SMS where the salon sends SMS; it books only with that phone', async () => {
    const { f, slug, service } = await bookableSalon(t);
    const email = `sms-${Date.now()}@example.test`;
    const phone = `+3712${String(Date.now()).slice(-7)}`;
    const ask = async () =>
      t.gql(REQUEST, {
        input: { slug, email, lang: 'en', captcha: await captchaFor(t), channel: 'SMS', phone: phone.replace('+371', '+371 ') },
      });
    // A salon that sends no SMS offers none, and refuses the channel on its field.
    await setSettings(t, f.salonId, { clientMessages: { ...DEFAULT_CLIENT_MESSAGES, sms: false } });
    expect(ok(await t.gql(PAGE, { slug })).bookingPage.codeBySms).toBe(false);
    refused(await ask(), { reason: 'SMS_NOT_OFFERED', field: 'channel' });
    refused(await t.gql(REQUEST, { input: { slug, email, captcha: await captchaFor(t), channel: 'SMS' } }), { field: 'phone' });

    await setSettings(t, f.salonId, { clientMessages: { ...DEFAULT_CLIENT_MESSAGES, quietFrom: 0, quietTo: 0 } });
    expect(ok(await t.gql(PAGE, { slug })).bookingPage.codeBySms).toBe(true);
    ok(await ask());
    const [text] = fake().messages.filter((m) => m.to === phone);
    const code = /\b(\d{6})\b/.exec(text?.body ?? '')?.[1] as string;
    expect(text?.body).toContain('Salon');
    expect(t.mail.to(email)).toHaveLength(0);
    const client = { firstName: 'Ilze', lastName: 'Kalna', phone, email, notes: '' };
    const input = { slug, serviceIds: [service], masterId: null, startAt: at(2, '11:00'), code, lang: 'en' };
    // The code went to one phone: with another it is wrong.
    refused(await t.gql(CONFIRM, { input: { ...input, client: { ...client, phone: '+37120000999' } } }), {
      reason: 'BOOKING_CODE_INVALID',
    });
    ok(await t.gql(CONFIRM, { input: { ...input, client } }));
  });
});
