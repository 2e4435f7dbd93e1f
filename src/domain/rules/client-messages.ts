import type { LateCancelWindow } from './outcomes';
import { addMinutes, minutesOfDay } from './time';

/** The languages a client's messages are written in; a client without one gets the salon's, Latvian. */
export const MESSAGE_LANGUAGES = ['lv', 'en', 'ru'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];
export const SALON_MESSAGE_LANGUAGE: MessageLanguage = 'lv';

/** A client's message choices as a row holds them; a row pulled before they existed gets messages in the salon's. */
export const clientMessagePrefs = (client: {
  language?: MessageLanguage | null;
  messageConsent?: boolean;
}): { language: MessageLanguage | null; messageConsent: boolean } => ({
  language: client.language ?? null,
  messageConsent: client.messageConsent ?? true,
});

/** What a salon tells its clients (issue 57 item 2): the booking, a reminder, a move, a cancellation, a missed visit. */
export const MESSAGE_KINDS = ['CONFIRMATION', 'REMINDER', 'MOVED', 'CANCELLED', 'NO_SHOW'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const CHANNELS = ['EMAIL', 'SMS'] as const;
export type Channel = (typeof CHANNELS)[number];

/** Where a message is: waiting for its time, being sent, sent (delivered, once the provider says so), or not sent. */
export const MESSAGE_STATUSES = ['SCHEDULED', 'SENDING', 'SENT', 'DELIVERED', 'FAILED', 'SKIPPED', 'CANCELLED'] as const;
export type ClientMessageStatus = (typeof MESSAGE_STATUSES)[number];

/** The lead times a reminder may have, in hours before the visit; a salon picks up to two. */
export const REMINDER_LEADS = [2, 24, 48] as const;
export type ReminderLead = (typeof REMINDER_LEADS)[number];

/** A salon's Client messages settings: which messages go, by which channels, and when SMS stay silent. */
export interface ClientMessageSettings {
  confirmation: boolean;
  /** Hours before the visit, at most two, each of REMINDER_LEADS; none sends no reminder. */
  reminders: ReminderLead[];
  moved: boolean;
  cancelled: boolean;
  /** "We missed you" after a no-show: off unless the salon turns it on. */
  noShow: boolean;
  email: boolean;
  sms: boolean;
  /** Quiet hours of SMS, minutes of the salon's day: [quietFrom, quietTo), across midnight when quietFrom > quietTo. */
  quietFrom: number;
  quietTo: number;
  /** Hours before the visit a cancellation counts as late (decision 079); absent until the salon chose: 24. */
  lateCancelHours?: LateCancelWindow;
}

export const DEFAULT_CLIENT_MESSAGES: ClientMessageSettings = {
  confirmation: true,
  reminders: [24],
  moved: true,
  cancelled: true,
  noShow: false,
  email: true,
  sms: true,
  quietFrom: 21 * 60,
  quietTo: 9 * 60,
};

/** Nothing switched on: a salon's settings before it chose (a salon turns messages on in Salon settings). */
export const NO_CLIENT_MESSAGES: ClientMessageSettings = {
  ...DEFAULT_CLIENT_MESSAGES,
  confirmation: false,
  reminders: [],
  moved: false,
  cancelled: false,
  noShow: false,
};

/** A salon's client message settings as stored, or none sent when it has not chosen. */
export const clientMessagesOf = (settings: { clientMessages?: ClientMessageSettings } | null | undefined): ClientMessageSettings =>
  settings?.clientMessages ?? NO_CLIENT_MESSAGES;

/** Whether the settings send anything at all: a salon with everything off reads nothing more. */
export const sendsAny = (s: ClientMessageSettings): boolean =>
  (s.email || s.sms) && (s.confirmation || s.reminders.length > 0 || s.moved || s.cancelled || s.noShow);

/** What happened to an appointment that a client may be told of. */
export type AppointmentEvent = 'BOOKED' | 'MOVED' | 'CANCELLED' | 'NO_SHOW';

/** A message to schedule: its kind, its channel and when it is due (a salon wall time 'YYYY-MM-DD HH:mm'). */
export interface PlannedMessage {
  kind: MessageKind;
  channel: Channel;
  due: string;
}

const KIND_OF_EVENT: Record<AppointmentEvent, Exclude<MessageKind, 'REMINDER'>> = {
  BOOKED: 'CONFIRMATION',
  MOVED: 'MOVED',
  CANCELLED: 'CANCELLED',
  NO_SHOW: 'NO_SHOW',
};
const SWITCH_OF_KIND: Record<Exclude<MessageKind, 'REMINDER'>, keyof ClientMessageSettings> = {
  CONFIRMATION: 'confirmation',
  MOVED: 'moved',
  CANCELLED: 'cancelled',
  NO_SHOW: 'noShow',
};

/** Whether a minute of the day lies in quiet hours [from, to), which may run across midnight. */
export function inQuietHours(minute: number, from: number, to: number): boolean {
  if (from === to) return false;
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}

/** The wall time at `minute` of the day of `wall`, `days` later. */
const atMinute = (wall: string, minute: number, days = 0): string => addMinutes(`${wall.slice(0, 10)} 00:00`, days * 1440 + minute);

/** The first minute after quiet hours that `wall` lies in. */
function quietEnd(wall: string, from: number, to: number): string {
  const minute = minutesOfDay(wall);
  return from < to || minute < to ? atMinute(wall, to) : atMinute(wall, to, 1);
}

/** The last minute before the quiet hours that `wall` lies in began. */
function beforeQuiet(wall: string, from: number, to: number): string {
  const minute = minutesOfDay(wall);
  return from < to || minute >= from ? atMinute(wall, from - 1) : atMinute(wall, from - 1, -1);
}

/**
 * When an SMS due at `due` may go, or null when it may not go at all. Outside quiet hours: as due. Inside, a message
 * of something that happened waits for their end; a reminder goes at their end if that is still before the visit,
 * else in the last minute before they began, if that has not passed.
 */
export function smsTime(kind: MessageKind, due: string, now: string, visit: string, settings: ClientMessageSettings): string | null {
  const { quietFrom: from, quietTo: to } = settings;
  if (!inQuietHours(minutesOfDay(due), from, to)) return due;
  const end = quietEnd(due, from, to);
  if (kind !== 'REMINDER' || end < visit) return end;
  const before = beforeQuiet(due, from, to);
  return before > now ? before : null;
}

/**
 * The messages an appointment's event schedules (issue 57 item 2), on the channels the salon uses and the client can
 * be reached on: the event's own message now, if switched on, and on a booking or a move the reminders still ahead
 * (a visit booked less than a reminder's lead ahead gets none of that lead). A visit already begun gets nothing but
 * the no-show's note. SMS keep out of quiet hours. `now` and
 * `visit` are salon wall times.
 */
export function plannedMessages(
  event: AppointmentEvent,
  visit: string,
  now: string,
  settings: ClientMessageSettings,
  reachable: { email: boolean; sms: boolean },
): PlannedMessage[] {
  // A visit already begun is not confirmed, moved or cancelled to the client (a past day booked or tidied up).
  if (event !== 'NO_SHOW' && visit <= now) return [];
  const channels = CHANNELS.filter((c) => (c === 'EMAIL' ? settings.email && reachable.email : settings.sms && reachable.sms));
  const kind = KIND_OF_EVENT[event];
  const wanted: Array<{ kind: MessageKind; due: string }> = settings[SWITCH_OF_KIND[kind]] ? [{ kind, due: now }] : [];
  if (event === 'BOOKED' || event === 'MOVED') {
    for (const lead of [...new Set(settings.reminders)].sort((a, b) => b - a)) {
      const due = addMinutes(visit, -lead * 60);
      if (due > now) wanted.push({ kind: 'REMINDER', due });
    }
  }
  return wanted.flatMap(({ kind: k, due }) =>
    channels.flatMap((channel): PlannedMessage[] => {
      if (channel === 'EMAIL') return [{ kind: k, channel, due }];
      const at = smsTime(k, due, now, visit, settings);
      return at ? [{ kind: k, channel, due: at }] : [];
    }),
  );
}
