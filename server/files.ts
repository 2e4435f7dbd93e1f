import type { IncomingMessage, ServerResponse } from 'node:http';
import { BANNER_MAX_BYTES } from '../src/domain/rules/banner';
import type { Db } from './db/client';
import { findFile } from './modules/seminars/banners';

/** Room for the multipart envelope and the operation's JSON around a banner. */
const ENVELOPE = 256 * 1024;

/**
 * A multipart GraphQL request (a banner upload) must say its length, and may not be larger than a banner allows:
 * refused before a byte of it is read, with the banner's own message (decision 046). True when answered here.
 */
export function uploadTooLarge(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'POST' || !(req.headers['content-type'] ?? '').startsWith('multipart/form-data')) return false;
  const length = Number(req.headers['content-length']);
  if (Number.isFinite(length) && length <= BANNER_MAX_BYTES + ENVELOPE) return false;
  const error = {
    message: 'The banner is not accepted',
    extensions: { code: 'IllegalArgument', reason: 'BANNER_NOT_ACCEPTED', field: 'banner', messageId: 'seminar.bannerTooLarge' },
  };
  res
    .writeHead(Number.isFinite(length) ? 413 : 411, { 'content-type': 'application/json', connection: 'close' })
    .end(JSON.stringify({ errors: [error] }));
  req.resume();
  return true;
}

/**
 * GET /files/{id}: a stored banner, with the type read from its content when it was uploaded (never HTML). An image
 * is shown inline; a PDF is a download, so no document of a supplier's runs on the app's origin, and every answer is
 * sandboxed by its CSP besides (issue 56). A file's bytes never change under its id but the file may be withdrawn,
 * so caches keep it and ask again each time (the id is its ETag: a 304 costs nothing, a withdrawn one is a 404).
 */
export async function serveFile(db: Db, req: IncomingMessage, res: ServerResponse, log: (line: string) => void): Promise<void> {
  const id = (req.url ?? '').slice('/files/'.length).split(/[?#]/)[0] ?? '';
  try {
    const file = await findFile(db, id);
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain', 'cache-control': 'no-store' }).end('Not found');
      return;
    }
    const etag = `"${id}"`;
    const common = {
      etag,
      'cache-control': 'public, no-cache',
      'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      'x-content-type-options': 'nosniff',
    };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, common).end();
      return;
    }
    const pdf = file.contentType === 'application/pdf';
    res
      .writeHead(200, {
        ...common,
        'content-type': file.contentType,
        'content-length': String(file.size),
        'content-disposition': pdf ? `attachment; filename="seminar-${id}.pdf"` : 'inline',
      })
      .end(file.data);
  } catch (error) {
    log(`[error] file read failed: ${(error as Error).name}`);
    res.writeHead(500, { 'content-type': 'text/plain' }).end('Error');
  }
}
