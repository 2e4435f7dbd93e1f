import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salons } from '../../server/db/schema';
import { createBookingPageHandler } from '../../server/modules/online-booking/page-html';
import { bookableSalon, UPDATE_ONLINE_BOOKING } from '../factories/online-booking';
import { ok } from '../helpers/graphql';
import { backends, useTestServer } from '../helpers/server';

/**
 * The booking page's HTML (issue 61 items 2 and 7): the built page with the salon's page written in, in the client's
 * language; any address that is no live page answers 404 with the same words, whatever the reason.
 */
const TEMPLATE =
  '<!doctype html><html lang="lv"><body><div id="root"></div><!--booking-data--><script src="/book/assets/x.js"></script></body></html>';

describe.each(backends(import.meta.url))('the booking page HTML on %s', (backend) => {
  const t = useTestServer(backend);
  let dir: string;
  let http: Server;
  let base: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'book-page-'));
    mkdirSync(join(dir, 'book'));
    writeFileSync(join(dir, 'book', 'book.html'), TEMPLATE);
    const handle = createBookingPageHandler(t.app, dir);
    http = createServer((req, res) => {
      void handle(req, res, '127.0.0.1').then((served) => {
        if (!served) res.writeHead(418).end('not the page');
      });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => http.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${path}`, { headers });
    const body = await response.text();
    const data = /<script type="application\/json" id="booking-data">(.*?)<\/script>/s.exec(body)?.[1];
    return { status: response.status, body, data: data ? (JSON.parse(data) as Record<string, never>) : null };
  };

  it("writes the live page into the HTML in the browser's language, or the one asked", async () => {
    const { f, slug, first } = await bookableSalon(t);
    const ru = await get(`/book/${slug}`, { 'accept-language': 'de-DE,ru;q=0.8,en;q=0.5' });
    expect(ru.status).toBe(200);
    expect(ru.body).toContain('<html lang="ru">');
    expect(ru.data).toMatchObject({ kind: 'page', slug, lang: 'ru', page: { address: 'Brīvības iela 1', country: 'LV', step: 30 } });
    const page = (ru.data as unknown as { page: { services: { id: string }[]; masters: { id: string; name: string }[] } }).page;
    expect(page.services.map((s) => s.id)).toEqual([f.serviceIds[0]]);
    expect(page.masters[0]).toEqual(expect.objectContaining({ id: first, name: 'Anna O.' }));
    expect((await get(`/book/${slug.toUpperCase()}?lang=en`, { 'accept-language': 'ru' })).data).toMatchObject({ lang: 'en' });
    expect((await get(`/book/${slug}`, { 'accept-language': 'fr' })).data).toMatchObject({ lang: 'lv' });
    // Nothing of the salon's clients or bookings: the bookable salon has a visit with a client.
    expect(ru.body).not.toMatch(/clientId|"client"/);
  });

  it('answers 404 alike for an unknown address, a turned-off page and a bad one', async () => {
    const { f, slug, settings } = await bookableSalon(t);
    ok(await t.gql(UPDATE_ONLINE_BOOKING, { input: { id: f.salonId, onlineBooking: { ...settings, enabled: false } } }, f.owner.token));
    const off = await get(`/book/${slug}`, { 'accept-language': 'en' });
    const unknown = await get(`/book/${slug}x`, { 'accept-language': 'en' });
    const bad = await get('/book/no--such', { 'accept-language': 'en' });
    for (const answer of [off, unknown, bad]) {
      expect(answer.status).toBe(404);
      expect(answer.data).toMatchObject({ kind: 'page', page: null });
    }
    expect(off.body.replace(slug, '')).toBe(unknown.body.replace(`${slug}x`, ''));
  });

  it('keeps the salon’s text inside its script element, and gzips for a browser that takes it', async () => {
    const { f, slug } = await bookableSalon(t);
    await t.db.update(salons).set({ name: 'Salon </script><script>alert(1)</script> <!--' }).where(eq(salons.id, f.salonId));
    const { body, data } = await get(`/book/${slug}`);
    expect(body.match(/<script/g)).toHaveLength(2);
    expect(data).toMatchObject({ page: { name: 'Salon </script><script>alert(1)</script> <!--' } });
    const zipped = await new Promise<Buffer>((resolve, reject) => {
      void import('node:http').then(({ get: httpGet }) =>
        httpGet(`${base}/book/${slug}`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          expect(res.headers['content-encoding']).toBe('gzip');
          const chunks: Buffer[] = [];
          res
            .on('data', (c: Buffer) => chunks.push(c))
            .on('end', () => resolve(Buffer.concat(chunks)))
            .on('error', reject);
        }),
      );
    });
    expect(gunzipSync(zipped).toString()).toBe(body);
  });

  it('serves the manage link’s page, and leaves the page’s files to the static handler', async () => {
    expect((await get('/book/manage/some.token', { 'accept-language': 'ru' })).data).toEqual({ kind: 'manage', lang: 'ru' });
    expect((await get('/book/assets/book.js')).status).toBe(418);
    expect((await get('/book/manage/a/b')).status).toBe(404);
  });
});
