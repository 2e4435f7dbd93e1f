import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SmsOptions } from '../../server/sms/provider';

/**
 * A local fake of an SMS provider's HTTP API in Twilio's shape (issue 57 item 3): the Messages resource the server
 * posts to (Basic auth with the account and its token; form fields To, From, Body, StatusCallback), Twilio's error
 * answers (401 20003, 400 21211 for a number it cannot reach, 429 20429, 5xx), and the delivery reports it sends to
 * each message's StatusCallback, signed as Twilio signs them (X-Twilio-Signature). The signature is computed here on
 * its own, from Twilio's documentation, not with the server's code, so a mistake on either side shows.
 * Test hooks: the methods of FakeSms, and GET /_fake/messages, POST /_fake/fail for a fake run as a process.
 */

export const FAKE_SMS = {
  accountSid: 'AC00000000000000000000000000000001',
  authToken: 'fake_sms_auth_token',
  from: '+15005550006',
  /** A number the fake's provider cannot reach: a send to it is refused (400, Twilio's 21211). */
  unreachable: '+37129999999',
} as const;

export type FakeSmsStatus = 'queued' | 'sent' | 'delivered' | 'undelivered';

export interface FakeSmsMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | null;
  status: FakeSmsStatus;
  createdAt: string;
}

/** A delivery report the fake sent, and the HTTP status the server answered it with (0: not reached). */
export interface FakeSmsReport {
  sid: string;
  status: FakeSmsStatus;
  answered: number;
}

export interface FakeSms {
  url: string;
  port: number;
  /** What the server's SmsOptions are to reach this fake. */
  options: Required<Pick<SmsOptions, 'accountSid' | 'authToken' | 'from' | 'apiUrl'>>;
  messages: FakeSmsMessage[];
  reports: FakeSmsReport[];
  /** Every send attempt's HTTP status, in order (201 taken, else the failure answered). */
  attempts: number[];
  /** The next `count` sends answer `status` (429, 500, 503, or 0 to drop the connection) instead of taking the message. */
  failNext(status: number, count?: number): void;
  /** How each taken message is reported: 'delivered' (default), 'undelivered', or null for no report. */
  setOutcome(outcome: 'delivered' | 'undelivered' | null): void;
  /** Sends a report of a message to its StatusCallback, signed (or with `signature` given as is). */
  report(sid: string, status: FakeSmsStatus, signature?: string): Promise<number>;
  stop(): Promise<void>;
}

/** Twilio's signature: HMAC-SHA1 of the URL and the sorted parameters' names and values, base64. */
export function twilioSignatureOf(authToken: string, url: string, params: Record<string, string>): string {
  let data = url;
  for (const key of Object.keys(params).sort()) data += key + params[key];
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf-8')).digest('base64');
}

const E164 = /^\+[1-9]\d{6,14}$/;

const readForm = (req: IncomingMessage): Promise<URLSearchParams> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });

const answer = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

const twilioError = (res: ServerResponse, status: number, code: number, message: string) =>
  answer(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

export async function startFakeSms(options: { port?: number } = {}): Promise<FakeSms> {
  const messages: FakeSmsMessage[] = [];
  const reports: FakeSmsReport[] = [];
  const attempts: number[] = [];
  const failures: number[] = [];
  let outcome: 'delivered' | 'undelivered' | null = 'delivered';
  const path = `/2010-04-01/Accounts/${FAKE_SMS.accountSid}/Messages.json`;

  const report = async (sid: string, status: FakeSmsStatus, signature?: string): Promise<number> => {
    const message = messages.find((m) => m.sid === sid);
    if (!message?.statusCallback) return 0;
    message.status = status;
    const params: Record<string, string> = {
      AccountSid: FAKE_SMS.accountSid,
      From: message.from,
      To: message.to,
      MessageSid: sid,
      SmsSid: sid,
      MessageStatus: status,
      SmsStatus: status,
      ApiVersion: '2010-04-01',
      ...(status === 'undelivered' ? { ErrorCode: '30003' } : {}),
    };
    let answered: number;
    try {
      const response = await fetch(message.statusCallback, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': signature ?? twilioSignatureOf(FAKE_SMS.authToken, message.statusCallback, params),
        },
        body: new URLSearchParams(params),
      });
      answered = response.status;
      await response.arrayBuffer();
    } catch {
      answered = 0;
    }
    reports.push({ sid, status, answered });
    return answered;
  };

  const takeMessage = async (req: IncomingMessage, res: ServerResponse) => {
    const expected = `Basic ${Buffer.from(`${FAKE_SMS.accountSid}:${FAKE_SMS.authToken}`).toString('base64')}`;
    const form = await readForm(req);
    if (req.headers.authorization !== expected) {
      attempts.push(401);
      return twilioError(res, 401, 20003, 'Authenticate');
    }
    const failure = failures.shift();
    if (failure !== undefined) {
      attempts.push(failure);
      if (failure === 0) return void req.socket.destroy();
      return failure === 429
        ? twilioError(res, 429, 20429, 'Too Many Requests')
        : twilioError(res, failure, 20500, 'Internal Server Error');
    }
    const to = form.get('To') ?? '';
    const body = form.get('Body') ?? '';
    if (!E164.test(to) || to === FAKE_SMS.unreachable) {
      attempts.push(400);
      return twilioError(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    }
    if (!body) {
      attempts.push(400);
      return twilioError(res, 400, 21602, 'Message body is required.');
    }
    attempts.push(201);
    const message: FakeSmsMessage = {
      sid: `SM${randomBytes(16).toString('hex')}`,
      to,
      from: form.get('From') ?? '',
      body,
      statusCallback: form.get('StatusCallback'),
      status: 'queued',
      createdAt: new Date().toISOString(),
    };
    messages.push(message);
    answer(res, 201, {
      sid: message.sid,
      account_sid: FAKE_SMS.accountSid,
      to: message.to,
      from: message.from,
      body: message.body,
      status: message.status,
      num_segments: String(Math.max(1, Math.ceil(body.length / 153))),
      error_code: null,
      date_created: new Date().toUTCString(),
      uri: `${path.replace('.json', '')}/${message.sid}.json`,
    });
    // As the provider does, the reports come after the answer: sent, then the handset's delivery (or not).
    const reported = outcome;
    if (reported && message.statusCallback) {
      setTimeout(() => {
        void report(message.sid, 'sent').then(() => report(message.sid, reported));
      }, 50);
    }
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'POST' && url.pathname === path) return void takeMessage(req, res).catch(() => res.destroy());
    if (req.method === 'GET' && url.pathname === '/_fake/messages') return answer(res, 200, messages);
    if (req.method === 'POST' && url.pathname === '/_fake/fail') {
      const status = Number(url.searchParams.get('status') ?? 503);
      for (let i = 0; i < Number(url.searchParams.get('count') ?? 1); i++) failures.push(status);
      return answer(res, 200, { failing: failures.length });
    }
    if (req.method === 'GET' && url.pathname === '/') return answer(res, 200, { fake: 'sms' });
    twilioError(res, 404, 20404, 'The requested resource was not found');
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    options: { accountSid: FAKE_SMS.accountSid, authToken: FAKE_SMS.authToken, from: FAKE_SMS.from, apiUrl: url },
    messages,
    reports,
    attempts,
    failNext(status, count = 1) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    setOutcome(next) {
      outcome = next;
    },
    report,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
