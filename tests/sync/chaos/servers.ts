import { configureApi } from '../../../src/api/config';
import type { Transport } from '../../../src/sync/transport';
import { ROOMY_LIMITS, type Backend, type TestServerOptions } from '../../helpers/server';
import { restartableServer, type ServerInstance } from '../support/restartable-server';

/**
 * The servers of a chaos run: one instance on PGlite (its data directory admits one process), two on
 * PostgreSQL (A and B on one database, as behind a load balancer). Any instance can be stopped and started
 * again on the same data (a restart: a new port); a stopped one keeps its old address, so clients routed to
 * it get "connection refused" until they switch or it is back.
 */
export type ChaosServers = Awaited<ReturnType<typeof chaosServers>>;

export async function chaosServers(backend: Backend, options: TestServerOptions = {}) {
  const store = await restartableServer(backend, { ...ROOMY_LIMITS, ...options });
  const slots: Array<{ url: string; live: ServerInstance | null }> = [];
  for (let i = 0; i < (backend === 'postgres' ? 2 : 1); i++) {
    const s = await store.start();
    slots.push({ url: s.url, live: s });
  }
  const slot = (i: number) => slots[i] as { url: string; live: ServerInstance | null };
  return {
    count: slots.length,
    url: (i: number) => slot(i).url,
    isUp: (i: number) => slot(i).live !== null,
    /** A running instance, for the checks (they read the shared data). */
    live(): ServerInstance {
      const up = slots.find((s) => s.live);
      if (!up?.live) throw new Error('no server instance is running');
      return up.live;
    },
    async stop(i: number) {
      const s = slot(i).live;
      slot(i).live = null;
      await s?.stop();
    },
    async start(i: number) {
      if (slot(i).live) return;
      const s = await store.start();
      slots[i] = { url: s.url, live: s };
    },
    async dispose() {
      for (const s of slots) await s.live?.stop();
      await store.dispose();
    },
  };
}

/**
 * A transport that sends to the instance `url()` names at the moment of each call. The API reads its base URL
 * synchronously when a request starts, so setting it right before the call routes just this request.
 */
export const routed = (real: Transport, url: () => string): Transport => ({
  send(clientId, entry) {
    configureApi({ baseUrl: url() });
    return real.send(clientId, entry);
  },
  ...(real.sendBatch && {
    sendBatch(clientId: string, entries: Parameters<NonNullable<Transport['sendBatch']>>[1]) {
      configureApi({ baseUrl: url() });
      return real.sendBatch?.(clientId, entries) ?? Promise.resolve([]);
    },
  }),
  pull(salonId, cursor, limit) {
    configureApi({ baseUrl: url() });
    return real.pull(salonId, cursor, limit);
  },
  // Pokes would sync at moments the seed does not choose; the socket is tested in faults.pg.test.ts.
  subscribe: () => () => {},
});
