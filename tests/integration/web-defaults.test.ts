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

  it('sends the security headers on every answer, HSTS only over https', async () => {
    for (const response of [
      await fetch(`${t.url}/graphql?query=%7B__typename%7D`),
      await fetch(`${t.url}/altcha/challenge`),
      await fetch(`${t.url}/nothing`),
    ]) {
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self' https://js.stripe.com");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("worker-src 'self' blob:");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });
});

describe('web defaults behind https', () => {
  const t = useTestServer('pglite', { publicUrl: 'https://salon.example' });

  it('sends HSTS when the public address is https', async () => {
    const response = await fetch(`${t.url}/graphql?query=%7B__typename%7D`);
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=31536000/);
  });
});

describe('web defaults behind a trusted proxy', () => {
  const t = useTestServer('pglite', { trustProxy: true });

  it('sends HSTS when the proxy says the request came over https, not otherwise', async () => {
    const hsts = async (proto: string) =>
      (await fetch(`${t.url}/graphql?query=%7B__typename%7D`, { headers: { 'x-forwarded-proto': proto } })).headers.get(
        'strict-transport-security',
      );
    expect(await hsts('https')).toMatch(/^max-age=/);
    expect(await hsts('http')).toBeNull();
  });
});

describe('web defaults, introspection turned on for development', () => {
  const t = useTestServer('pglite', { introspection: true });

  it('answers schema introspection', async () => {
    expect(ok(await t.gql(INTROSPECT))).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });
});
