// The real sync engine and commands on a bench page: a fresh mirror database synced with one salon.
import { configureApi } from '../../../src/api/config';
import { client, runCommand, type CommandContext } from '../../../src/db/commands';
import { SalonDb } from '../../../src/db/salon-db';
import { newId } from '../../../src/domain/ids';
import { DEFAULT_SALON_SETTINGS } from '../../../src/domain/rules/salon-defaults';
import { SyncEngine } from '../../../src/sync/engine';
import { createGraphqlTransport } from '../../../src/sync/graphql-transport';

export interface Setup {
  baseUrl: string;
  token: string;
  salonId: string;
  userId: string;
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return +(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(2);
};

export function start(setup: Setup, name: string) {
  configureApi({ baseUrl: setup.baseUrl, getToken: () => setup.token, getRole: () => 'ADMIN', onUnauthenticated: () => {} });
  const db = new SalonDb(name);
  const transport = createGraphqlTransport({ webSocketUrl: `${setup.baseUrl.replace('http', 'ws')}/graphql` });
  const engine = new SyncEngine({ db, transport, salonId: setup.salonId, intervalMs: 600_000 });
  const ctx = (): CommandContext => ({
    salonId: setup.salonId,
    userId: setup.userId,
    userName: { firstName: 'Bench', lastName: 'Owner' },
    role: 'ADMIN',
    isOwner: true,
    now: new Date().toISOString(),
    today: new Date().toISOString().slice(0, 10),
    settings: DEFAULT_SALON_SETTINGS,
  });
  const newClient = () => {
    const id = newId();
    return runCommand(
      db,
      client.createClient,
      { ctx: ctx(), input: { id, salon: setup.salonId, firstName: 'Bench', lastName: id.slice(0, 8), gender: 'FEMALE' } },
      { salonId: setup.salonId },
    );
  };
  const sync = async () => {
    engine.kick();
    await engine.idle();
  };
  const close = async () => {
    engine.stop();
    transport.close();
    db.close();
    await db.delete();
  };
  return { db, engine, newClient, sync, close };
}
