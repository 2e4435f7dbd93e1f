import { afterEach, beforeEach } from 'vitest';
import { configureApi } from '../../../src/api/config';
import { salonWithOwner, type SalonFixture } from '../../factories/salon';
import type { TestServer } from '../../helpers/server';
import { engineClients, serverLedger } from './engine-client';

/**
 * The shared frame of the fault suites: a fresh salon per test (the server's tables then hold exactly what
 * the test did), the API pointed at the server as its owner, and every engine client closed afterwards.
 * `onSalon` hands each test's fixture to the suite.
 */
export function useFaultSuite(t: TestServer, onSalon: (f: SalonFixture) => void) {
  let f: SalonFixture | null = null;
  const fixture = () => {
    if (!f) throw new Error('no salon yet (use inside a test)');
    return f;
  };
  const { client, closeAll } = engineClients(
    () => t,
    () => fixture().salonId,
  );
  const configure = (url = t.url) =>
    configureApi({ baseUrl: url, getToken: () => fixture().owner.token, getRole: () => 'ADMIN', onUnauthenticated: () => {} });

  beforeEach(async () => {
    f = await salonWithOwner(t);
    onSalon(f);
    configure();
  });
  afterEach(async () => {
    await closeAll();
    configure();
  });

  return {
    client,
    closeAll,
    /** A test that makes its own salon (on another server) makes it the suite's. */
    useSalon(next: SalonFixture) {
      f = next;
      onSalon(next);
    },
    configure,
    ledgerOf: async (db: { clientId(): Promise<string> }) => serverLedger(t, await db.clientId()),
    okSeqs: (ledger: Awaited<ReturnType<typeof serverLedger>>) => ledger.results.filter((r) => r.result.ok).map((r) => r.seq),
    master: (i: number) => fixture().masterIds[i] as string,
  };
}
