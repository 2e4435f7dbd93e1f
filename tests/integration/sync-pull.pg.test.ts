import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ENTITY_NAMES } from '../../src/domain/entities';
import { newId } from '../../src/domain/ids';
import type { Tx } from '../../server/db/client';
import * as t_ from '../../server/db/schema';
import { jsonRows } from '../../server/sync/json-rows';
import { logIn } from '../factories/accounts';
import { invoiceHelpers } from '../factories/invoices';
import { addInvoice, addStaff, at, clientInput, day, line, salonWithOwner, setSettings, type SalonFixture } from '../factories/salon';
import { ok, refused, type Loose } from '../helpers/graphql';
import { CREATE_APPOINTMENTS, CREATE_CLIENT, DELETE_APPOINTMENT, DELETE_CLIENT, DEMO, PULL, UPDATE_PROFILE } from '../helpers/operations';
import { backends, ROOMY_LIMITS, useTestServer, type TestServer } from '../helpers/server';
import { idsOf, pullAll } from '../helpers/sync';

const TABLES = {
  masters: t_.masters,
  cabinets: t_.cabinets,
  serviceGroups: t_.serviceGroups,
  services: t_.services,
  workingTimes: t_.workingTimes,
  clients: t_.clients,
  appointments: t_.appointments,
  invoices: t_.invoices,
  memberships: t_.memberships,
  manufacturers: t_.manufacturers,
  products: t_.products,
  cashUps: t_.cashUps,
  administrators: t_.administrators,
} as const;

/** Live row ids per entity straight from the tables: what a complete mirror must hold. */
async function tableIds(t: TestServer, salonId: string): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = { salons: [salonId] };
  for (const [entity, table] of Object.entries(TABLES)) {
    const rows = await t.db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.salonId, salonId), isNull(table.deletedAt)));
    out[entity] = rows.map((r) => r.id).sort();
  }
  return out;
}
const mirrorIds = (mirror: Map<string, Loose>) => Object.fromEntries(ENTITY_NAMES.map((e) => [e, idsOf(mirror, e)]));

