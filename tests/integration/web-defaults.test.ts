import { describe, expect, it } from 'vitest';
import { ok } from '../helpers/graphql';
import { useTestServer } from '../helpers/server';

const INTROSPECT = 'query Schema { __schema { queryType { name } } }';

/** Web defaults of a production server (issue 16 item 6): no introspection unless asked for, CORS for our origin only. */
describe('web defaults', () => {
  const t = useTestServer('pglite');
  const allowedOrigin = async (origin: string) => {
    const response = await fetch(`${t.url}/graphql`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, authorization' },
    });
    return response.headers.get('access-control-allow-origin');
  };

  it('refuses schema introspection, still answers __typename', async () => {
    const answer = await t.gql(INTROSPECT);
    expect(answer.data ?? null).toBeNull();
    expect(answer.errors?.[0]?.message).toMatch(/introspection/i);
    expect(ok(await t.gql('query T { __typename }'))).toEqual({ __typename: 'Query' });
  });

  it('lets only the public origin read /graphql from a browser', async () => {
    const own = new URL(t.running.app.publicUrl).origin;
    expect(await allowedOrigin(own)).toBe(own);
    expect(await allowedOrigin('https://evil.example')).not.toBe('https://evil.example');
  });
});

describe('web defaults, introspection turned on for development', () => {
  const t = useTestServer('pglite', { introspection: true });

  it('answers schema introspection', async () => {
    expect(ok(await t.gql(INTROSPECT))).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });
});
