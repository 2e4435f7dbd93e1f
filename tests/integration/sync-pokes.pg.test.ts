import { and, eq, sql } from 'drizzle-orm';
import { newId } from '../../src/domain/ids';
import { bumpRev } from '../../server/db/rev';
import { afterEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/migrate';
import { masters, salons } from '../../server/db/schema';
import { at, day, line, salonWithOwner, type SalonFixture } from '../factories/salon';
import { ok, refused } from '../helpers/graphql';
import {
  APPOINTMENT_ADDED,
  APPOINTMENT_DELETED,
  CREATE_APPOINTMENTS,
  DELETE_APPOINTMENT,
  MASTER_MIGRATED,
  SALON_CHANGED,
  UPDATE_PROFILE,
} from '../helpers/operations';
import { backends, ROOMY_LIMITS, startTestServer, useTestServer, type TestServer } from '../helpers/server';
import { eventually, subscribe, type LiveSubscription } from '../helpers/ws';

/** Pokes over graphql-ws (DESIGN.md §5.6): after every committed write, across instances on PostgreSQL. */
describe.each(backends(import.meta.url))('pokes on %s', (backend) => {
  const t = useTestServer(backend, ROOMY_LIMITS);
  const open: LiveSubscription[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });
  const listen = async (
    server: Pick<TestServer, 'url' | 'app'>,
    token: string | null,
    query: string,
    variables: Record<string, unknown>,
    salon: string,
  ) => {
    const before = server.app.pubsub.watching(salon);
    const live = subscribe(server.url, token, query, variables);
    open.push(live);
    await eventually(() => server.app.pubsub.watching(salon) > before || live.error !== null);
    return live;
  };
  const book = (f: SalonFixture, overrides: Record<string, unknown> = {}, server: Pick<TestServer, 'gql'> = t) =>
    server.gql(CREATE_APPOINTMENTS, { input: { salon: f.salonId, appointments: [line(f, overrides)] } }, f.owner.token);
  const salonRev = async (id: string) => (await t.db.select({ rev: salons.rev }).from(salons).where(eq(salons.id, id)))[0]?.rev;
  const quiet = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));

  it('pokes salonChanged with the new rev after a write, once, and not after a refusal', async () => {
    const f = await salonWithOwner(t);
    const live = await listen(t, f.owner.token, SALON_CHANGED, { salon: f.salonId }, f.salonId);
    ok(await book(f));
    expect(await live.next()).toEqual({ salonChanged: { salon: f.salonId, rev: await salonRev(f.salonId) } });
    refused(await book(f), { reason: 'TIME_OVERLAPS_WITH_OTHER_RECORD' });
    await quiet();
    expect(live.values).toHaveLength(1);
    ok(await book(f, { startAt: at(1, '12:00') }));
    expect((await live.next()).salonChanged.rev).toBe(await salonRev(f.salonId));
    await quiet();
    expect(live.values).toHaveLength(2);
  });

  it('never pokes another salon, and refuses a subscriber of another salon or none', async () => {
    const a = await salonWithOwner(t);
    const b = await salonWithOwner(t);
    const own = await listen(t, b.owner.token, SALON_CHANGED, { salon: b.salonId }, b.salonId);
    ok(await book(a));
    await quiet();
    expect(own.values).toEqual([]);
    const foreign = subscribe(t.url, b.owner.token, SALON_CHANGED, { salon: a.salonId });
    open.push(foreign);
    await expect(foreign.next()).rejects.toThrow(/Not allowed/);
    const anonymous = subscribe(t.url, null, SALON_CHANGED, { salon: a.salonId });
    open.push(anonymous);
    await expect(anonymous.next()).rejects.toThrow(/Not signed in/);
  });

  it('streams appointmentAdded and appointmentDeleted within the date range', async () => {
    const f = await salonWithOwner(t);
    const added = await listen(t, f.owner.token, APPOINTMENT_ADDED, { salon: f.salonId, date: day(1), toDate: day(2) }, f.salonId);
    const deleted = await listen(t, f.owner.token, APPOINTMENT_DELETED, { salon: f.salonId, date: day(1) }, f.salonId);
    const [outside] = ok(await book(f, { startAt: at(5, '10:00') })).createAppointments;
    const [inside] = ok(await book(f, { startAt: at(2, '10:00') })).createAppointments;
    expect(await added.next()).toMatchObject({ appointmentAdded: { id: inside.id, startAt: at(2, '10:00'), salonId: f.salonId } });
    const [tomorrow] = ok(await book(f, { startAt: at(1, '10:00') })).createAppointments;
    expect((await added.next()).appointmentAdded.id).toBe(tomorrow.id);
    ok(await t.gql(DELETE_APPOINTMENT, { input: { appointmentId: outside.id } }, f.owner.token));
    ok(await t.gql(DELETE_APPOINTMENT, { input: { appointmentId: tomorrow.id } }, f.owner.token));
    expect(await deleted.next()).toEqual({ appointmentDeleted: { id: tomorrow.id, date: day(1) } });
    await quiet();
    expect(added.values).toHaveLength(2);
    expect(deleted.values).toHaveLength(1);
  });

  it("a profile change migrates the account's GLOBAL masters in every salon: masterMigrated there, nothing elsewhere", async () => {
    const f = await salonWithOwner(t, 0);
    const b = await salonWithOwner(t, 0);
    const quietSalon = await salonWithOwner(t, 0);
    // The owner of f is also a master of b, with her account's identity (part 2 §4).
    const inB = newId();
    await t.db.transaction(async (tx) => {
      const rev = await bumpRev(tx, b.salonId);
      await tx.insert(masters).values({ id: inB, salonId: b.salonId, userId: f.owner.userId, type: 'GLOBAL', firstName: 'Old', rev });
    });
    const [own] = await t.db
      .select()
      .from(masters)
      .where(and(eq(masters.salonId, f.salonId), eq(masters.userId, f.owner.userId)));
    const here = await listen(t, f.owner.token, MASTER_MIGRATED, { salon: f.salonId }, f.salonId);
    const there = await listen(t, b.owner.token, MASTER_MIGRATED, { salon: b.salonId }, b.salonId);
    const elsewhere = await listen(t, quietSalon.owner.token, MASTER_MIGRATED, { salon: quietSalon.salonId }, quietSalon.salonId);
    const pokedB = await listen(t, b.owner.token, SALON_CHANGED, { salon: b.salonId }, b.salonId);
    const locals = await t.db
      .select()
      .from(masters)
      .where(and(eq(masters.salonId, f.salonId), eq(masters.type, 'LOCAL')));

    ok(await t.gql(UPDATE_PROFILE, { input: { firstName: 'Marta', lastName: 'Kalniņa', phone: '+371 2000 0002' } }, f.owner.token));
    const identity = { firstName: 'Marta', lastName: 'Kalniņa', phone: '+37120000002' };
    expect(await here.next()).toEqual({ masterMigrated: { id: own!.id, ...identity } });
    expect(await there.next()).toEqual({ masterMigrated: { id: inB, ...identity } });
    expect(await pokedB.next()).toEqual({ salonChanged: { salon: b.salonId, rev: await salonRev(b.salonId) } });
    const [movedB] = await t.db.select().from(masters).where(eq(masters.id, inB));
    expect(movedB).toMatchObject({ ...identity, rev: await salonRev(b.salonId) });
    // The salon's own masters keep the names the salon gave them.
    expect(
      await t.db
        .select()
        .from(masters)
        .where(and(eq(masters.salonId, f.salonId), eq(masters.type, 'LOCAL'))),
    ).toEqual(locals);
    await quiet();
    expect(here.values).toHaveLength(1);
    expect(elsewhere.values).toHaveLength(0);
  });

  it('refuses a malformed date range', async () => {
    const f = await salonWithOwner(t, 0);
    const live = subscribe(t.url, f.owner.token, APPOINTMENT_ADDED, { salon: f.salonId, date: 'tomorrow' });
    open.push(live);
    await expect(live.next()).rejects.toThrow(/YYYY-MM-DD/);
  });

  if (backend === 'postgres') {
    it('pokes a subscriber of another server instance on the same database (LISTEN/NOTIFY)', async () => {
      const second = await startTestServer('postgres', ROOMY_LIMITS, t.databaseUrl);
      try {
        const f = await salonWithOwner(t);
        const there = await listen(second, f.owner.token, SALON_CHANGED, { salon: f.salonId }, f.salonId);
        const here = await listen(t, f.owner.token, SALON_CHANGED, { salon: f.salonId }, f.salonId);
        const addedThere = await listen(second, f.owner.token, APPOINTMENT_ADDED, { salon: f.salonId, date: day(1) }, f.salonId);
        const [a] = ok(await book(f)).createAppointments;
        const rev = await salonRev(f.salonId);
        expect(await there.next()).toEqual({ salonChanged: { salon: f.salonId, rev } });
        expect(await here.next()).toEqual({ salonChanged: { salon: f.salonId, rev } });
        expect((await addedThere.next()).appointmentAdded.id).toBe(a.id);
        // A write on the second instance pokes the first one too; nobody hears a poke twice.
        ok(await book(f, { startAt: at(1, '12:00') }, second));
        const next = await salonRev(f.salonId);
        expect((await here.next()).salonChanged.rev).toBe(next);
        expect((await there.next()).salonChanged.rev).toBe(next);
        await quiet();
        expect(here.values).toHaveLength(2);
        expect(there.values).toHaveLength(2);
      } finally {
        await Promise.all(open.splice(0).map((s) => s.close()));
        await second.stop();
      }
    });

    it('holds its LISTEN on listenUrl when given (DATABASE_LISTEN_URL, for a pooler in transaction mode)', async () => {
      // The same database, told apart by the session's application_name.
      const listenUrl = new URL(t.databaseUrl as string);
      listenUrl.searchParams.set('application_name', 'salon-panel-listen-test');
      const second = await startTestServer('postgres', { ...ROOMY_LIMITS, listenUrl: listenUrl.toString() }, t.databaseUrl);
      try {
        const sessions = rowsOf<{ query: string }>(
          await t.db.execute(
            sql`select query from pg_stat_activity where application_name = 'salon-panel-listen-test' and datname = current_database()`,
          ),
        );
        expect(sessions.map((r) => r.query)).toEqual(['listen salon_changed']);
        const f = await salonWithOwner(t);
        const there = await listen(second, f.owner.token, SALON_CHANGED, { salon: f.salonId }, f.salonId);
        ok(await book(f));
        expect(await there.next()).toEqual({ salonChanged: { salon: f.salonId, rev: await salonRev(f.salonId) } });
      } finally {
        await Promise.all(open.splice(0).map((s) => s.close()));
        await second.stop();
      }
    });
  }
});
