import type { IncomingMessage, ServerResponse } from 'node:http';
import { invalidRequest, parseForm, text, type FakeStripeError, type FormObject, type StripeErrorBody } from './stripe-form';
import { API_VERSION, newId } from './stripe-objects';

/** The fake Stripe API's HTTP plumbing: bodies in, keys checked, answers out (stripe-api.ts routes between). */

export const FAKE_KEYS = {
  secretKey: 'sk_test_fake',
  publishableKey: 'pk_test_fake',
  priceId: 'price_monthly',
  webhookSecret: 'whsec_fake',
} as const;

/** An answer, serialized when made: an answer kept for an Idempotency-Key is the object as it was then. */
export interface Reply {
  status: number;
  type: 'application/json' | 'application/pdf' | 'text/plain';
  body: string | Buffer;
}

export const json = (status: number, value: unknown): Reply => ({ status, type: 'application/json', body: JSON.stringify(value, null, 2) });
export const ok = (value: unknown): Reply => json(200, value);
export const failure = (status: number, error: StripeErrorBody): Reply => json(status, { error });
export const fromError = (error: FakeStripeError): Reply => failure(error.status, error.error);

/** Who calls: the server (secret key), Stripe.js (publishable key), or someone without a valid key. */
export type Caller = 'secret' | 'publishable' | null;

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** The query string with the body over it: a form as the SDK and Stripe.js send, or flat JSON (the /_fake hooks). */
export function parseInput(query: URLSearchParams, body: string, contentType: string): FormObject {
  const fromQuery = parseForm(query);
  if (!body) return fromQuery;
  if (!contentType.includes('application/json')) return { ...fromQuery, ...parseForm(new URLSearchParams(body)) };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw invalidRequest('The JSON body could not be parsed.');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalidRequest('The JSON body must be an object.');
  const flat = Object.entries(parsed).filter((e): e is [string, string | number | boolean] => typeof e[1] !== 'object');
  return { ...fromQuery, ...parseForm(new URLSearchParams(flat.map(([k, v]) => [k, String(v)]))) };
}

/** The key of the call: `Authorization: Bearer <key>` (or Basic, as curl -u sends it), else a `key` body field. */
export function callerOf(req: IncomingMessage, form: FormObject): { caller: Caller; key: string } {
  const header = req.headers.authorization ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  const basic = /^Basic\s+(\S+)$/i.exec(header)?.[1];
  const key = bearer ?? (basic ? Buffer.from(basic, 'base64').toString('utf8').split(':')[0] : undefined) ?? text(form, 'key') ?? '';
  return { caller: key === FAKE_KEYS.secretKey ? 'secret' : key === FAKE_KEYS.publishableKey ? 'publishable' : null, key };
}

/** Stripe's 401, the key masked as Stripe masks it. */
export function unauthorized(key: string): Reply {
  const masked = key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}` : '***';
  const message = key
    ? `Invalid API Key provided: ${masked}`
    : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
  return failure(401, { type: 'invalid_request_error', message });
}

/**
 * First answers of POSTs by Idempotency-Key, method and path: the same key again gets the first answer, and while
 * the first is still running the second waits for it (two dialogs opened at once make one customer). As Stripe
 * does, a call refused before it ran (bad parameters, unknown objects, 400/401/404) keeps no answer.
 */
export class IdempotencyCache {
  private readonly answers = new Map<string, Promise<Reply>>();

  async run(method: string, path: string, key: string | string[] | undefined, call: () => Promise<Reply>): Promise<Reply> {
    if (method !== 'POST' || typeof key !== 'string' || !key) return call();
    const slot = `${method} ${path} ${key}`;
    const earlier = this.answers.get(slot);
    if (earlier) return earlier;
    const pending = call();
    this.answers.set(slot, pending);
    const reply = await pending.catch((error: unknown) => {
      this.answers.delete(slot);
      throw error;
    });
    if (reply.status !== 200 && reply.status !== 402) this.answers.delete(slot);
    return reply;
  }
}

export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, content-type, idempotency-key, stripe-version',
  'access-control-allow-methods': 'GET, POST, DELETE',
};

export function send(res: ServerResponse, reply: Reply): void {
  res
    .writeHead(reply.status, { ...CORS_HEADERS, 'content-type': reply.type, 'request-id': newId('req'), 'stripe-version': API_VERSION })
    .end(reply.body);
}
