import type { IncomingMessage, ServerResponse } from 'node:http';
import { and, eq } from 'drizzle-orm';
import type { App } from '../../app';
import { clientMessages } from '../../db/schema';
import { readBody } from '../../read-body';
import { signedByProvider } from '../../sms/signature';
import { announceMessages } from './changed';
import { withdrawConsent } from './consent';

/** Where the SMS provider reports a message's delivery (the StatusCallback of each send). */
export const SMS_STATUS_PATH = '/sms/status';
/** Where the provider posts the SMS clients send to the salon's number (the number's messaging webhook). */
export const SMS_INBOUND_PATH = '/sms/inbound';

/** A report or an inbound SMS is a few hundred bytes of form fields. */
const MAX_BODY_BYTES = 16 * 1024;

/** The words that stop messages (Twilio's opt-out keywords, and "СТОП"), alone in the SMS, any case. */
const STOP_WORDS: ReadonlySet<string> = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'СТОП']);

type Answer = (status: number) => void;

/**
 * The form of a provider's request to `path`, if it carries the provider's signature of PUBLIC_URL + `path` and
 * those fields; else answers it (413, 403) and gives null.
 */
async function signedForm(app: App, req: IncomingMessage, path: string, answer: Answer): Promise<URLSearchParams | null> {
  const body = await readBody(req, MAX_BODY_BYTES);
  if (!body) {
    answer(413);
    return null;
  }
  const params = new URLSearchParams(body.toString('utf8'));
  const signature = req.headers['x-twilio-signature'];
  const url = `${app.publicUrl}${path}`;
  if (!app.sms || !signedByProvider(app.sms.authToken, typeof signature === 'string' ? signature : undefined, url, params)) {
    app.log(`[sms] a request to ${path} without a valid signature refused`);
    answer(403);
    return null;
  }
  return params;
}

/**
 * An SMS a client sent to the salon's number (issue 57 item 4): "STOP" (or another opt-out word) turns off
 * messages for every client with that phone, whichever salon (the number is this server's); anything else is left
 * to the provider. Answered with an empty TwiML response, so the provider sends nothing back itself. Signed as the
 * delivery reports are; the phone is never logged.
 */
export async function handleSmsInbound(app: App, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const answer: Answer = (status) =>
    res.writeHead(status, { 'content-type': 'text/xml', 'cache-control': 'no-store' }).end(status === 200 ? '<Response></Response>' : '');
  try {
    const params = await signedForm(app, req, SMS_INBOUND_PATH, answer);
    if (!params) return;
    const word = (params.get('Body') ?? '').trim().toUpperCase();
    const from = params.get('From') ?? '';
    if (STOP_WORDS.has(word) && /^\+\d{6,15}$/.test(from)) {
      const count = await withdrawConsent(app, { phone: from });
      app.log(`[messages] an SMS STOP turned messages off for ${count} client(s)`);
    }
    answer(200);
  } catch (error) {
    app.log(`[sms] an inbound SMS failed: ${(error as Error).name}`);
    if (!res.headersSent) answer(500);
  }
}

/** How long a report of a message not known yet waits for the send that is writing it (its provider id). */
const EARLY_REPORT_WAIT_MS = 3000;
const EARLY_REPORT_STEP_MS = 100;

type ReportChange = { status: 'DELIVERED'; deliveredAt: Date } | { status: 'FAILED'; reason: string };

/**
 * Moves the SENT message with the provider's id to what the report says. A report can come before the send that
 * made the message has written its id (the provider answered, the row is being updated): while no row has that id,
 * it is tried again for up to EARLY_REPORT_WAIT_MS. A row that has it but is no longer SENT (final already) is left.
 */
async function applyReport(app: App, providerId: string, change: ReportChange) {
  const { db } = app.database;
  for (let waited = 0; ; waited += EARLY_REPORT_STEP_MS) {
    const [row] = await db
      .update(clientMessages)
      .set(change)
      .where(and(eq(clientMessages.providerId, providerId), eq(clientMessages.status, 'SENT')))
      .returning();
    if (row) return row;
    const [known] = await db
      .select({ status: clientMessages.status })
      .from(clientMessages)
      .where(eq(clientMessages.providerId, providerId));
    // Written SENT between the two statements (the send's answer landed just then): the next update takes it.
    if (known?.status === 'SENT') continue;
    if (known || waited >= EARLY_REPORT_WAIT_MS) return null;
    await new Promise((resolve) => setTimeout(resolve, EARLY_REPORT_STEP_MS));
  }
}

/** The provider's final word on a message; its other states (queued, sending, sent) change nothing here. */
const DELIVERED = 'delivered';
const NOT_DELIVERED: ReadonlySet<string> = new Set(['undelivered', 'failed']);

/**
 * The provider's delivery report of an SMS (issue 57 item 3): signed with the account's auth token over the URL the
 * panel gave it, so the signature is checked against that URL (PUBLIC_URL), not the request's own host. A report
 * moves a SENT message to DELIVERED, or to FAILED with the provider's error code (one that comes before its send has
 * written the provider's id waits for it, applyReport); a report of a message this server does not know, or one
 * already final, is acknowledged and changes nothing (the provider would otherwise retry).
 * Unsigned or wrongly signed: 403, nothing read.
 */
export async function handleSmsReport(app: App, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const answer = (status: number) => res.writeHead(status, { 'content-type': 'text/plain', 'cache-control': 'no-store' }).end();
  try {
    const params = await signedForm(app, req, SMS_STATUS_PATH, answer);
    if (!params) return;
    const id = params.get('MessageSid') ?? '';
    const status = params.get('MessageStatus') ?? '';
    if (!id || (status !== DELIVERED && !NOT_DELIVERED.has(status))) return void answer(204);
    const errorCode = /^\d{1,6}$/.test(params.get('ErrorCode') ?? '') ? ` ${params.get('ErrorCode')}` : '';
    const change: ReportChange =
      status === DELIVERED ? { status: 'DELIVERED', deliveredAt: new Date() } : { status: 'FAILED', reason: `UNDELIVERED${errorCode}` };
    const row = await applyReport(app, id, change);
    if (row) {
      app.log(`[messages] ${row.id} SMS ${change.status === 'DELIVERED' ? 'delivered' : `not delivered${errorCode}`}`);
      await announceMessages(app, [row]);
    }
    answer(204);
  } catch (error) {
    app.log(`[sms] a delivery report failed: ${(error as Error).name}`);
    if (!res.headersSent) answer(500);
  }
}
