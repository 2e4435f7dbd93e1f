import { and, eq, inArray } from 'drizzle-orm';
import type { App } from '../../app';
import { clientMessages } from '../../db/schema';
import { SmsError } from '../../sms/provider';
import type { MailMessage } from '../../mail/mailer';
import { composeMail, composeSms, type NotSent } from './compose';
import { UNSUBSCRIBE_PATH } from './unsubscribe';
import { SMS_STATUS_PATH } from './sms-webhooks';
import { announceMessages } from './changed';

type ClientMessage = typeof clientMessages.$inferSelect;

/** A failed send as the row and the log keep it: the error's class, code and SMTP or provider answer code, never its message. */
function failureOf(error: unknown): string {
  const e = (error ?? {}) as { name?: unknown; code?: unknown; responseCode?: unknown };
  const parts = [typeof e.name === 'string' ? e.name : 'Error'];
  if (typeof e.code === 'string' && /^[A-Z0-9_]{2,32}$/.test(e.code)) parts.push(e.code);
  if (typeof e.responseCode === 'number') parts.push(String(e.responseCode));
  return parts.join(' ');
}

/**
 * Sends one client message, once (decision 075). The message is written first (reading the appointment, the client
 * and the salon as they are now), then claimed from SCHEDULED to SENDING just before it goes, so a message cancelled
 * meanwhile, sent already, or taken by another instance is left alone, and an instance that dies while composing
 * leaves it SCHEDULED for the next try. A failed send goes back to SCHEDULED with its reason and throws, so the queue
 * tries again with backoff; the last try leaves it FAILED, as does an SMS the provider refuses for good (a number it
 * cannot reach). An SMS's delivery report comes later (sms-webhooks.ts). A try that died between the claim and the
 * answer is not sent again (its message may have gone): FAILED, "INTERRUPTED". Every change is announced to the
 * screens listing the message. The log names the message's id, kind and channel, never the client, the address or
 * the text.
 */
export async function sendClientMessage(app: App, messageId: string, attempt: { retry: number; last: boolean }): Promise<void> {
  const { db } = app.database;
  const [message] = await db.select().from(clientMessages).where(eq(clientMessages.id, messageId));
  if (message?.status === 'SENDING' && attempt.retry > 0) {
    const interrupted = await db
      .update(clientMessages)
      .set({ status: 'FAILED', reason: 'INTERRUPTED' })
      .where(and(eq(clientMessages.id, messageId), inArray(clientMessages.status, ['SENDING'])))
      .returning();
    await announceMessages(app, interrupted);
    return;
  }
  if (message?.status !== 'SCHEDULED') return;
  try {
    await attemptSend(app, message, attempt);
  } finally {
    await announceMessages(app, [message]);
  }
}

type Composed = { mail: MailMessage } | { sms: { to: string; body: string } } | NotSent;

/** What goes: a mail or an SMS, written for the client now; or why nothing does. */
async function compose(app: App, message: ClientMessage): Promise<Composed> {
  const { db } = app.database;
  if (message.channel === 'EMAIL') {
    const mail = await composeMail(db, message, (clientId) => `${app.publicUrl}${UNSUBSCRIBE_PATH}${app.unsubscribe.tokenOf(clientId)}`);
    return typeof mail === 'string' ? mail : { mail };
  }
  if (!app.sms) return 'SMS_NOT_CONFIGURED';
  const sms = await composeSms(db, message);
  return typeof sms === 'string' ? sms : { sms };
}

/** Sends a scheduled message if it can still be claimed, and writes how it went (the caller announces the change). */
async function attemptSend(app: App, message: ClientMessage, attempt: { last: boolean }): Promise<void> {
  const { db } = app.database;
  const messageId = message.id;
  const label = `${message.id} ${message.kind} ${message.channel}`;
  const scheduled = and(eq(clientMessages.id, messageId), eq(clientMessages.status, 'SCHEDULED'));
  const composed = await compose(app, message);
  if (typeof composed === 'string') {
    const skipped = await db.update(clientMessages).set({ status: 'SKIPPED', reason: composed }).where(scheduled).returning();
    if (skipped.length > 0) app.log(`[messages] ${label} skipped: ${composed}`);
    return;
  }
  const claimed = await db.update(clientMessages).set({ status: 'SENDING' }).where(scheduled).returning({ id: clientMessages.id });
  if (claimed.length === 0) return;
  try {
    if ('mail' in composed) {
      await app.mailer.send(composed.mail);
      await db.update(clientMessages).set({ status: 'SENT', sentAt: new Date(), reason: null }).where(eq(clientMessages.id, messageId));
      return;
    }
    const statusCallback = app.publicUrl ? `${app.publicUrl}${SMS_STATUS_PATH}` : null;
    const sent = await app.sms!.send({ ...composed.sms, statusCallback });
    await db
      .update(clientMessages)
      .set({ status: 'SENT', sentAt: new Date(), reason: null, providerId: sent.id })
      .where(eq(clientMessages.id, messageId));
  } catch (error) {
    const reason = failureOf(error);
    const final = attempt.last || (error instanceof SmsError && error.permanent);
    await db
      .update(clientMessages)
      .set({ status: final ? 'FAILED' : 'SCHEDULED', reason })
      .where(eq(clientMessages.id, messageId));
    app.log(`[messages] ${label} ${final ? 'failed' : 'will be tried again'}: ${reason}`);
    // A refusal for good ends here; anything else is the queue's to try again.
    if (!final || attempt.last) throw error;
  }
}
