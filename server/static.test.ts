import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticHandler } from './static';

describe('static files', () => {
  const root = mkdtempSync(join(tmpdir(), 'dist-'));
  const script = 'console.log("salon");'.repeat(200);
  let server: Server;
  let base = '';
  beforeAll(async () => {
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'assets', 'main-abc.js'), script);
    writeFileSync(join(root, 'assets', 'main-abc.js.br'), brotliCompressSync(script));
    writeFileSync(join(root, 'assets', 'main-abc.js.gz'), gzipSync(script));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Salon</title>');
    writeFileSync(join(root, 'icon.png'), Buffer.from([137, 80, 78, 71]));
    const serve = createStaticHandler(root);
    server = createServer((req, res) => void (serve(req, res) || res.writeHead(404).end()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(root, { recursive: true, force: true });
  });
  /** Raw answer: fetch would decode the body itself. */
  const get = (path: string, acceptEncoding: string) =>
    fetch(`${base}${path}`, { headers: { 'accept-encoding': acceptEncoding } }).then(async (r) => ({
      encoding: r.headers.get('content-encoding'),
      vary: r.headers.get('vary'),
      body: await r.text(),
    }));

  it('serves brotli, else gzip, else the file itself, by Accept-Encoding, and says it varies', async () => {
    expect(await get('/assets/main-abc.js', 'gzip, deflate, br')).toEqual({ encoding: 'br', vary: 'Accept-Encoding', body: script });
    expect(await get('/assets/main-abc.js', 'gzip')).toEqual({ encoding: 'gzip', vary: 'Accept-Encoding', body: script });
    expect(await get('/assets/main-abc.js', 'br;q=0, gzip')).toMatchObject({ encoding: 'gzip' });
    expect(await get('/assets/main-abc.js', 'identity')).toEqual({ encoding: null, vary: 'Accept-Encoding', body: script });
  });

  it('serves a file without a compressed copy as it is, and images never compressed', async () => {
    expect(await get('/clients', 'br')).toMatchObject({ encoding: null, body: '<!doctype html><title>Salon</title>' });
    expect(await get('/icon.png', 'br')).toMatchObject({ encoding: null, vary: null });
  });
});
