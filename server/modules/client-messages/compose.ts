import { eq } from 'drizzle-orm';
import { nameIn } from '../../../src/domain/rules/names';
import { formatMinutes } from '../../../src/domain/rules/settings';
import type { SalonSettings } from '../../../src/domain/rules/salon-defaults';
import { dayText, minutesOfDay } from '../../../src/domain/rules/time';
import type { Db } from '../../db/client';
import { appointments, clientMessages, clients, masters, salons, services } from '../../db/schema';
import { translate, type Lang } from '../../i18n';
import type { MailMessage } from '../../mail/mailer';

type MessageRow = typeof clientMessages.$inferSelect;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Until clients carry their language (issue 57 item 4), a message speaks the product's default, Latvian. */
const LANGUAGE: Lang = 'lv';

/** What a message tells: the client's addresses and the values of its template, as the appointment is now. */
async function factsOf(db: Db, message: MessageRow) {
  const [row] = await db
    .select({
      startAt: appointments.startAt,
      serviceNames: services.nameVariants,
      masterFirst: masters.firstName,
      masterLast: masters.lastName,
      clientFirst: clients.firstName,
      email: clients.email,
      phone: clients.phone,
      salon: salons.name,
      address: salons.address,
      settings: salons.settings,
    })
    .from(appointments)
    .innerJoin(salons, eq(salons.id, appointments.salonId))
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(clients, eq(clients.id, appointments.clientId))
    .leftJoin(masters, eq(masters.id, appointments.masterId))
    .where(eq(appointments.id, message.appointmentId));
  if (!row) return null;
  const format = (row.settings as SalonSettings).schedule?.format ?? 'HH:mm';
  const master = `${row.masterFirst ?? ''} ${row.masterLast ?? ''}`.trim();
  const service = nameIn(row.serviceNames, LANGUAGE);
  const values = {
    name: row.clientFirst,
    salon: row.salon,
    what: master ? `${service} (${master})` : service,
    date: dayText(row.startAt.slice(0, 10)),
    time: formatMinutes(minutesOfDay(row.startAt), format),
    address: row.address,
  };
  return { email: row.email, phone: row.phone, address: row.address, values };
}

/**
 * The e-mail of a message, as the appointment, its client and the salon are now (a move waiting in the queue tells
 * the newest time); null when the client has no e-mail address any more.
 */
export async function composeMail(db: Db, message: MessageRow): Promise<MailMessage | null> {
  const facts = await factsOf(db, message);
  if (!facts?.email) return null;
  const { values } = facts;
  const subject = translate(LANGUAGE, `clientMessage.${message.kind}.subject`, values);
  const body = translate(LANGUAGE, `clientMessage.${message.kind}.body`, values);
  const where = facts.address ? translate(LANGUAGE, 'clientMessage.address', values) : '';
  const why = translate(LANGUAGE, 'clientMessage.why', values);
  const text = [body, where, why].filter(Boolean).join('\n\n');
  const html = [body, where, why]
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('');
  return { to: facts.email, subject, text: `${text}\n`, html };
}

/** The SMS of a message: its text and how to stop them; null when the client has no phone any more. */
export async function composeSms(db: Db, message: MessageRow): Promise<{ to: string; body: string } | null> {
  const facts = await factsOf(db, message);
  if (!facts?.phone) return null;
  const body = translate(LANGUAGE, `clientMessage.${message.kind}.body`, facts.values);
  return { to: facts.phone, body: `${body} ${translate(LANGUAGE, 'clientMessage.smsStop')}` };
}
