import { eq } from 'drizzle-orm';
import { nameIn } from '../../../src/domain/rules/names';
import { formatMinutes } from '../../../src/domain/rules/settings';
import type { SalonSettings } from '../../../src/domain/rules/salon-defaults';
import { SALON_MESSAGE_LANGUAGE, type MessageKind } from '../../../src/domain/rules/client-messages';
import { fillTemplate, salonTemplate, type TemplateValues } from '../../../src/domain/rules/message-templates';
import { dayText, minutesOfDay } from '../../../src/domain/rules/time';
import type { Db } from '../../db/client';
import { appointments, clientMessages, clients, masters, salons, services, users } from '../../db/schema';
import { translate, type Lang } from '../../i18n';
import type { MailMessage } from '../../mail/mailer';

type MessageRow = typeof clientMessages.$inferSelect;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What a message tells: the client's addresses and the values of its template, as the appointment is now. */
async function factsOf(db: Db, message: MessageRow) {
  const [row] = await db
    .select({
      startAt: appointments.startAt,
      serviceNames: services.nameVariants,
      masterFirst: masters.firstName,
      masterLast: masters.lastName,
      clientFirst: clients.firstName,
      clientId: clients.id,
      email: clients.email,
      phone: clients.phone,
      language: clients.language,
      consent: clients.messageConsent,
      salon: salons.name,
      address: salons.address,
      salonPhone: users.phone,
      settings: salons.settings,
    })
    .from(appointments)
    .innerJoin(salons, eq(salons.id, appointments.salonId))
    .leftJoin(users, eq(users.id, salons.administratorId))
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(clients, eq(clients.id, appointments.clientId))
    .leftJoin(masters, eq(masters.id, appointments.masterId))
    .where(eq(appointments.id, message.appointmentId));
  if (!row) return null;
  const language: Lang = row.language ?? SALON_MESSAGE_LANGUAGE;
  const format = (row.settings as SalonSettings).schedule?.format ?? 'HH:mm';
  const master = `${row.masterFirst ?? ''} ${row.masterLast ?? ''}`.trim();
  const service = nameIn(row.serviceNames, language);
  const values: TemplateValues = {
    name: row.clientFirst,
    salon: row.salon,
    service,
    master,
    what: master ? `${service} (${master})` : service,
    date: dayText(row.startAt.slice(0, 10)),
    time: formatMinutes(minutesOfDay(row.startAt), format),
    address: row.address,
    phone: row.salonPhone ?? '',
  };
  const own = salonTemplate(row.settings as SalonSettings, message.kind as MessageKind, language);
  /** The salon's text of this kind in this language (decision 080), else the catalog's. */
  const text = (part: 'subject' | 'body') =>
    own ? fillTemplate(own[part], values) : translate(language, `clientMessage.${message.kind as MessageKind}.${part}`, values);
  return { clientId: row.clientId, email: row.email, phone: row.phone, consent: row.consent, language, address: row.address, values, text };
}

/** Why a message is not sent: the client has no address on its channel, or does not want messages. */
export type NotSent = 'NO_EMAIL' | 'NO_PHONE' | 'NO_CONSENT' | 'GONE' | 'SMS_NOT_CONFIGURED';

/**
 * The e-mail of a message, as the appointment, its client and the salon are now (a move waiting in the queue tells
 * the newest time), in the client's language, with the client's unsubscribe link in its text and its
 * List-Unsubscribe headers (one click, RFC 8058); or why it is not sent.
 */
export async function composeMail(
  db: Db,
  message: MessageRow,
  unsubscribeUrl: (clientId: string) => string,
): Promise<MailMessage | NotSent> {
  const facts = await factsOf(db, message);
  if (!facts) return 'GONE';
  if (!facts.consent) return 'NO_CONSENT';
  if (!facts.email) return 'NO_EMAIL';
  const { values, language } = facts;
  const link = unsubscribeUrl(facts.clientId);
  const subject = facts.text('subject');
  const body = facts.text('body');
  const where = [
    facts.address ? translate(language, 'clientMessage.address', values) : '',
    values.phone ? translate(language, 'clientMessage.phone', values) : '',
  ]
    .filter(Boolean)
    .join('\n');
  const why = translate(language, 'clientMessage.why', values);
  const unsubscribe = translate(language, 'clientMessage.unsubscribe', { link });
  const paragraphs = [body, where, why].filter(Boolean);
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(translate(language, 'clientMessage.unsubscribeLink'))}</a></p>`,
  ].join('');
  return {
    to: facts.email,
    subject,
    text: `${[...paragraphs, unsubscribe].join('\n\n')}\n`,
    html,
    headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** The SMS of a message in the client's language, with how to stop them; or why it is not sent. */
export async function composeSms(db: Db, message: MessageRow): Promise<{ to: string; body: string } | NotSent> {
  const facts = await factsOf(db, message);
  if (!facts) return 'GONE';
  if (!facts.consent) return 'NO_CONSENT';
  if (!facts.phone) return 'NO_PHONE';
  const body = facts.text('body');
  return { to: facts.phone, body: `${body} ${translate(facts.language, 'clientMessage.smsStop')}` };
}
