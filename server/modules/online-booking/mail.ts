import ical, { ICalCalendarMethod } from 'ical-generator';
import { dayText } from '../../../src/domain/rules/time';
import { translate, type Lang } from '../../i18n';
import type { MailMessage } from '../../mail/mailer';
import { instantOf } from '../client-messages/schedule';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');

/** The one-time code a client types on the booking page (issue 61): the digits and how long they work. */
/**
 * The salon's message of `kind` the page's own mail replaces: its e-mail. An SMS of the salon's (a confirmation, a
 * move) still goes to a client it reaches by SMS; reminders are the salon's on every channel.
 */
export const byPageMail =
  (kind: 'CONFIRMATION' | 'MOVED') =>
  (message: { kind: string; channel: string }): boolean =>
    message.kind === kind && message.channel === 'EMAIL';

export function bookingCodeMail(lang: Lang, to: string, code: string, salon: string): MailMessage {
  const subject = translate(lang, 'mail.bookingCode.subject', { code, salon });
  const body = translate(lang, 'mail.bookingCode.body', { code, salon });
  return { to, subject, text: `${body}\n`, html: paragraphs([body]) };
}

export interface BookedVisit {
  id: string;
  salon: string;
  address: string;
  phone: string | null;
  timeZone: string;
  name: string;
  services: string;
  master: string;
  startAt: string;
  endAt: string;
  manageUrl: string;
  /** Until when the client may cancel or move it, 'YYYY-MM-DD HH:mm'; null: the salon's window has closed. */
  changeUntil: string | null;
}

/** The visit as an iCalendar event, times in UTC, for the client's calendar. */
export function visitCalendar(visit: BookedVisit, host: string): string {
  const calendar = ical({ prodId: { company: 'salon-panel', product: 'online-booking' }, method: ICalCalendarMethod.PUBLISH });
  calendar.createEvent({
    id: `${visit.id}@${host}`,
    start: instantOf(visit.startAt, visit.timeZone),
    end: instantOf(visit.endAt, visit.timeZone),
    summary: `${visit.services} · ${visit.salon}`,
    location: visit.address || null,
    description: visit.manageUrl,
    url: visit.manageUrl,
  });
  return calendar.toString();
}

/** The confirmation of a booking made on the page: what, when, with whom, where, and the link to cancel or move it. */
export function bookedMail(lang: Lang, to: string, visit: BookedVisit, host: string, kind: 'booked' | 'moved' = 'booked'): MailMessage {
  const values = { salon: visit.salon, name: visit.name, services: visit.services, master: visit.master, when: dayTextAt(visit.startAt) };
  const lines = [
    translate(lang, kind === 'moved' ? 'mail.bookingMoved.body' : 'mail.booked.body', values),
    ...(visit.address ? [translate(lang, 'mail.booked.address', { address: visit.address })] : []),
    visit.changeUntil
      ? translate(lang, 'mail.booked.manage', { until: dayTextAt(visit.changeUntil) })
      : translate(lang, 'mail.booked.call', { phone: visit.phone ?? '' }),
  ];
  return {
    to,
    subject: translate(lang, kind === 'moved' ? 'mail.bookingMoved.subject' : 'mail.booked.subject', values),
    text: `${lines.join('\n\n')}\n\n${visit.manageUrl}\n`,
    html: `${paragraphs(lines)}<p><a href="${escapeHtml(visit.manageUrl)}">${escapeHtml(visit.manageUrl)}</a></p>`,
    attachments: [
      { filename: 'booking.ics', content: visitCalendar(visit, host), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' },
    ],
  };
}

/** 'DD.MM.YYYY HH:mm' of a salon wall time. */
const dayTextAt = (wall: string) => `${dayText(wall.slice(0, 10))} ${wall.slice(11, 16)}`;
