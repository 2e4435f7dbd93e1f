import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The most bytes a GraphQL request that is not an upload may carry. The largest the app sends is a push batch: its
 * commands' inputs hold at most PUSH_BATCH_CHARS (src/sync/graphql-transport.ts) characters of JSON, and each of
 * those is at most 3 bytes in the request (UTF-8, or a quote or backslash escaped again); a single command's input is
 * far smaller than the batch (its schema's limits). Uploads have their own limit (server/files.ts).
 */
export const GRAPHQL_BODY_MAX = 8 * 1024 * 1024;

/**
 * A JSON GraphQL request must say its length and keep under GRAPHQL_BODY_MAX: answered 411 or 413 before a byte of it
 * is read, so no request can make the server hold a body of any size. True when answered here.
 */
export function bodyTooLarge(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'POST' || (req.headers['content-type'] ?? '').startsWith('multipart/form-data')) return false;
  const header = req.headers['content-length'];
  const length = header === undefined ? Number.NaN : Number(header);
  if (Number.isFinite(length) && length <= GRAPHQL_BODY_MAX) return false;
  const error = { message: 'The request is too large', extensions: { code: 'IllegalArgument', reason: 'REQUEST_TOO_LARGE' } };
  res
    .writeHead(Number.isFinite(length) ? 413 : 411, { 'content-type': 'application/json', connection: 'close' })
    .end(JSON.stringify({ errors: [error] }));
  req.resume();
  return true;
}

/** The largest graphql-ws message: a session token, or a subscription's query (at most 4 000 tokens, graphql-armor). */
export const WS_MESSAGE_MAX = 64 * 1024;
