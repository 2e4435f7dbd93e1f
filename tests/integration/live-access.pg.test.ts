import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { administrators, clients, salons, sessions, syncClients } from '../../server/db/schema';
import { createContext, requireSalonViewer } from '../../server/graphql/context';
import { runCommand } from '../../server/sync/command';
import { pull } from '../../server/sync/pull';
import { logIn } from '../factories/accounts';
import { addStaff, day, line, salonWithOwner, type SalonFixture } from '../factories/salon';
import { ok, refused } from '../helpers/graphql';
import {
  APPOINTMENT_ADDED,
  CHANGE_PASSWORD_BY_TOKEN,
  CREATE_APPOINTMENTS,
  CREATE_SALON,
  LOGOUT,
  RESET_PASSWORD,
  SALON_CHANGED,
  SWITCH_SALON,
} from '../helpers/operations';
import { backends, ROOMY_LIMITS, startTestServer, useTestServer, type TestServer } from '../helpers/server';
import { eventually, subscribe, type LiveSubscription } from '../helpers/ws';

const DELETE_ADMINISTRATOR = `mutation D($input: DeleteAdministratorInput!) { deleteAdministrator(input: $input) { administratorId } }`;
const ADD_ADMINISTRATOR = `mutation A($input: AddAdministratorInput!) { addAdministrator(input: $input) { id } }`;
const TRANSFER = `mutation T($input: TransferSalonOwnershipInput!) { transferSalonOwnership(input: $input) { ownerId } }`;
const DELETE_MASTER = `mutation D($input: DeleteMasterInput!) { deleteMaster(input: $input) { masterId } }`;
const MASTER_LOGIN = `mutation S($input: UpdateSalonMasterLoginSettingsInput!) { updateSalonMasterLoginSettings(input: $input) { id } }`;
const HEARTBEAT = 'subscription { heartbeat }';
const FORBIDDEN_CLOSE = 4403;

/**
 * Open subscriptions lose access the moment access ends (DESIGN.md §7, issue 16 item 1): sign-out, a changed
 * password, removal from the salon, a deleted master, a role change, a switched salon and an expired session
 * close the affected sockets (and only those), on every instance; a push or pull already on its way is refused.
 */
