import type { IncomingMessage, ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import { SALON_MESSAGE_LANGUAGE } from '../../../src/domain/rules/client-messages';
import type { App } from '../../app';
import { clients, salons } from '../../db/schema';
import { translate, type Lang } from '../../i18n';
import { readBody } from '../../read-body';
import { withdrawConsent } from './consent';

/** A client's unsubscribe link is PUBLIC_URL + this + the client's token (unsubscribe-token.ts). */
export const UNSUBSCRIBE_PATH = '/unsubscribe/';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res: ServerResponse, status: number, lang: Lang, title: string, body: string): void {
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1f2328}button{font:inherit;min-height:44px;padding:0 1.25rem;border-radius:8px;border:1px solid #1f2328;background:#1f2328;color:#fff;cursor:pointer}</style></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
  res
    .writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
    .end(html);
}

/**
 * The unsubscribe link of a client message (issue 57 item 4). GET shows, in the client's language, the salon's name
 * and a button; only its POST unsubscribes, so a mail scanner opening links changes nothing. A mail program's
 * one-click unsubscribe (RFC 8058: POST with `List-Unsubscribe=One-Click`) is the same POST. The page names the
 * salon and nothing of the client; a token that is not one of ours is "not valid", in Latvian and English. Every
 * request counts against the caller's address (app.limits).
 */
export async function handleUnsubscribe(app: App, req: IncomingMessage, res: ServerResponse, address: string): Promise<void> {
  const token = decodeURIComponent((req.url ?? '').slice(UNSUBSCRIBE_PATH.length).split('?')[0] ?? '');
  try {
    if (req.method === 'POST') await readBody(req, 4096);
    else req.resume();
    await app.limits.hit('unsubscribe', address);
  } catch {
    return page(res, 429, SALON_MESSAGE_LANGUAGE, translate(SALON_MESSAGE_LANGUAGE, 'unsubscribe.tooMany'), '');
  }
  const clientId = app.unsubscribe.clientOf(token);
  const [client] = clientId
    ? await app.database.db
        .select({ language: clients.language, consent: clients.messageConsent, salon: salons.name })
        .from(clients)
        .innerJoin(salons, eq(salons.id, clients.salonId))
        .where(eq(clients.id, clientId))
    : [];
  if (!clientId || !client) {
    const invalid = `${translate('lv', 'unsubscribe.invalid')} / ${translate('en', 'unsubscribe.invalid')}`;
    return page(res, 404, SALON_MESSAGE_LANGUAGE, invalid, '');
  }
  const lang: Lang = client.language ?? SALON_MESSAGE_LANGUAGE;
  const values = { salon: client.salon };
  const title = translate(lang, 'unsubscribe.title', values);
  if (req.method === 'POST') {
    await withdrawConsent(app, { clientId });
    app.log(`[messages] client ${clientId} unsubscribed by link`);
    return page(res, 200, lang, title, `<p role="status">${escapeHtml(translate(lang, 'unsubscribe.done', values))}</p>`);
  }
  if (!client.consent) return page(res, 200, lang, title, `<p>${escapeHtml(translate(lang, 'unsubscribe.done', values))}</p>`);
  const form = `<form method="post"><button type="submit">${escapeHtml(translate(lang, 'unsubscribe.button'))}</button></form>`;
  page(res, 200, lang, title, `<p>${escapeHtml(translate(lang, 'unsubscribe.question', values))}</p>${form}`);
}
