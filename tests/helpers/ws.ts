import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { Loose } from './graphql';

/** A live graphql-ws subscription: values as they arrive, the error if it ended with one. */
export interface LiveSubscription {
  values: Loose[];
  error: unknown;
  /** The close code of the socket once the server closed it (null while open). */
  closedWith: number | null;
  /** Resolves with the next value not yet taken (waits up to `ms`). */
  next(ms?: number): Promise<Loose>;
  /** Resolves once the subscription is acknowledged and listening (the first operation round trip). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** Connects to `${baseUrl}/graphql` over WebSocket with the bearer token in connectionParams and subscribes. */
export function subscribe(baseUrl: string, token: string | null, query: string, variables: Record<string, unknown> = {}): LiveSubscription {
  const client: Client = createClient({
    url: `${baseUrl.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: false,
    // A socket the server closes (access ended) is what the tests look for, not an error to print.
    onNonLazyError: () => undefined,
  });
  const values: Loose[] = [];
  let taken = 0;
  const waiters: Array<() => void> = [];
  const wake = () => waiters.splice(0).forEach((w) => w());
  const live: LiveSubscription = {
    values,
    error: null,
    closedWith: null,
    ready: new Promise<void>((resolve, reject) => {
      client.on('connected', () => resolve());
      client.on('closed', () => reject(new Error('socket closed before connecting')));
    }),
    async next(ms = 5000) {
      const deadline = Date.now() + ms;
      while (values.length <= taken) {
        if (live.error) throw live.error instanceof Error ? live.error : new Error(JSON.stringify(live.error));
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no subscription value within ${ms} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return values[taken++];
    },
    async close() {
      stop();
      await client.dispose();
    },
  };
  client.on('closed', (event) => {
    live.closedWith = (event as { code?: number }).code ?? 0;
    wake();
  });
  const stop = client.subscribe(
    { query, variables },
    {
      next: (value) => {
        if (value.errors) live.error = value.errors;
        else values.push(value.data);
        wake();
      },
      error: (error) => {
        live.error = error;
        wake();
      },
      complete: () => wake(),
    },
  );
  return live;
}

/** Waits until `check` holds (polling), or fails after `ms`. */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
