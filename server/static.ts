import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Precompressed at build (vite.config.ts), best first; served by Accept-Encoding. */
const ENCODINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt']);

/** Whether the request accepts `coding` (listed without q=0). */
export function accepts(req: IncomingMessage, coding: string): boolean {
  const header = String(req.headers['accept-encoding'] ?? '');
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return (name === coding || name === '*') && !(q && Number(q.slice(2)) === 0);
  });
}

/**
 * Serves the built PWA from `root`. Unknown paths without an extension get index.html (client routes).
 * Hashed assets are cached for a year; the service worker, manifest and index.html are always revalidated.
 * Text files go out precompressed (brotli, else gzip) when the browser accepts it and the build made them.
 */
export function createStaticHandler(root: string) {
  const base = normalize(root + sep);
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = new URL(req.url ?? '/', 'http://x');
    let path = normalize(join(root, decodeURIComponent(url.pathname)));
    if (!path.startsWith(base) && path !== normalize(root)) return false;
    if (!existsSync(path) || statSync(path).isDirectory()) {
      if (extname(url.pathname)) return false;
      path = join(root, 'index.html');
      if (!existsSync(path)) return false;
    }
    const immutable = url.pathname.startsWith('/assets/') || url.pathname.startsWith('/book/assets/');
    const compressible = COMPRESSIBLE.has(extname(path));
    // A slow line pays for every byte of the first visit: scripts go out as brotli or gzip made at build.
    const encoded = compressible ? ENCODINGS.find((e) => accepts(req, e.coding) && existsSync(path + e.suffix)) : undefined;
    res.writeHead(200, {
      'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(compressible ? { vary: 'Accept-Encoding' } : {}),
      ...(encoded ? { 'content-encoding': encoded.coding } : {}),
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(encoded ? path + encoded.suffix : path).pipe(res);
    return true;
  };
}
