import type { IncomingMessage, ServerResponse } from 'node:http';
import { and, eq } from 'drizzle-orm';
import type { App } from '../../app';
import { clientMessages } from '../../db/schema';
import { readBody } from '../../read-body';
import { signedByProvider } from '../../sms/signature';

/** Where the SMS provider reports a message's delivery (the StatusCallback of each send). */
export const SMS_STATUS_PATH = '/sms/status';

/** A delivery report is a few hundred bytes of form fields. */
const MAX_BODY_BYTES = 16 * 1024;

/** The provider's final word on a message; its other states (queued, sending, sent) change nothing here. */
const DELIVERED = 'delivered';
const NOT_DELIVERED: ReadonlySet<string> = new Set(['undelivered', 'failed']);

/**
 * The provider's delivery report of an SMS (issue 57 item 3): signed with the account's auth token over the URL the
 * panel gave it, so the signature is checked against that URL (PUBLIC_URL), not the request's own host. A report
 * moves a SENT message to DELIVERED, or to FAILED with the provider's error code; a report of a message this server
 * does not know, or one already final, is acknowledged and changes nothing (the provider would otherwise retry).
 * Unsigned or wrongly signed: 403, nothing read.
 */
export async function handleSmsReport(app: App, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const answer = (status: number) => res.writeHead(status, { 'content-type': 'text/plain', 'cache-control': 'no-store' }).end();
  try {
    const body = await readBody(req, MAX_BODY_BYTES);
    if (!body) return void answer(413);
    const params = new URLSearchParams(body.toString('utf8'));
    const signature = req.headers['x-twilio-signature'];
    const url = `${app.publicUrl}${SMS_STATUS_PATH}`;
    if (!app.sms || !signedByProvider(app.sms.authToken, typeof signature === 'string' ? signature : undefined, url, params)) {
      app.log('[sms] a delivery report without a valid signature refused');
      return void answer(403);
    }
    const id = params.get('MessageSid') ?? '';
    const status = params.get('MessageStatus') ?? '';
    if (!id || (status !== DELIVERED && !NOT_DELIVERED.has(status))) return void answer(204);
    const errorCode = /^\d{1,6}$/.test(params.get('ErrorCode') ?? '') ? ` ${params.get('ErrorCode')}` : '';
    const change =
      status === DELIVERED
        ? { status: 'DELIVERED' as const, deliveredAt: new Date() }
        : { status: 'FAILED' as const, reason: `UNDELIVERED${errorCode}` };
    const [row] = await app.database.db
      .update(clientMessages)
      .set(change)
      .where(and(eq(clientMessages.providerId, id), eq(clientMessages.status, 'SENT')))
      .returning({ id: clientMessages.id });
    if (row) app.log(`[messages] ${row.id} SMS ${change.status === 'DELIVERED' ? 'delivered' : `not delivered${errorCode}`}`);
    answer(204);
  } catch (error) {
    app.log(`[sms] a delivery report failed: ${(error as Error).name}`);
    if (!res.headersSent) answer(500);
  }
}
