import { createClient, type Client } from 'graphql-ws';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { logIn } from '../factories/accounts';
import { DEMO } from '../helpers/operations';
import { useTestServer } from '../helpers/server';

/** graphql-ws on the same port and path as HTTP (/graphql), with the bearer token in connectionParams. */
describe('WebSocket /graphql', () => {
  const t = useTestServer('pglite', { seedDemo: true });
  let client: Client | null = null;
  afterEach(async () => {
    await client?.dispose();
    client = null;
  });

  const connect = (token: string | null) =>
    (client = createClient({
      url: `${t.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: token ? { authorization: `Bearer ${token}` } : {},
      retryAttempts: 0,
    }));

  const once = (c: Client, query: string) =>
    new Promise<unknown>((resolve, reject) => {
      const stop = c.subscribe(
        { query },
        {
          next: (value) => {
            stop();
            resolve(value);
          },
          error: reject,
          complete: () => undefined,
        },
      );
    });

  it('streams the heartbeat to a signed-in socket only', async () => {
    const { token } = await logIn(t, DEMO.owner);
    const value = (await once(connect(token), 'subscription { heartbeat }')) as { data: { heartbeat: number } };
    expect(typeof value.data.heartbeat).toBe('number');
    const anonymous = (await once(connect(null), 'subscription { heartbeat }')) as { errors?: Array<{ message: string }> };
    expect(anonymous.errors?.[0]?.message).toBe('Not signed in');
  });

  it('resolves the viewer from the token of the connection', async () => {
    const { token } = await logIn(t, DEMO.owner);
    expect(await once(connect(token), '{ viewer { email role } }')).toEqual({ data: { viewer: { email: DEMO.owner, role: 'ADMIN' } } });
    expect(await once(connect(null), '{ viewer { email } }')).toEqual({ data: { viewer: null } });
  });

  it('validates operations like HTTP does', async () => {
    await expect(once(connect(null), '{ nope }')).rejects.toBeTruthy();
  });
});
