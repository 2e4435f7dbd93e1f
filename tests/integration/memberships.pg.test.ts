import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { memberships } from '../../server/db/schema';
import { refusalOf } from '../../server/sync/refusals';
import { addStaff, clientInput, salonWithOwner, type SalonFixture } from '../factories/salon';
import { ok, refused, type Loose } from '../helpers/graphql';
import { CREATE_CLIENT, DELETE_CLIENT } from '../helpers/operations';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';
import { pullAll } from '../helpers/sync';

const FIELDS = 'id salonId clientId serviceId authorId serialNumber quantity price pricePerUse totalUses paymentType createdAt rev';
const CREATE = `mutation C($input: CreateMembershipInput!) { createMembership(input: $input) { ${FIELDS} } }`;
const DELETE = `mutation D($input: DeleteMembershipInput!) { deleteMembership(input: $input) { membershipId } }`;
const ALL_SERVICES = `query S($salon: ID!, $lang: Lang) { getAllServices(salon: $salon, lang: $lang) { id name deleted price } }`;
const DELETE_SERVICE = `mutation DS($input: DeleteServiceInput!) { deleteService(input: $input) { id } }`;

describe.each(backends(import.meta.url))('memberships on %s', (backend) => {
  const t = useTestServer(backend, ROOMY_LIMITS);
  const create = (input: Loose, token: string) => t.gql(CREATE, { input }, token);
  const remove = (id: string, token: string) => t.gql(DELETE, { input: { id } }, token);
  const rowOf = async (id: string) => (await t.db.select().from(memberships).where(eq(memberships.id, id)))[0];
  const newClient = async (f: SalonFixture) =>
    ok(await t.gql(CREATE_CLIENT, { input: clientInput(f.salonId) }, f.owner.token)).createClient.id as string;
  const input = (f: SalonFixture, client: string, overrides: Loose = {}) => ({
    id: newId(),
    salon: f.salonId,
    client,
    service: f.serviceIds[0],
    serialNumber: 1,
    quantity: 10,
    price: '120,5',
    paymentType: 'CC',
    createdAt: '2026-03-01T09:30:00.000Z',
    ...overrides,
  });

  it('creates a membership (price per use computed, author the caller); pull sends the same row', async () => {
    const f = await salonWithOwner(t, 0);
    const client = await newClient(f);
    const made = ok(await create(input(f, client, { price: '100', quantity: 3, author: newId() }), f.owner.token)).createMembership;
    expect(made).toMatchObject({
      salonId: f.salonId,
      clientId: client,
      serviceId: f.serviceIds[0],
      authorId: f.owner.userId,
      serialNumber: 1,
      quantity: 3,
      price: '100.00',
      pricePerUse: '33.33',
      totalUses: 0,
      paymentType: 'CC',
      createdAt: '2026-03-01T09:30:00.000Z',
    });
    const pulled = await pullAll(t, f.owner.token, f.salonId);
    const { rev: _rev, ...row } = made;
    expect(pulled.mirror.get(`memberships:${made.id}`)).toEqual(row);
  });

  it.each([
    ['client', null, 'membership.selectClient'],
    ['service', null, 'membership.selectService'],
    ['serialNumber', 0, 'membership.enterSerialNumber'],
    ['quantity', 0, 'membership.enterUses'],
    ['price', 'abc', 'membership.enterPrice'],
    ['price', '1.234', 'membership.enterPrice'],
    ['pricePerUse', '12.06', 'membership.pricePerUseMismatch'],
    ['paymentType', null, 'membership.selectPaymentType'],
    ['paymentType', 'MEMBERSHIP', 'membership.selectPaymentType'],
  ])('refuses %s = %j with "%s" on that field, writing nothing', async (field, value, messageId) => {
    const f = await salonWithOwner(t, 0);
    const bad = input(f, await newClient(f), { [field]: value });
    refused(await create(bad, f.owner.token), { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field, messageId });
    expect(await rowOf(bad.id)).toBeUndefined();
  });

  it('refuses a client that is missing, deleted or of another salon ("This client does not exists." on client)', async () => {
    const f = await salonWithOwner(t, 0);
    const other = await salonWithOwner(t, 0);
    const gone = await newClient(f);
    ok(await t.gql(DELETE_CLIENT, { input: { salonId: f.salonId, clientId: gone } }, f.owner.token));
    for (const client of [newId(), gone, await newClient(other)]) {
      refused(await create(input(f, client), f.owner.token), {
        code: 'NotExists',
        reason: 'ID_DOES_NOT_EXISTS',
        field: 'client',
        messageId: 'client.notExists',
      });
    }
  });

  it("accepts a deleted service of the salon, refuses another salon's; getAllServices marks deleted ones", async () => {
    const f = await salonWithOwner(t, 0);
    const other = await salonWithOwner(t, 0);
    const client = await newClient(f);
    const deleted = f.serviceIds[2] as string;
    ok(await t.gql(DELETE_SERVICE, { input: { id: deleted } }, f.owner.token));
    const all = ok(await t.gql(ALL_SERVICES, { salon: f.salonId, lang: 'en' }, f.owner.token)).getAllServices as Loose[];
    expect(all.map((s) => s.id).sort()).toEqual([...f.serviceIds].sort());
    expect(all.find((s) => s.id === deleted)).toMatchObject({ deleted: true });
    expect(all.filter((s) => s.deleted)).toHaveLength(1);
    expect(all[0].price).toMatch(/^\d+\.\d{2}$/);
    ok(await create(input(f, client, { service: deleted, serialNumber: 5 }), f.owner.token));
    refused(await create(input(f, client, { service: other.serviceIds[0], serialNumber: 6 }), f.owner.token), {
      code: 'IllegalArgument',
      field: 'service',
      messageId: 'membership.selectService',
    });
    refused(await t.gql(ALL_SERVICES, { salon: other.salonId }, f.owner.token), { code: 'Forbidden' });
  });

  it('refuses a serial number in use ("Membership with same serial number already exists" on serialNumber); another salon may use it; deleting frees it', async () => {
    const f = await salonWithOwner(t, 0);
    const client = await newClient(f);
    const first = ok(await create(input(f, client, { serialNumber: 42 }), f.owner.token)).createMembership;
    const again = input(f, client, { serialNumber: 42 });
    refused(await create(again, f.owner.token), {
      code: 'AlreadyExists',
      reason: 'SERIAL_NUMBER_ALREADY_EXISTS',
      field: 'serialNumber',
      messageId: 'membership.serialExists',
    });
    expect(await rowOf(again.id)).toBeUndefined();
    const other = await salonWithOwner(t, 0);
    ok(await create(input(other, await newClient(other), { serialNumber: 42 }), other.owner.token));
    ok(await remove(first.id, f.owner.token));
    ok(await create(input(f, client, { serialNumber: 42 }), f.owner.token));
    // Two writers racing past the check meet the unique index, which answers with the same refusal.
    const raced = refusalOf({ code: '23505', constraint: 'memberships_serial_key' });
    expect(raced?.extensions).toMatchObject({ code: 'AlreadyExists', reason: 'SERIAL_NUMBER_ALREADY_EXISTS', field: 'serialNumber' });
  });

  it('refuses a reused id without touching the first membership', async () => {
    const f = await salonWithOwner(t, 0);
    const client = await newClient(f);
    const first = ok(await create(input(f, client, { serialNumber: 1 }), f.owner.token)).createMembership;
    refused(await create(input(f, client, { id: first.id, serialNumber: 2 }), f.owner.token), {
      code: 'AlreadyExists',
      reason: 'ID_ALREADY_EXISTS',
    });
    expect(await rowOf(first.id)).toMatchObject({ serialNumber: 1 });
  });

  it('delete soft-deletes (pull sends a tombstone); a second delete is NotExists', async () => {
    const f = await salonWithOwner(t, 0);
    const made = ok(await create(input(f, await newClient(f)), f.owner.token)).createMembership;
    const before = await pullAll(t, f.owner.token, f.salonId);
    expect(ok(await remove(made.id, f.owner.token)).deleteMembership).toEqual({ membershipId: made.id });
    expect((await rowOf(made.id))?.deletedAt).toBeInstanceOf(Date);
    const after = await pullAll(t, f.owner.token, f.salonId, { cursor: before.cursor });
    expect(after.pages.flatMap((p) => p.changes).find((c) => c.id === made.id)).toMatchObject({ entity: 'memberships', deleted: true });
    refused(await remove(made.id, f.owner.token), { code: 'NotExists', reason: 'ID_DOES_NOT_EXISTS', messageId: 'membership.notExists' });
  });

  it('an administrator may sell and delete; a master is refused everything; another salon neither sees nor touches it', async () => {
    const f = await salonWithOwner(t, 0);
    const client = await newClient(f);
    const admin = await addStaff(t, f.salonId, 'ADMIN');
    const made = ok(await create(input(f, client, { serialNumber: 7 }), admin.token)).createMembership;
    expect(made.authorId).toBe(admin.userId);

    const master = await addStaff(t, f.salonId, 'MASTER');
    refused(await create(input(f, client, { serialNumber: 8 }), master.token), { code: 'Forbidden' });
    refused(await remove(made.id, master.token), { code: 'Forbidden' });
    refused(await t.gql(ALL_SERVICES, { salon: f.salonId }, master.token), { code: 'Forbidden' });

    const other = await salonWithOwner(t, 0);
    refused(await remove(made.id, other.owner.token), { code: 'NotExists' });
    refused(await create(input(f, client, { serialNumber: 9 }), other.owner.token), { code: 'Forbidden' });
    const theirs = await pullAll(t, other.owner.token, other.salonId);
    expect(theirs.mirror.has(`memberships:${made.id}`)).toBe(false);
    expect(await rowOf(made.id)).toMatchObject({ deletedAt: null });

    ok(await remove(made.id, admin.token));
  });

  it('a command is applied once: a repeated seq answers the first result and writes nothing more', async () => {
    const f = await salonWithOwner(t, 0);
    const command = { clientId: newId(), seq: 1 };
    const body = input(f, await newClient(f), { serialNumber: 3, command });
    const first = ok(await create(body, f.owner.token)).createMembership;
    const repeat = ok(await create(body, f.owner.token)).createMembership;
    expect(repeat).toEqual(first);
    const refusedLater = input(f, body.client, { serialNumber: 3, command: { ...command, seq: 2 } });
    refused(await create(refusedLater, f.owner.token), { reason: 'SERIAL_NUMBER_ALREADY_EXISTS' });
    refused(await create(refusedLater, f.owner.token), { reason: 'SERIAL_NUMBER_ALREADY_EXISTS' });
    expect(await rowOf(refusedLater.id)).toBeUndefined();
  });
});
