import { and, eq, inArray } from 'drizzle-orm';
import type { App } from '../../app';
import { clientMessages } from '../../db/schema';
import { composeMail } from './compose';

/**
 * Sends one client message, once (decision 075). The row is taken from SCHEDULED to SENDING first, so a message
 * cancelled meanwhile, sent already, or taken by another instance is left alone. A failed send goes back to
 * SCHEDULED with its reason and throws, so the queue tries again with backoff; the last try leaves it FAILED. A try
 * that died after SENDING is not sent again (its mail may have gone): FAILED, "INTERRUPTED". The log names the
 * message's id, kind and channel, never the client, the address or the text.
 */
/** A failed send as the row and the log keep it: the error's class, code and SMTP answer code, never its message. */
function failureOf(error: unknown): string {
  const e = (error ?? {}) as { name?: unknown; code?: unknown; responseCode?: unknown };
  const parts = [typeof e.name === 'string' ? e.name : 'Error'];
  if (typeof e.code === 'string' && /^[A-Z0-9_]{2,32}$/.test(e.code)) parts.push(e.code);
  if (typeof e.responseCode === 'number') parts.push(String(e.responseCode));
  return parts.join(' ');
}

export async function sendClientMessage(app: App, messageId: string, attempt: { retry: number; last: boolean }): Promise<void> {
  const { db } = app.database;
  const [message] = await db
    .update(clientMessages)
    .set({ status: 'SENDING' })
    .where(and(eq(clientMessages.id, messageId), eq(clientMessages.status, 'SCHEDULED')))
    .returning();
  if (!message) {
    if (attempt.retry > 0) {
      await db
        .update(clientMessages)
        .set({ status: 'FAILED', reason: 'INTERRUPTED' })
        .where(and(eq(clientMessages.id, messageId), inArray(clientMessages.status, ['SENDING'])));
    }
    return;
  }
  const label = `${message.id} ${message.kind} ${message.channel}`;
  try {
    const mail = await composeMail(db, message);
    if (!mail) {
      await db.update(clientMessages).set({ status: 'SKIPPED', reason: 'NO_EMAIL' }).where(eq(clientMessages.id, messageId));
      app.log(`[messages] ${label} skipped: the client has no e-mail`);
      return;
    }
    await app.mailer.send(mail);
    await db.update(clientMessages).set({ status: 'SENT', sentAt: new Date(), reason: null }).where(eq(clientMessages.id, messageId));
  } catch (error) {
    const reason = failureOf(error);
    await db
      .update(clientMessages)
      .set({ status: attempt.last ? 'FAILED' : 'SCHEDULED', reason })
      .where(eq(clientMessages.id, messageId));
    app.log(`[messages] ${label} ${attempt.last ? 'failed' : 'will be tried again'}: ${reason}`);
    throw error;
  }
}
