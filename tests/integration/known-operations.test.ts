import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { print } from 'graphql';
import { describe, expect, it } from 'vitest';
import { PullDocument, PushCommandsDocument } from '../../src/api/generated';
import { newId } from '../../src/domain/ids';
import { logIn } from '../factories/accounts';
import { clientInput } from '../factories/salon';
import { DEMO } from '../helpers/operations';
import { useTestServer } from '../helpers/server';

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** A raw POST to /graphql (Node's fetch would undo the encoding): the answer's status, headers and body as sent. */
function post(url: string, body: string, headers: Record<string, string>) {
  return new Promise<{ status: number; type: string; encoding: string; cookies: string; body: unknown }>((resolve, reject) => {
    const req = request(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const encoding = String(res.headers['content-encoding'] ?? '');
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type']),
          encoding,
          cookies: String(res.headers['set-cookie'] ?? ''),
          body: parsed((encoding === 'gzip' ? gunzipSync(bytes) : bytes).toString()),
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const PULL = print(PullDocument);
const PUSH = print(PushCommandsDocument);

/**
 * The app's pull and push are answered without yoga (decision 099). Each case is sent twice: with the operation's
 * text exactly as the app prints it (the known path) and with one space more (the same operation, which only yoga
 * knows): the two answers must be the same, status, media type, encoding, cookies and body.
 */
describe('known operations', () => {
  const t = useTestServer('pglite', { seedDemo: true });

  const both = async (query: string, variables: unknown, headers: Record<string, string> = {}) => {
    const known = await post(t.url, JSON.stringify({ query, variables }), headers);
    const yoga = await post(t.url, JSON.stringify({ query: `${query} `, variables }), headers);
    expect(known).toEqual(yoga);
    return known;
  };

  it('answers a pull as yoga does: a page, gzipped when large, and each refusal', async () => {
    const owner = await logIn(t, DEMO.owner);
    const auth = { authorization: `Bearer ${owner.token}` };
    const salon = owner.user.salon.id as string;
    const page = await both(PULL, { input: { salon, cursor: 0, limit: 5 } }, auth);
    expect(page.status).toBe(200);
    expect((page.body as { data: { pull: { tables: unknown[] } } }).data.pull.tables.length).toBeGreaterThan(0);

    const large = await both(PULL, { input: { salon, cursor: 0, limit: 5000 } }, { ...auth, 'accept-encoding': 'gzip' });
    expect(large.encoding).toBe('gzip');

    // Not signed in, another salon, a variable of the wrong type, none at all, each media type the caller may ask for.
    const refusals = [
      await both(PULL, { input: { salon, cursor: 0, limit: 5 } }),
      await both(PULL, { input: { salon: newId(), cursor: 0, limit: 5 } }, auth),
      await both(PULL, { input: { salon, cursor: 'x', limit: 5 } }, auth),
      await both(PULL, undefined, auth),
    ];
    expect(refusals.map((r) => (r.body as { errors?: unknown[] }).errors?.length)).toEqual([1, 1, 1, 1]);
    const accepts = [
      'application/json',
      '*/*',
      'application/graphql-response+json',
      'application/graphql-response+json, application/json',
      'application/json;charset=latin1, application/graphql-response+json',
      'text/html',
    ];
    const types = [];
    for (const accept of accepts) types.push((await both(PULL, { input: { salon, cursor: 'x', limit: 5 } }, { ...auth, accept })).type);
    expect(new Set(types).size, 'yoga answers them in more than one type').toBeGreaterThan(1);
  });

  it('answers a push as yoga does, the repeat from the stored result', async () => {
    const owner = await logIn(t, DEMO.owner);
    const auth = { authorization: `Bearer ${owner.token}` };
    const input = (seq: number, client: object) => ({
      clientId,
      commands: [{ name: 'client.create', seq, input: JSON.stringify({ ...client, lang: 'en' }) }],
    });
    const clientId = newId();
    const applied = await both(PUSH, { input: input(1, clientInput(owner.user.salon.id)) }, auth);
    expect((applied.body as { data: { pushCommands: { results: unknown[] } } }).data.pushCommands.results).toEqual([
      { seq: 1, ok: true, error: null },
    ]);
    const refused = await both(PUSH, { input: input(2, { ...clientInput(owner.user.salon.id), firstName: '' }) }, auth);
    expect(JSON.stringify(refused.body)).toContain('"ok":false');
    await both(PUSH, { input: { clientId: 'not an id', commands: [] } }, auth);
  });
});
