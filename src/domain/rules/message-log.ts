/** The reasons of a message not sent (or cancelled) that the list names in words; any other is shown as its code. */
export const NAMED_REASONS = [
  'REPLACED',
  'APPOINTMENT_CANCELLED',
  'NO_CONSENT',
  'NO_EMAIL',
  'NO_PHONE',
  'GONE',
  'SMS_NOT_CONFIGURED',
  'INTERRUPTED',
  'NOT_A_NO_SHOW',
] as const;
export type NamedReason = (typeof NAMED_REASONS)[number];

/** A reason as the list says it: a named one, a provider's "not delivered" with its code, or an error's code. */
export type ReasonText = { key: NamedReason } | { key: 'UNDELIVERED' | 'other'; code: string };

export function reasonText(reason: string | null): ReasonText | null {
  if (!reason) return null;
  if ((NAMED_REASONS as readonly string[]).includes(reason)) return { key: reason as NamedReason };
  const undelivered = /^UNDELIVERED(?: (\d{1,6}))?$/.exec(reason);
  if (undelivered) return { key: 'UNDELIVERED', code: undelivered[1] ?? '—' };
  return { key: 'other', code: reason };
}

/**
 * The moment a message's row is listed at: when it was delivered, else sent, else when it is (or was) due.
 * Times are ms since the epoch, as the server gives them.
 */
export const messageTime = (m: { dueAt: number; sentAt: number | null; deliveredAt: number | null }): number =>
  m.deliveredAt ?? m.sentAt ?? m.dueAt;
