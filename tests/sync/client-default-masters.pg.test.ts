import 'fake-indexeddb/auto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configureApi } from '../../src/api/config';
import { client as clientCommands, runCommand } from '../../src/db/commands';
import type { SalonDb } from '../../src/db/salon-db';
import { newId } from '../../src/domain/ids';
import type { Transport } from '../../src/sync/transport';
import { clients } from '../../server/db/schema';
import { addUser } from '../factories/accounts';
import { clientInput, salonWithOwner, type SalonFixture } from '../factories/salon';
import { ok } from '../helpers/graphql';
import { DELETE_CLIENT } from '../helpers/operations';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';
import { engineClients, expectEqualToServer, expectSettled, ownerContext, transient } from './support/engine-client';

/**
 * client.setDefaultMasters and a GLOBAL client.create through the real engine on fake-indexeddb against the
 * real server (DESIGN.md §9 "sync"): queued offline they reach the server once and the mirror ends equal to
 * it; refused (the client deleted on another device) the change is undone and kept as a conflict.
 */
describe.each(backends(import.meta.url))('client default masters through the sync engine on %s', (backend) => {
  const t = useTestServer(backend, ROOMY_LIMITS);
  let f: SalonFixture;
  const { client, closeAll } = engineClients(
    () => t,
    () => f.salonId,
  );

  beforeAll(async () => {
    f = await salonWithOwner(t, 0);
    configureApi({ baseUrl: t.url, getToken: () => f.owner.token, getRole: () => 'ADMIN', onUnauthenticated: () => {} });
  });
  afterEach(closeAll);

  /** A client whose transport fails like a dropped connection while `offline` is set. */
  function switchable() {
    const state = { offline: false };
    const c = client((real): Transport => ({
      ...real,
      send: (id, entry) => (state.offline ? Promise.resolve(transient()) : real.send(id, entry)),
      pull: (...args) => (state.offline ? Promise.reject(new Error('offline')) : real.pull(...args)),
    }));
    return { c, state };
  }
  const createLocal = (db: SalonDb, input: Record<string, unknown>) =>
    runCommand(db, clientCommands.createClient, { ctx: ownerContext(f), input: input as never }, { salonId: f.salonId });
  const setLocal = (db: SalonDb, clientId: string, masters: string[], form: unknown = null) =>
    runCommand(
      db,
      clientCommands.setDefaultMasters,
      { ctx: ownerContext(f), input: { salon: f.salonId, client: clientId, masters } },
      {
        salonId: f.salonId,
        form: form ? { kind: 'client.edit', values: form } : null,
      },
    );
  const serverRow = async (id: string) => (await t.db.select().from(clients).where(eq(clients.id, id)))[0];

  it('queued offline, it reaches the server once online and the mirror equals the server', async () => {
    const { c, state } = switchable();
    await c.sync();
    const input = clientInput(f.salonId);
    await createLocal(c.db, input);
    expect(await c.db.mirror('clients').get(input.id)).toMatchObject({ defaultMasterIds: [] });
    state.offline = true;
    const [m0, m1] = f.masterIds as [string, string];
    await setLocal(c.db, input.id, [m1, m0]);
    await c.sync();
    expect(await c.db.outbox.count()).toBe(2);
    expect(await c.db.mirror('clients').get(input.id)).toMatchObject({ defaultMasterIds: [m1, m0] });
    expect(await serverRow(input.id)).toBeUndefined();

    state.offline = false;
    await c.sync();
    expect((await serverRow(input.id))?.defaultMasterIds).toEqual([m1, m0]);
    await expectSettled(c.db);
    expect(await c.db.conflicts.count()).toBe(0);
    await expectEqualToServer(t, f, c.db);
  });

  it('refused because the client was deleted on another device: undone, and kept as a conflict with the form', async () => {
    const { c, state } = switchable();
    const input = clientInput(f.salonId);
    await createLocal(c.db, input);
    await c.sync();
    expect(await serverRow(input.id)).toBeDefined();
    state.offline = true;
    await setLocal(c.db, input.id, [f.masterIds[0] as string], { masters: [f.masterIds[0]] });
    // Meanwhile another device deletes the client.
    ok(await t.gql(DELETE_CLIENT, { input: { salonId: f.salonId, clientId: input.id } }, f.owner.token));

    state.offline = false;
    await c.sync();
    expect(await c.db.mirror('clients').get(input.id)).toBeUndefined();
    expect(await c.db.conflicts.toArray()).toMatchObject([
      {
        name: 'client.setDefaultMasters',
        form: { kind: 'client.edit', values: { masters: [f.masterIds[0]] } },
        error: { code: 'NotExists', reason: 'CLIENT_NOT_EXISTS', messageId: 'client.defaultMasters.notExists' },
      },
    ]);
    expect((await serverRow(input.id))?.defaultMasterIds).toEqual([]);
    await expectSettled(c.db);
    await expectEqualToServer(t, f, c.db);
  });

  it("a GLOBAL client made from a found user ends with the account's identity in the mirror", async () => {
    const { c } = switchable();
    await c.sync();
    const user = await addUser(t, {
      phone: `+3712${Math.floor(Math.random() * 9_000_000) + 1_000_000}`,
      firstName: 'Kārlis',
      lastName: 'Zariņš',
      gender: 'MALE',
    });
    const input = { ...clientInput(f.salonId), id: newId(), userId: user.id, phone: user.phone, firstName: 'Karlis', gender: 'MALE' };
    await createLocal(c.db, input);
    expect(await c.db.mirror('clients').get(input.id)).toMatchObject({ type: 'GLOBAL', firstName: 'Karlis' });
    await c.sync();
    expect(await c.db.mirror('clients').get(input.id)).toMatchObject({
      type: 'GLOBAL',
      firstName: 'Kārlis',
      lastName: 'Zariņš',
      email: user.email,
    });
    await expectSettled(c.db);
    await expectEqualToServer(t, f, c.db);
  });
});
