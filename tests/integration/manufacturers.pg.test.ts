import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { manufacturers } from '../../server/db/schema';
import { addStaff, salonWithOwner } from '../factories/salon';
import { ok, refused, type Loose } from '../helpers/graphql';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';
import { pullAll } from '../helpers/sync';

const FIELDS = 'id salonId name rev';
const ADD = `mutation A($input: AddManufacturerInput!) { addManufacturer(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation U($input: UpdateManufacturerInput!) { updateManufacturer(input: $input) { ${FIELDS} } }`;
const DELETE = `mutation D($input: DeleteManufacturerInput!) { deleteManufacturer(input: $input) { manufacturerId } }`;

describe.each(backends(import.meta.url))('manufacturers on %s', (backend) => {
  const t = useTestServer(backend, ROOMY_LIMITS);
  const add = (input: Loose, token: string) => t.gql(ADD, { input }, token);
  const update = (input: Loose, token: string) => t.gql(UPDATE, { input }, token);
  const remove = (manufacturerId: string, token: string) => t.gql(DELETE, { input: { manufacturerId } }, token);
  const input = (salon: string, overrides: Loose = {}) => ({ id: newId(), salon, name: `Ražotājs ${newId().slice(0, 6)}`, ...overrides });
  const rowOf = async (id: string) => (await t.db.select().from(manufacturers).where(eq(manufacturers.id, id)))[0];

  it('adds a manufacturer (name trimmed); pull sends it', async () => {
    const f = await salonWithOwner(t, 0);
    const made = ok(await add(input(f.salonId, { name: '  Wella ' }), f.owner.token)).addManufacturer;
    expect(made).toMatchObject({ salonId: f.salonId, name: 'Wella' });
    const pulled = await pullAll(t, f.owner.token, f.salonId);
    expect(pulled.mirror.get(`manufacturers:${made.id}`)).toEqual({ id: made.id, salonId: f.salonId, name: 'Wella' });
  });

  it('refuses an empty name ("Enter manufacturer name") and a taken name, writing nothing; another salon may use it', async () => {
    const f = await salonWithOwner(t, 0);
    const empty = input(f.salonId, { name: '  ' });
    refused(await add(empty, f.owner.token), {
      code: 'IllegalArgument',
      reason: 'VALIDATION_FAILED',
      field: 'name',
      messageId: 'manufacturer.enterName',
    });
    expect(await rowOf(empty.id)).toBeUndefined();
    ok(await add(input(f.salonId, { name: 'Loreal' }), f.owner.token));
    const taken = input(f.salonId, { name: ' LOREAL' });
    refused(await add(taken, f.owner.token), {
      code: 'AlreadyExists',
      reason: 'NAME_ALREADY_EXISTS',
      field: 'name',
      messageId: 'manufacturer.nameExists',
    });
    expect(await rowOf(taken.id)).toBeUndefined();
    const other = await salonWithOwner(t, 0);
    ok(await add(input(other.salonId, { name: 'Loreal' }), other.owner.token));
  });

  it('updates the name; refuses a taken name, a missing one, a master and another salon', async () => {
    const f = await salonWithOwner(t, 0);
    const a = ok(await add(input(f.salonId, { name: 'A' }), f.owner.token)).addManufacturer;
    const b = ok(await add(input(f.salonId, { name: 'B' }), f.owner.token)).addManufacturer;
    const saved = ok(await update({ manufacturerId: a.id, name: 'A2' }, f.owner.token)).updateManufacturer;
    expect(saved.name).toBe('A2');
    expect(saved.rev).toBeGreaterThan(a.rev);
    refused(await update({ manufacturerId: b.id, name: 'a2' }, f.owner.token), {
      code: 'AlreadyExists',
      reason: 'NAME_ALREADY_EXISTS',
      field: 'name',
    });
    refused(await update({ manufacturerId: newId(), name: 'C' }, f.owner.token), {
      code: 'NotExists',
      reason: 'ID_DOES_NOT_EXISTS',
      messageId: 'manufacturer.notExists',
    });
    const master = await addStaff(t, f.salonId, 'MASTER');
    refused(await update({ manufacturerId: b.id, name: 'M' }, master.token), { code: 'Forbidden' });
    refused(await add(input(f.salonId), master.token), { code: 'Forbidden' });
    refused(await remove(b.id, master.token), { code: 'Forbidden' });
    const other = await salonWithOwner(t, 0);
    refused(await update({ manufacturerId: b.id, name: 'X' }, other.owner.token), { code: 'NotExists' });
    refused(await remove(b.id, other.owner.token), { code: 'NotExists' });
    refused(await add(input(f.salonId), other.owner.token), { code: 'Forbidden' });
    expect(await rowOf(b.id)).toMatchObject({ name: 'B', deletedAt: null });
  });

  it('delete soft-deletes (pull sends a tombstone), frees the name; a second delete is NotExists', async () => {
    const f = await salonWithOwner(t, 0);
    const made = ok(await add(input(f.salonId, { name: 'Schwarzkopf' }), f.owner.token)).addManufacturer;
    const before = await pullAll(t, f.owner.token, f.salonId);
    expect(ok(await remove(made.id, f.owner.token)).deleteManufacturer).toEqual({ manufacturerId: made.id });
    const after = await pullAll(t, f.owner.token, f.salonId, { cursor: before.cursor });
    expect(after.pages.flatMap((p) => p.changes).find((c) => c.id === made.id)).toMatchObject({ entity: 'manufacturers', deleted: true });
    refused(await remove(made.id, f.owner.token), { code: 'NotExists', messageId: 'manufacturer.notExists' });
    ok(await add(input(f.salonId, { name: 'Schwarzkopf' }), f.owner.token));
  });
});
