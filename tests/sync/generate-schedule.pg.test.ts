import 'fake-indexeddb/auto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configureApi } from '../../src/api/config';
import { runCommand, schedule } from '../../src/db/commands';
import type { SalonDb } from '../../src/db/salon-db';
import { newId } from '../../src/domain/ids';
import { generatedWorkingTimeId } from '../../src/domain/rules/working-time';
import type { Transport } from '../../src/sync/transport';
import { workingTimes } from '../../server/db/schema';
import { at, day, salonWithOwner, type SalonFixture } from '../factories/salon';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';
import { engineClients, expectEqualToServer, expectSettled, ownerContext, transient } from './support/engine-client';

/**
 * Generate schedule offline (part 2 §5; DESIGN.md §4 "no id is remapped"): the working times the local command
 * makes carry the same ids the server gives them, so after sync the mirror keeps every row it showed offline.
 */
describe.each(backends(import.meta.url))('generate schedule through the sync engine on %s', (backend) => {
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

  const local = (db: SalonDb, command: Parameters<typeof runCommand>[1], input: Record<string, unknown>) =>
    runCommand(db, command, { ctx: ownerContext(f), input: input as never }, { salonId: f.salonId });

  it('queued offline, the generated rows keep their ids when the server confirms them', async () => {
    const state = { offline: false };
    const c = client((real): Transport => ({
      ...real,
      send: (id, entry) => (state.offline ? Promise.resolve(transient()) : real.send(id, entry)),
      pull: (...args) => (state.offline ? Promise.reject(new Error('offline')) : real.pull(...args)),
    }));
    const master = f.masterIds[0] as string;
    await c.sync();
    await local(c.db, schedule.addWorkingTime, { id: newId(), salon: f.salonId, master, startAt: at(20, '09:00'), endAt: at(20, '13:00') });
    await local(c.db, schedule.addWorkingTime, { id: newId(), salon: f.salonId, master, startAt: at(20, '14:00'), endAt: at(20, '18:00') });
    await c.sync();

    state.offline = true;
    const seed = newId();
    await local(c.db, schedule.generateSchedule, {
      salonId: f.salonId,
      seed,
      masterId: master,
      firstRangeFrom: day(20),
      firstRangeTo: day(20),
      secondRangeFrom: day(21),
      secondRangeTo: day(22),
    });
    const offline = (await c.db.mirror('workingTimes').where('masterId').equals(master).toArray()).filter(
      (w) => w.startAt >= at(21, '00:00'),
    );
    expect(offline.map((w) => w.startAt).sort()).toEqual([at(21, '09:00'), at(21, '14:00'), at(22, '09:00'), at(22, '14:00')]);
    for (const w of offline) expect(w.id).toBe(generatedWorkingTimeId(seed, { masterId: master, startAt: w.startAt }));

    state.offline = false;
    await c.sync();
    await expectSettled(c.db);
    const onServer = await t.db
      .select({ id: workingTimes.id })
      .from(workingTimes)
      .where(and(eq(workingTimes.salonId, f.salonId), eq(workingTimes.masterId, master), isNull(workingTimes.deletedAt)));
    expect(onServer.map((r) => r.id)).toEqual(expect.arrayContaining(offline.map((w) => w.id)));
    for (const w of offline) expect(await c.db.mirror('workingTimes').get(w.id)).toMatchObject({ startAt: w.startAt, endAt: w.endAt });
    await expectEqualToServer(t, f, c.db);
  });
});
