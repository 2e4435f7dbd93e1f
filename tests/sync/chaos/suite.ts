import { afterAll, beforeAll } from 'vitest';
import type { Backend } from '../../helpers/server';
import { engineClients } from '../support/engine-client';
import type { OpenDevice } from './run-seed';
import { chaosServers, type ChaosServers } from './servers';

/**
 * A describe block's chaos servers (servers.ts) and the devices it opens on them, for the chaos and soak runs:
 * started before its tests, every device closed and the data removed after them.
 */
export function useChaosDevices(backend: Backend) {
  let servers: ChaosServers | undefined;
  let salonId = '';
  const { client, closeAll } = engineClients(
    () => ({ url: (servers as ChaosServers).url(0) }),
    () => salonId,
  );
  const open: OpenDevice = (salon, wrap) => {
    salonId = salon;
    return client(wrap);
  };
  beforeAll(async () => {
    servers = await chaosServers(backend);
  });
  afterAll(async () => {
    await closeAll();
    await servers?.dispose();
  });
  return { servers: () => servers as ChaosServers, open, closeAll };
}
