import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/**
 * A local fake of Sentry's ingest (issue 60 item 5): the envelope endpoint `POST /api/{project}/envelope/` the
 * official SDKs send to, as Sentry documents it (a header line, then an item header and its payload per item,
 * gzip-compressed or not), with the public key checked. It keeps the events it took; `GET /_fake/events` lists them.
 * The DSN to give the SDKs is `fake.dsn`.
 */
export interface FakeIngestEvent {
  /** The envelope's project and the SDK that sent it ('sentry.javascript.node', 'sentry.javascript.browser'). */
  project: string;
  sdk: string;
  /** The item's type ('event' for errors and messages) and its payload as sent. */
  type: string;
  event: Record<string, unknown>;
  /** The body as it arrived (after gzip), to search for what must never be in it. */
  raw: string;
}

export interface FakeIngest {
  url: string;
  dsn: string;
  events: FakeIngestEvent[];
  stop(): Promise<void>;
}

export const FAKE_INGEST_KEY = 'fakepublickey0000000000000000001';
const ENVELOPE = /^\/api\/(\d+)\/envelope\/?$/;

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const all = Buffer.concat(chunks);
  return (req.headers['content-encoding'] === 'gzip' ? gunzipSync(all) : all).toString('utf8');
}

const answer = (res: ServerResponse, status: number, value: unknown) =>
  res
    .writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' })
    .end(JSON.stringify(value));

/** The items of an envelope: lines after the header, each item header followed by its payload. */
function items(text: string): { type: string; payload: Record<string, unknown> }[] {
  const lines = text.split('\n').filter((l) => l.length > 0);
  const found: { type: string; payload: Record<string, unknown> }[] = [];
  for (let i = 1; i + 1 < lines.length; i += 2) {
    const header = JSON.parse(lines[i] as string) as { type?: string };
    found.push({ type: header.type ?? 'unknown', payload: JSON.parse(lines[i + 1] as string) as Record<string, unknown> });
  }
  return found;
}

export async function startFakeIngest(options: { port?: number } = {}): Promise<FakeIngest> {
  const events: FakeIngestEvent[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'OPTIONS') return answer(res, 200, {});
    const match = ENVELOPE.exec(url.pathname);
    if (req.method === 'POST' && match) {
      void body(req).then(
        (text) => {
          const header = JSON.parse(text.slice(0, text.indexOf('\n'))) as { dsn?: string; sdk?: { name?: string } };
          const key = header.dsn ? new URL(header.dsn).username : (url.searchParams.get('sentry_key') ?? '');
          const auth = String(req.headers['x-sentry-auth'] ?? '');
          if (key !== FAKE_INGEST_KEY && !auth.includes(`sentry_key=${FAKE_INGEST_KEY}`)) return answer(res, 401, { detail: 'bad key' });
          for (const item of items(text))
            events.push({ project: match[1] as string, sdk: header.sdk?.name ?? '', type: item.type, event: item.payload, raw: text });
          answer(res, 200, { id: (items(text)[0]?.payload.event_id as string | undefined) ?? null });
        },
        () => answer(res, 400, { detail: 'bad envelope' }),
      );
      return;
    }
    if (req.method === 'GET' && url.pathname === '/_fake/events') return answer(res, 200, events);
    if (req.method === 'GET' && url.pathname === '/') return answer(res, 200, { fake: 'sentry' });
    answer(res, 404, { detail: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    dsn: `http://${FAKE_INGEST_KEY}@127.0.0.1:${port}/1`,
    events,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
