import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GZIP_FROM_BYTES } from '../../server/graphql/gzip-large-answers';
import { logIn } from '../factories/accounts';
import { DEMO, PULL } from '../helpers/operations';
import { useTestServer } from '../helpers/server';

/** A raw POST to /graphql (Node's fetch would undo the encoding): the headers and bytes as sent. */
function post(url: string, body: unknown, headers: Record<string, string>) {
  return new Promise<{ encoding: string | undefined; vary: string | undefined; bytes: Buffer }>((resolve, reject) => {
    const req = request(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ encoding: res.headers['content-encoding'], vary: res.headers.vary?.toString(), bytes: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** Large JSON answers are gzipped when the caller accepts it (decision 066); small ones and other callers get JSON. */
describe('gzipped answers', () => {
  const t = useTestServer('pglite', { seedDemo: true });

  it('gzips a pull page over the threshold, to the same JSON as the plain answer, and only when it is accepted', async () => {
    const owner = await logIn(t, DEMO.owner);
    const body = { query: PULL, variables: { input: { salon: owner.user.salon.id, cursor: 0, limit: 5000 } } };
    const auth = { authorization: `Bearer ${owner.token}`, 'x-panel': 'frontend' };
    const plain = await post(t.url, body, auth);
    const gzipped = await post(t.url, body, { ...auth, 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.encoding).toBeUndefined();
    expect(plain.bytes.length).toBeGreaterThan(GZIP_FROM_BYTES);
    expect(gzipped.encoding).toBe('gzip');
    expect(gzipped.vary).toMatch(/accept-encoding/i);
    expect(gzipped.bytes.length).toBeLessThan(plain.bytes.length / 3);
    const pulled = JSON.parse(gunzipSync(gzipped.bytes).toString()) as { data: { pull: { changes: unknown[] } } };
    expect(pulled).toEqual(JSON.parse(plain.bytes.toString()));
    expect(pulled.data.pull.changes.length).toBeGreaterThan(20);
  });

  it('sends a small answer as it is', async () => {
    const small = await post(t.url, { query: 'query T { __typename }' }, { 'accept-encoding': 'gzip' });
    expect(small.encoding).toBeUndefined();
    expect(JSON.parse(small.bytes.toString())).toEqual({ data: { __typename: 'Query' } });
  });
});
