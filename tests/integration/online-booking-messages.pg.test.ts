import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_MESSAGES } from '../../src/domain/rules/client-messages';
import { appointments, clientMessages } from '../../server/db/schema';
import { bookableSalon, bookOnline } from '../factories/online-booking';
import { at, setSettings } from '../factories/salon';
import { useFakeSms } from '../factories/sms';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';

/**
 * A page booking and the salon's own client messages (issue 61 item 4, issue 57): the page's mail, with its calendar
 * file and manage link, replaces the salon's e-mailed confirmation; the salon's SMS confirmation and its reminders on
 * both channels are planned as for any booking.
 */
describe.each(backends(import.meta.url))('a page booking’s client messages on %s', (backend) => {
  const { sms } = useFakeSms();
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
});
