import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SLUG_LENGTH, SLUG_PATTERN } from '../../../src/domain/rules/online-booking';
import type { App } from '../../app';
import type { Lang } from '../../i18n';
import { AppError } from '../../graphql/errors';
import { accepts } from '../../static';
import { MANAGE_PATH } from './book';
import { codeBySms } from './codes';
import { livePage, publicPage } from './page';

/** The booking page's addresses: /book/{slug} and /book/manage/{token} (the page's files are under /book/assets/). */
export const BOOK_PATH = '/book/';
/** Where the booking page's build lands inside the app's static folder (vite.book.config.ts). */
const BUILT_PAGE = join('book', 'book.html');
/** Where the server writes the page's data into the built page (book.html). */
const DATA_MARK = '<!--booking-data-->';
const LANGS: readonly Lang[] = ['en', 'lv', 'ru'];

/** The page's language for the first answer: ?lang=, else the browser's first language we have, else Latvian. */
export function pageLanguage(req: IncomingMessage, url: URL): Lang {
  const asked = url.searchParams.get('lang');
  if (asked && (LANGS as readonly string[]).includes(asked)) return asked as Lang;
  const accepted = String(req.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.split('-')[0] ?? '', q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((a) => a.q > 0 && (LANGS as readonly string[]).includes(a.lang))
    .sort((a, b) => b.q - a.q);
  return (accepted[0]?.lang as Lang | undefined) ?? 'lv';
}

/** JSON inside a <script> element: nothing in it can close the element or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * Serves the booking page (issue 61 item 2): the built page with the salon's page already in it, so the phone paints
 * the services without a second round trip. An address that is no live page answers 404 with the same page, which
 * says so; nothing tells which addresses exist. The manage link's page reads its booking itself.
 */
export function createBookingPageHandler(app: App, staticDir: string) {
  const file = join(staticDir, BUILT_PAGE);
  // Read again when a new build replaced it (its scripts' names change with each build).
  let template: { at: number; html: string } | null = null;
  const html = () => {
    if (!existsSync(file)) return null;
    const at = statSync(file).mtimeMs;
    if (template?.at !== at) template = { at, html: readFileSync(file, 'utf8') };
    return template.html;
  };
  return async (req: IncomingMessage, res: ServerResponse, address: string): Promise<boolean> => {
    const url = new URL(req.url ?? '/', 'http://x');
    const rest = url.pathname.slice(BOOK_PATH.length);
    const token = url.pathname.startsWith(MANAGE_PATH) ? url.pathname.slice(MANAGE_PATH.length) : null;
    const manage = token !== null && token !== '' && !token.includes('/');
    // Files of the page (its scripts and styles) are the static handler's; a manage token may hold a dot.
    if (!url.pathname.startsWith(BOOK_PATH) || rest.startsWith('assets/') || (!manage && rest.includes('.'))) return false;
    const page = html();
    if (!page) return false;
    const send = (status: number, data: { kind: string; lang: Lang } & Record<string, unknown>) => {
      const body = page
        .replace(/<html lang="[a-z]+">/, `<html lang="${data.lang}">`)
        .replace(DATA_MARK, `<script type="application/json" id="booking-data">${scriptJson(data)}</script>`);
      const gzip = accepts(req, 'gzip');
      res.writeHead(status, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        vary: 'Accept-Encoding',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      });
      res.end(req.method === 'HEAD' ? undefined : gzip ? gzipSync(body) : body);
    };
    const lang = pageLanguage(req, url);
    if (manage) {
      send(200, { kind: 'manage', lang });
      return true;
    }
    const slug = rest.replace(/\/$/, '').toLowerCase();
    if (!SLUG_PATTERN.test(slug) || slug.length > SLUG_LENGTH.max) {
      send(404, { kind: 'page', slug, lang, page: null });
      return true;
    }
    try {
      await app.limits.bookingRead(address);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      res.writeHead(429, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '60' }).end('Too many requests');
      return true;
    }
    const live = await livePage(app.database.db, slug);
    if (!live) {
      send(404, { kind: 'page', slug, lang, page: null });
      return true;
    }
    send(200, { kind: 'page', slug, lang, page: await publicPage(app.database.db, live, lang, codeBySms(app, live)) });
    return true;
  };
}