describe.each(backends(import.meta.url))('live access on %s', (backend) => {
  const t = useTestServer(backend, ROOMY_LIMITS);
  const open: LiveSubscription[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });

  /** Subscribes and waits until the server guards the stream (or refused it). */
  const listen = async (
    token: string,
    query: string,
    variables: Record<string, unknown> = {},
    server: Pick<TestServer, 'url' | 'app'> = t,
  ) => {
    const before = server.app.liveAccess.size();
    const live = subscribe(server.url, token, query, variables);
    open.push(live);
    await eventually(() => server.app.liveAccess.size() > before || live.error !== null);
    return live;
  };
  const pokes = (token: string, f: SalonFixture, server?: Pick<TestServer, 'url' | 'app'>) =>
    listen(token, SALON_CHANGED, { salon: f.salonId }, server);
  const added = (token: string, f: SalonFixture, server?: Pick<TestServer, 'url' | 'app'>) =>
    listen(token, APPOINTMENT_ADDED, { salon: f.salonId, date: day(1), toDate: day(2) }, server);
  const bookOk = async (f: SalonFixture, overrides: Record<string, unknown> = {}) =>
    ok(await t.gql(CREATE_APPOINTMENTS, { input: { salon: f.salonId, appointments: [line(f, overrides)] } }, f.owner.token));
  /** The socket was closed by the server as forbidden, and nothing reached it. */
  const cutOff = async (live: LiveSubscription) => {
    await eventually(() => live.closedWith !== null);
    expect(live.closedWith).toBe(FORBIDDEN_CLOSE);
    expect(live.values).toEqual([]);
  };
  const adminIdOf = async (salonId: string, userId: string) =>
    (
      await t.db
        .select({ id: administrators.id })
        .from(administrators)
        .where(and(eq(administrators.salonId, salonId), eq(administrators.userId, userId)))
    )[0]?.id;
  const quiet = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));

  it("a removed administrator stops receiving the salon's appointments and pokes at once (the issue's repro)", async () => {
    const f = await salonWithOwner(t, 0);
    const admin = await addStaff(t, f.salonId, 'ADMIN');
    const adminAdded = await added(admin.token, f);
    const adminPokes = await pokes(admin.token, f);
    const ownerPokes = await pokes(f.owner.token, f);
    const administratorId = await adminIdOf(f.salonId, admin.userId);
    ok(await t.gql(DELETE_ADMINISTRATOR, { input: { salonId: f.salonId, administratorId } }, f.owner.token));
    await bookOk(f, { notes: 'private note' });
    await cutOff(adminAdded);
    await cutOff(adminPokes);
    // The owner's socket is not touched: it hears both writes.
    expect((await ownerPokes.next()).salonChanged.salon).toBe(f.salonId);
    expect((await ownerPokes.next()).salonChanged.salon).toBe(f.salonId);
    expect(ownerPokes.closedWith).toBeNull();
    // Subscribing again is refused.
    const again = subscribe(t.url, admin.token, SALON_CHANGED, { salon: f.salonId });
    open.push(again);
    await expect(again.next()).rejects.toThrow(/Not signed in/);
  });

  it("logout closes that session's sockets (pokes and heartbeat), not the user's other sessions; everywhere closes all", async () => {
    const f = await salonWithOwner(t, 0);
    const second = (await logIn(t, f.owner.email, f.owner.password)).token as string;
    const third = (await logIn(t, f.owner.email, f.owner.password)).token as string;
    const secondPokes = await pokes(second, f);
    const secondBeat = await listen(second, HEARTBEAT);
    await secondBeat.next();
    const thirdPokes = await pokes(third, f);
    const ownerPokes = await pokes(f.owner.token, f);
    ok(await t.gql(LOGOUT, { input: {} }, second));
    await bookOk(f);
    await cutOff(secondPokes);
    await eventually(() => secondBeat.closedWith !== null);
    expect(secondBeat.closedWith).toBe(FORBIDDEN_CLOSE);
    expect((await thirdPokes.next()).salonChanged.salon).toBe(f.salonId);
    expect((await ownerPokes.next()).salonChanged.salon).toBe(f.salonId);

    ok(await t.gql(LOGOUT, { input: { everywhere: true } }, third));
    const fresh = (await logIn(t, f.owner.email, f.owner.password)).token as string;
    ok(await t.gql(CREATE_APPOINTMENTS, { input: { salon: f.salonId, appointments: [line(f, { startAt: `${day(1)} 12:00` })] } }, fresh));
    await eventually(() => thirdPokes.closedWith !== null && ownerPokes.closedWith !== null);
    expect([thirdPokes.closedWith, ownerPokes.closedWith]).toEqual([FORBIDDEN_CLOSE, FORBIDDEN_CLOSE]);
    expect([thirdPokes.values, ownerPokes.values].map((v) => v.length)).toEqual([1, 1]);
  });

  it("a password changed by a reset link closes the user's sockets; the new session subscribes", async () => {
    const f = await salonWithOwner(t, 0);
    const before = await pokes(f.owner.token, f);
    ok(await t.gql(RESET_PASSWORD, { input: { email: f.owner.email, lang: 'en' } }));
    const link = t.mail.last(f.owner.email).links.find((l) => l.includes('/change-password/')) ?? '';
    const token = link.split('/change-password/')[1];
    const changed = ok(await t.gql(CHANGE_PASSWORD_BY_TOKEN, { input: { token, password: 'a-new-password-2' } })).changePasswordByToken;
    await cutOff(before);
    const after = await pokes(changed.token, f);
    ok(await t.gql(CREATE_APPOINTMENTS, { input: { salon: f.salonId, appointments: [line(f)] } }, changed.token));
    expect((await after.next()).salonChanged.salon).toBe(f.salonId);
  });

  it("a deleted master and masters' login turned off close the masters' sockets only", async () => {
    const f = await salonWithOwner(t, 0);
    const deleted = await addStaff(t, f.salonId, 'MASTER');
    const kept = await addStaff(t, f.salonId, 'MASTER');
    const deletedPokes = await pokes(deleted.token, f);
    const keptPokes = await pokes(kept.token, f);
    const ownerPokes = await pokes(f.owner.token, f);
    ok(await t.gql(DELETE_MASTER, { input: { salonId: f.salonId, masterId: deleted.masterId } }, f.owner.token));
    await cutOff(deletedPokes);
    expect((await keptPokes.next()).salonChanged.salon).toBe(f.salonId);

    ok(await t.gql(MASTER_LOGIN, { input: { id: f.salonId, masterPanelLogin: false } }, f.owner.token));
    await eventually(() => keptPokes.closedWith !== null);
    expect(keptPokes.closedWith).toBe(FORBIDDEN_CLOSE);
    expect(keptPokes.values).toHaveLength(1);
    await bookOk(f);
    await quiet();
    expect(ownerPokes.closedWith).toBeNull();
    expect(ownerPokes.values).toHaveLength(3);
  });

  it('a role change closes the socket, and the new role subscribes again: a master made administrator, an owner who hands over', async () => {
    const f = await salonWithOwner(t, 0);
    const master = await addStaff(t, f.salonId, 'MASTER');
    const asMaster = await pokes(master.token, f);
    const email = ok(await t.gql(`query { viewer { email } }`, {}, master.token)).viewer.email as string;
    ok(
      await t.gql(
        ADD_ADMINISTRATOR,
        { input: { salonId: f.salonId, firstName: 'Edgars', lastName: 'Liepa', email, phone: null, password: null } },
        f.owner.token,
      ),
    );
    await cutOff(asMaster);
    const asAdmin = await pokes(master.token, f);
    expect(asAdmin.error).toBeNull();

    const ownerPokes = await pokes(f.owner.token, f);
    const administratorId = await adminIdOf(f.salonId, master.userId);
    ok(await t.gql(TRANSFER, { input: { salonId: f.salonId, administratorId } }, f.owner.token));
    await cutOff(ownerPokes);
    await cutOff(asAdmin);
    const formerOwner = await pokes(f.owner.token, f);
    await bookOk(f);
    expect((await formerOwner.next()).salonChanged.salon).toBe(f.salonId);
  });

  it('switching the session to another salon closes its sockets of the salon it left', async () => {
    const f = await salonWithOwner(t, 0);
    const other = ok(
      await t.gql(CREATE_SALON, { input: { name: `Second ${newId().slice(0, 8)}`, address: 'Rīga', lang: 'en' } }, f.owner.token),
    ).createSalon;
    const old = await pokes(f.owner.token, f);
    ok(await t.gql(SWITCH_SALON, { input: { salon: other.id } }, f.owner.token));
    await cutOff(old);
  });

  it('a session that expires closes its sockets when it is due', async () => {
    const f = await salonWithOwner(t, 0);
    const token = (await logIn(t, f.owner.email, f.owner.password)).token as string;
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 1500) })
      .where(eq(sessions.userId, f.owner.userId));
    const live = await pokes(token, f);
    await eventually(() => live.closedWith !== null, 6000);
    expect(live.closedWith).toBe(FORBIDDEN_CLOSE);
    expect(live.values).toEqual([]);
  });

  it('a push already past its sign-in check is refused once the session ended, records nothing and writes nothing', async () => {
    const f = await salonWithOwner(t, 0);
    const token = (await logIn(t, f.owner.email, f.owner.password)).token as string;
    const ctx = createContext(t.app, token, 'test');
    const viewer = await requireSalonViewer(ctx);
    ok(await t.gql(LOGOUT, { input: {} }, token));
    const clientId = newId();
    const id = newId();
    const write = async (w: Parameters<Parameters<typeof runCommand>[4]>[0]) => {
      await w.tx.insert(clients).values({ id, salonId: w.salonId, firstName: 'Late', rev: await w.rev() });
      return id;
    };
    await expect(runCommand(ctx, viewer, { clientId, seq: 1 }, 'client.create', write)).rejects.toMatchObject({
      extensions: { code: 'Unauthenticated' },
    });
    expect(await t.db.select().from(clients).where(eq(clients.id, id))).toEqual([]);
    expect((await t.db.select().from(syncClients).where(eq(syncClients.clientId, clientId)))[0]?.lastSeq ?? 0).toBe(0);

    // A role that changed on the way: not recorded either, so the client sends it again under the new role.
    const ownerCtx = createContext(t.app, f.owner.token, 'test');
    const ownerViewer = await requireSalonViewer(ownerCtx);
    const admin = await addStaff(t, f.salonId, 'ADMIN');
    ok(await t.gql(TRANSFER, { input: { salonId: f.salonId, administratorId: await adminIdOf(f.salonId, admin.userId) } }, f.owner.token));
    await expect(runCommand(ownerCtx, ownerViewer, { clientId, seq: 1 }, 'client.create', write)).rejects.toMatchObject({
      extensions: { reason: 'ACCESS_CHANGED' },
    });
    expect(await t.db.select().from(clients).where(eq(clients.id, id))).toEqual([]);
    expect((await t.db.select().from(syncClients).where(eq(syncClients.clientId, clientId)))[0]?.lastSeq ?? 0).toBe(0);
  });

  it('a pull already past its sign-in check sends nothing once the administrator is removed', async () => {
    const f = await salonWithOwner(t, 0);
    const admin = await addStaff(t, f.salonId, 'ADMIN');
    const ctx = createContext(t.app, admin.token, 'test');
    await requireSalonViewer(ctx);
    ok(
      await t.gql(
        DELETE_ADMINISTRATOR,
        { input: { salonId: f.salonId, administratorId: await adminIdOf(f.salonId, admin.userId) } },
        f.owner.token,
      ),
    );
    await expect(pull(ctx, { salon: f.salonId, cursor: 0, limit: 100 })).rejects.toMatchObject({ extensions: { code: 'Unauthenticated' } });
    refused(await t.gql(`query { pull(input: { salon: "${f.salonId}", cursor: 0, limit: 10 }) { cursor } }`, {}, admin.token), {
      code: 'Unauthenticated',
    });
    expect((await t.db.select({ rev: salons.rev }).from(salons).where(eq(salons.id, f.salonId)))[0]?.rev).toBeGreaterThan(0);
  });

  if (backend === 'postgres') {
    it('closes the socket on another server instance too (NOTIFY)', async () => {
      const second = await startTestServer('postgres', ROOMY_LIMITS, t.databaseUrl);
      try {
        const f = await salonWithOwner(t, 0);
        const admin = await addStaff(t, f.salonId, 'ADMIN');
        const there = await added(admin.token, f, second);
        const therePokes = await pokes(admin.token, f, second);
        const ownerThere = await pokes(f.owner.token, f, second);
        ok(
          await t.gql(
            DELETE_ADMINISTRATOR,
            { input: { salonId: f.salonId, administratorId: await adminIdOf(f.salonId, admin.userId) } },
            f.owner.token,
          ),
        );
        await bookOk(f, { notes: 'private note' });
        await cutOff(there);
        await cutOff(therePokes);
        expect((await ownerThere.next()).salonChanged.salon).toBe(f.salonId);
      } finally {
        await Promise.all(open.splice(0).map((s) => s.close()));
        await second.stop();
      }
    });
  }
});
