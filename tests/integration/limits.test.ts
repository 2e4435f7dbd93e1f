import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { GRAPHQL_BODY_MAX, WS_MESSAGE_MAX } from '../../server/body-limit';
import { ok, type GqlResult } from '../helpers/graphql';
import { backends, useTestServer } from '../helpers/server';

/** `{ viewer { ...on Viewer { ...on Viewer { … id } } } }`: valid on the schema, any depth (inline fragments count as a level). */
const nested = (depth: number) => {
  const fragments = depth - 2; // viewer and id are two of the levels
  return `query Deep { viewer { ${'... on Viewer { '.repeat(fragments)}id${' }'.repeat(fragments)} } }`;
};
const aliased = (count: number) => `query Many { ${Array.from({ length: count }, (_, i) => `v${i}: viewer { id }`).join(' ')} }`;

function refusedWith(result: GqlResult, pattern: RegExp) {
  expect(result.data ?? null).toBeNull();
  expect(result.errors?.map((e) => e.message).join('\n')).toMatch(pattern);
}

describe.each(backends(import.meta.url))('GraphQL armor limits on %s', (backend) => {
  const t = useTestServer(backend);

  it('accepts a query 10 levels deep and refuses one 11 levels deep', async () => {
    expect(ok(await t.gql(nested(10)))).toEqual({ viewer: null });
    refusedWith(await t.gql(nested(11)), /depth limit of 10 exceeded, found 11/);
  });

  it('accepts 15 aliases and refuses 16', async () => {
    const fifteen = ok(await t.gql(aliased(15)));
    expect(Object.keys(fifteen)).toHaveLength(15);
    refusedWith(await t.gql(aliased(16)), /Aliases limit of 15 exceeded, found 16/);
  });

  it('refuses a query with too many tokens', async () => {
    const fields = Array.from({ length: 4100 }, () => '__typename').join(' ');
    refusedWith(await t.gql(`query Big { ${fields} }`), /Token limit of 4000 exceeded/);
  });
});

/** A raw POST /graphql: `chunked` sends the body without saying its length. */
function post(url: string, body: string, chunked = false) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const headers: Record<string, string | number> = { 'content-type': 'application/json' };
    if (!chunked) headers['content-length'] = Buffer.byteLength(body);
    const req = request(`${url}/graphql`, { method: 'POST', headers });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    // Written before the end: Node would otherwise measure a body handed to end() and say its length itself.
    if (chunked) req.write(body);
    req.end(chunked ? undefined : body);
  });
}

/** A query padded with spaces (ignored by GraphQL) to `bytes` in all. */
const padded = (bytes: number) => {
  const query = JSON.stringify({ query: '{ __typename }' });
  return `${query.slice(0, -1)}${' '.repeat(bytes - query.length)}}`;
};

describe('request size limits', () => {
  const t = useTestServer('pglite');

  it('answers a JSON request up to the limit and refuses a larger or unmeasured one before reading it', async () => {
    const atLimit = await post(t.url, padded(GRAPHQL_BODY_MAX));
    expect(atLimit.status).toBe(200);
    expect(JSON.parse(atLimit.body)).toEqual({ data: { __typename: 'Query' } });

    const over = await post(t.url, padded(GRAPHQL_BODY_MAX + 1));
    expect(over.status).toBe(413);
    expect(JSON.parse(over.body).errors[0].extensions).toMatchObject({ code: 'IllegalArgument', reason: 'REQUEST_TOO_LARGE' });

    const chunked = await post(t.url, padded(100), true);
    expect(chunked.status).toBe(411);
    expect(JSON.parse(chunked.body).errors[0].extensions.reason).toBe('REQUEST_TOO_LARGE');
  });

  it('closes a socket that sends a message over the WebSocket limit', async () => {
    const socket = new WebSocket(`${t.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.send(JSON.stringify({ type: 'connection_init', payload: { pad: 'x'.repeat(WS_MESSAGE_MAX) } }));
    expect(await closed).toBe(1009);
  }, 10_000);
});