describe.each(backends(import.meta.url))('pull on %s', (backend) => {
  const t = useTestServer(backend, { seedDemo: true, ...ROOMY_LIMITS });
  const book = async (f: SalonFixture, lines: Loose[]) =>
    ok(await t.gql(CREATE_APPOINTMENTS, { input: { salon: f.salonId, appointments: lines } }, f.owner.token)).createAppointments;

  it('pages in rev order, never splitting a rev, and ends equal to the tables', async () => {
    const f = await salonWithOwner(t);
    for (let i = 0; i < 6; i++) await book(f, [line(f, { startAt: at(1, `1${i}:00`) })]);
    // One rev with five rows: bigger than the page, so it travels whole.
    await book(
      f,
      [0, 1, 2, 3]
        .map((i) => line(f, { master: f.masterIds[i], startAt: at(2, '10:00') }))
        .concat([line(f, { cabinet: f.cabinetIds[0], master: null, startAt: at(2, '10:00') })]),
    );
    for (let i = 0; i < 3; i++) ok(await t.gql(CREATE_CLIENT, { input: clientInput(f.salonId) }, f.owner.token));
    const pulled = await pullAll(t, f.owner.token, f.salonId, { limit: 3 });
    const pageOfRev = new Map<number, number>();
    pulled.pages.forEach((page, i) => {
      const revs = page.changes.map((c) => c.rev);
      expect(revs, 'rev order').toEqual([...revs].sort((a, b) => a - b));
      for (const rev of revs) {
        expect(pageOfRev.get(rev) ?? i, `rev ${rev} split across pages`).toBe(i);
        pageOfRev.set(rev, i);
      }
      if (page.changes.length > 3) expect(new Set(revs).size, 'only a single rev may overfill a page').toBe(1);
      for (const c of page.changes) expect(c.rev).toBeLessThanOrEqual(page.cursor);
    });
    expect(pulled.pages.length).toBeGreaterThan(4);
    expect(
      pulled.pages.some((p) => p.changes.length === 5),
      'the five-row rev came whole',
    ).toBe(true);
    const last = pulled.pages.at(-1);
    expect(last?.cursor).toBe(last?.salonRev);
    expect(mirrorIds(pulled.mirror)).toEqual(await tableIds(t, f.salonId));
    // Nothing new: an empty page at the same cursor.
    const again = ok(await t.gql(PULL, { input: { salon: f.salonId, cursor: pulled.cursor } }, f.owner.token)).pull;
    expect(again).toEqual({ changes: [], tables: [], cursor: pulled.cursor, hasMore: false, salonRev: pulled.cursor });
  });

  it('sends rows in the entity shapes: wall times, money, instants, embedded invoice items', async () => {
    const f = await salonWithOwner(t);
    const [a] = await book(f, [line(f, { startAt: at(1, '09:30'), duration: 45, notes: 'n' })]);
    await addInvoice(t, f.salonId, a.id, f.serviceIds[0] as string);
    const { mirror } = await pullAll(t, f.owner.token, f.salonId);
    expect(mirror.get(`appointments:${a.id}`)).toEqual({
      id: a.id,
      salonId: f.salonId,
      masterId: f.masterIds[0],
      cabinetId: null,
      clientId: null,
      serviceId: f.serviceIds[0],
      authorId: f.owner.userId,
      authorRole: 'ADMIN',
      startAt: at(1, '09:30'),
      endAt: at(1, '10:15'),
      duration: 45,
      notes: 'n',
      groupId: null,
      archived: false,
      outcome: null,
      membershipId: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const invoice = [...mirror.entries()].find(([k]) => k.startsWith('invoices:'))?.[1];
    expect(invoice).toMatchObject({
      appointmentId: a.id,
      paid: true,
      totalPrice: '20.00',
      items: [{ type: 'SERVICE', price: '20.00', quantity: 1, paymentType: 'CASH' }],
    });
    expect(mirror.get(`salons:${f.salonId}`)).toMatchObject({
      id: f.salonId,
      administratorId: f.owner.userId,
      timeZone: 'Europe/Riga',
      settings: { schedule: { startAt: 480 } },
    });
    const service = mirror.get(`services:${f.serviceIds[0]}`);
    expect(service.price).toMatch(/^\d+\.\d{2}$/);
    expect(idsOf(mirror, 'administrators')).toHaveLength(1);
    expect([...mirror.values()].find((r) => r.userId === f.owner.userId && 'email' in r && !('status' in r))).toMatchObject({
      email: f.owner.email,
      firstName: 'Anna',
    });
  });

  it('sends tombstones for deleted rows, after the cursor only', async () => {
    const f = await salonWithOwner(t);
    const [a] = await book(f, [line(f)]);
    const client = clientInput(f.salonId);
    ok(await t.gql(CREATE_CLIENT, { input: client }, f.owner.token));
    const first = await pullAll(t, f.owner.token, f.salonId);
    ok(await t.gql(DELETE_APPOINTMENT, { input: { appointmentId: a.id } }, f.owner.token));
    ok(await t.gql(DELETE_CLIENT, { input: { salonId: f.salonId, clientId: client.id } }, f.owner.token));
    const next = await pullAll(t, f.owner.token, f.salonId, { cursor: first.cursor, mirror: first.mirror });
    const changes = next.pages.flatMap((p) => p.changes);
    expect(changes).toEqual([
      { entity: 'appointments', id: a.id, rev: first.cursor + 1, deleted: true, data: null },
      { entity: 'clients', id: client.id, rev: first.cursor + 2, deleted: true, data: null },
    ]);
    expect(mirrorIds(next.mirror)).toEqual(await tableIds(t, f.salonId));
  });

  it('never skips a row committed while pages are read', async () => {
    const f = await salonWithOwner(t);
    const mirror = new Map<string, Loose>();
    let cursor = 0;
    const writes = Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        book(f, [line(f, { master: f.masterIds[i % 4], startAt: at(3, `${10 + Math.floor(i / 4)}:00`) })]),
      ),
    );
    for (let i = 0; i < 8; i++) cursor = (await pullAll(t, f.owner.token, f.salonId, { cursor, mirror, limit: 2 })).cursor;
    await writes;
    await pullAll(t, f.owner.token, f.salonId, { cursor, mirror, limit: 2 });
    expect(mirrorIds(mirror)).toEqual(await tableIds(t, f.salonId));
  });

  it('hides client phones from a master when the salon hides them', async () => {
    const f = await salonWithOwner(t, 0);
    const master = await addStaff(t, f.salonId, 'MASTER');
    const client = clientInput(f.salonId);
    ok(await t.gql(CREATE_CLIENT, { input: client }, f.owner.token));
    expect((await pullAll(t, master.token, f.salonId)).mirror.get(`clients:${client.id}`).phone).toBe(client.phone);
    await setSettings(t, f.salonId, { hideClientPhone: true });
    expect((await pullAll(t, master.token, f.salonId)).mirror.get(`clients:${client.id}`)).toMatchObject({
      phone: null,
      firstName: 'Ilze',
    });
    expect((await pullAll(t, f.owner.token, f.salonId)).mirror.get(`clients:${client.id}`).phone).toBe(client.phone);
  });

  it('keeps tenants apart: B never receives A rows and cannot pull A', async () => {
    const a = await salonWithOwner(t);
    const b = await salonWithOwner(t);
    const [booked] = await book(a, [line(a)]);
    const { mirror } = await pullAll(t, b.owner.token, b.salonId);
    const aIds = new Set(Object.values(await tableIds(t, a.salonId)).flat());
    expect([...mirror.keys()].filter((k) => aIds.has(k.split(':')[1] as string))).toEqual([]);
    expect([...mirror.values()].every((row) => row.salonId === undefined || row.salonId === b.salonId)).toBe(true);
    expect(aIds.has(booked.id)).toBe(true);
    refused(await t.gql(PULL, { input: { salon: a.salonId, cursor: 0 } }, b.owner.token), { code: 'Forbidden' });
  });

  it('refuses a supplier, a stranger, a cursor ahead of the salon and a bad limit', async () => {
    const f = await salonWithOwner(t, 0);
    const supplier = await logIn(t, DEMO.supplier);
    refused(await t.gql(PULL, { input: { salon: f.salonId, cursor: 0 } }, supplier.token), { code: 'Forbidden' });
    refused(await t.gql(PULL, { input: { salon: f.salonId, cursor: 0 } }), { code: 'Unauthenticated' });
    refused(await t.gql(PULL, { input: { salon: f.salonId, cursor: 1_000_000 } }, f.owner.token), {
      code: 'NotAllowed',
      reason: 'CURSOR_UNKNOWN',
    });
    refused(await t.gql(PULL, { input: { salon: f.salonId, cursor: 0, limit: 5001 } }, f.owner.token), {
      code: 'IllegalArgument',
      field: 'limit',
    });
    refused(await t.gql(PULL, { input: { salon: f.salonId, cursor: -1 } }, f.owner.token), { code: 'IllegalArgument', field: 'cursor' });
  });

  it("sends an administrator again after a profile change, and the owner's own master renamed (decision 085)", async () => {
    const f = await salonWithOwner(t, 0);
    const first = await pullAll(t, f.owner.token, f.salonId);
    ok(await t.gql(UPDATE_PROFILE, { input: { firstName: 'Renamed', lastName: 'Owner' } }, f.owner.token));
    const next = await pullAll(t, f.owner.token, f.salonId, { cursor: first.cursor });
    const changes = next.pages.flatMap((p) => p.changes).sort((a, b) => a.entity.localeCompare(b.entity));
    expect(changes).toMatchObject([
      { entity: 'administrators', data: { firstName: 'Renamed', lastName: 'Owner', userId: f.owner.userId } },
      { entity: 'masters', data: { firstName: 'Renamed', lastName: 'Owner', userId: f.owner.userId, type: 'GLOBAL' } },
    ]);
    expect(changes).toHaveLength(2);
  });

  it('pulls the seeded demo salon whole, its one rev in one page', async () => {
    const owner = await logIn(t, DEMO.owner);
    const salonId = owner.user.salon.id as string;
    const { pages, mirror } = await pullAll(t, owner.token, salonId, { limit: 10 });
    expect(pages).toHaveLength(1);
    expect(pages[0]?.changes.length).toBeGreaterThan(100);
    expect(mirrorIds(mirror)).toEqual(await tableIds(t, salonId));
    const counts = Object.fromEntries(ENTITY_NAMES.map((e) => [e, idsOf(mirror, e).length]));
    expect(counts).toMatchObject({ salons: 1, masters: 3, administrators: 1, cabinets: 1, serviceGroups: 3, services: 9, clients: 20 });
    const work = [...mirror.entries()].find(([k]) => k.startsWith('workingTimes:'))?.[1];
    expect(work.startAt).toMatch(/^\d{4}-\d\d-\d\d 09:00$/);
    const master = await logIn(t, DEMO.master);
    expect(idsOf((await pullAll(t, master.token, salonId)).mirror, 'appointments')).toEqual(idsOf(mirror, 'appointments'));
  });

  it("reads every synced table's rows as JSON exactly as drizzle's select() reads them (decision 054)", async () => {
    const f = await salonWithOwner(t);
    const [a] = await book(f, [line(f, { startAt: at(1, '09:30'), notes: 'Quote " back\\slash ünï 🙂\nline' })]);
    await addInvoice(t, f.salonId, a.id, f.serviceIds[0] as string);
    const [gone] = await book(f, [line(f, { startAt: at(1, '11:00') })]);
    ok(await t.gql(DELETE_APPOINTMENT, { input: { appointmentId: gone.id } }, f.owner.token));
    const client = ok(await t.gql(CREATE_CLIENT, { input: clientInput(f.salonId) }, f.owner.token)).createClient;
    await t.db
      .update(t_.clients)
      .set({ blockedAt: new Date('2026-11-27T08:09:10.123Z'), blockedBy: f.owner.userId, birthday: '1990-02-28', notes: "it's" })
      .where(eq(t_.clients.id, client.id));
    // Products, their manufacturer and a membership, with their money and instants.
    const shop = invoiceHelpers(t);
    const g = await shop.setup();
    await g.product(4, '12.50');
    await shop.buyMembership(g, { price: '99,90' });
    // A closed till: a date, two amounts and a note.
    const closed = await t.gql(
      `mutation C($input: CloseCashUpInput!) { closeCashUp(input: $input) { id } }`,
      { input: { id: newId(), salon: f.salonId, date: day(0), countedCash: '12,30', note: 'Kasē "12" 🙂' } },
      f.owner.token,
    );
    ok(closed);
    const demo = (await logIn(t, DEMO.owner)).user.salon.id as string;
    for (const [entity, table] of Object.entries({ ...TABLES, invoiceItems: t_.invoiceItems })) {
      const where = inArray(table.salonId, [f.salonId, g.salonId, demo]);
      const viaJson = await jsonRows(t.db as unknown as Tx, table, where, ['rev', 'id']);
      const viaSelect = await t.db.select().from(table).where(where).orderBy(asc(table.rev), asc(table.id));
      expect(viaSelect.length, `${entity} has rows`).toBeGreaterThan(0);
      expect(viaJson, entity).toEqual(viaSelect);
    }
    // The blocked client comes with who blocked them.
    const { mirror } = await pullAll(t, f.owner.token, f.salonId);
    expect(mirror.get(`clients:${client.id}`)).toMatchObject({
      blockedAt: '2026-11-27T08:09:10.123Z',
      blockedBy: { id: f.owner.userId, firstName: f.owner.fields.firstName, lastName: f.owner.fields.lastName },
      birthday: '1990-02-28',
      notes: "it's",
    });
  });
});
