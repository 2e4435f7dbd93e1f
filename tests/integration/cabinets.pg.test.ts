import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { cabinets, serviceGroups } from '../../server/db/schema';
import { addStaff, salonWithOwner } from '../factories/salon';
import { ok, refused, type Loose } from '../helpers/graphql';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';
import { pullAll } from '../helpers/sync';

const CABINET = 'id salonId name(lang: en) nameVariants { en lv ru } serviceGroupIds rev';
const CREATE = `mutation C($input: CreateCabinetInput!) { createCabinet(input: $input) { ${CABINET} } }`;
const UPDATE = `mutation U($input: UpdateCabinetInput!) { updateCabinet(input: $input) { ${CABINET} } }`;
const DELETE = `mutation D($input: DeleteCabinetInput!) { deleteCabinet(input: $input) { id } }`;

describe.each(backends(import.meta.url))('cabinets on %s', (backend) => {
  const t = useTestServer(backend, ROOMY_LIMITS);
  const create = (input: Loose, token: string) => t.gql(CREATE, { input }, token);
  const update = (input: Loose, token: string) => t.gql(UPDATE, { input }, token);
  const remove = (id: string, token: string) => t.gql(DELETE, { input: { id } }, token);
  const input = (salon: string, overrides: Loose = {}) => ({
    id: newId(),
    salon,
    nameVariants: { lv: `Kabinets ${newId().slice(0, 6)}` },
    serviceGroups: [],
    ...overrides,
  });
  const groupsOf = async (salonId: string) =>
    (
      await t.db
        .select({ id: serviceGroups.id })
        .from(serviceGroups)
        .where(and(eq(serviceGroups.salonId, salonId), isNull(serviceGroups.deletedAt)))
    ).map((g) => g.id);
  const rowOf = async (id: string) => (await t.db.select().from(cabinets).where(eq(cabinets.id, id)))[0];

  describe('createCabinet', () => {
    it('creates a cabinet with names per language and service groups; blank languages are dropped', async () => {
      const f = await salonWithOwner(t, 0);
      const groups = await groupsOf(f.salonId);
      const made = ok(
        await create(
          input(f.salonId, { nameVariants: { lv: ' Zaļais ', en: 'Green', ru: ' ' }, serviceGroups: [groups[0], groups[0]] }),
          f.owner.token,
        ),
      ).createCabinet;
      expect(made).toMatchObject({
        salonId: f.salonId,
        name: 'Green',
        nameVariants: { lv: 'Zaļais', en: 'Green', ru: null },
        serviceGroupIds: [groups[0]],
      });
      const pulled = await pullAll(t, f.owner.token, f.salonId);
      expect(pulled.mirror.get(`cabinets:${made.id}`)).toEqual({
        id: made.id,
        salonId: f.salonId,
        nameVariants: { lv: 'Zaļais', en: 'Green' },
        serviceGroupIds: [groups[0]],
      });
    });

    it('refuses a missing default-language name with "Enter name please" on the lv field, writing nothing', async () => {
      const f = await salonWithOwner(t, 0);
      const bad = input(f.salonId, { nameVariants: { lv: '  ', en: 'Green' } });
      refused(await create(bad, f.owner.token), {
        code: 'IllegalArgument',
        reason: 'VALIDATION_FAILED',
        field: 'nameVariants.lv',
        messageId: 'cabinet.enterName',
      });
      refused(await create({ ...input(f.salonId), id: 'nope' }, f.owner.token), {
        code: 'IllegalArgument',
        reason: 'VALIDATION_FAILED',
        field: 'id',
      });
      expect(await rowOf(bad.id)).toBeUndefined();
    });

    it('refuses the same name in the same language (NAME_ALREADY_EXISTS), case ignored; another salon may use it', async () => {
      const f = await salonWithOwner(t, 0);
      ok(await create(input(f.salonId, { nameVariants: { lv: 'Zils', en: 'Blue' } }), f.owner.token));
      refused(await create(input(f.salonId, { nameVariants: { lv: 'zils ' } }), f.owner.token), {
        code: 'AlreadyExists',
        reason: 'NAME_ALREADY_EXISTS',
        field: 'nameVariants.lv',
        messageId: 'cabinet.nameExists',
      });
      refused(await create(input(f.salonId, { nameVariants: { lv: 'Cits', en: 'BLUE' } }), f.owner.token), {
        code: 'AlreadyExists',
        field: 'nameVariants.en',
      });
      const other = await salonWithOwner(t, 0);
      ok(await create(input(other.salonId, { nameVariants: { lv: 'Zils' } }), other.owner.token));
    });

    it('refuses service groups that are not live groups of the salon, and a reused id', async () => {
      const f = await salonWithOwner(t, 0);
      const other = await salonWithOwner(t, 0);
      const foreign = await groupsOf(other.salonId);
      refused(await create(input(f.salonId, { serviceGroups: [foreign[0]] }), f.owner.token), {
        code: 'IllegalArgument',
        reason: 'VALIDATION_FAILED',
        field: 'serviceGroups',
        messageId: 'cabinet.unknownServiceGroup',
      });
      const first = input(f.salonId);
      ok(await create(first, f.owner.token));
      refused(await create({ ...input(f.salonId), id: first.id }, f.owner.token), { code: 'AlreadyExists', reason: 'ID_ALREADY_EXISTS' });
    });

    it('lets another administrator write, refuses a master and another salon (Forbidden)', async () => {
      const f = await salonWithOwner(t, 0);
      const admin = await addStaff(t, f.salonId, 'ADMIN');
      const master = await addStaff(t, f.salonId, 'MASTER');
      ok(await create(input(f.salonId), admin.token));
      const byMaster = input(f.salonId);
      refused(await create(byMaster, master.token), { code: 'Forbidden' });
      const other = await salonWithOwner(t, 0);
      refused(await create(input(f.salonId), other.owner.token), { code: 'Forbidden' });
      expect(await rowOf(byMaster.id)).toBeUndefined();
    });
  });

  describe('updateCabinet', () => {
    it('saves names and groups and bumps rev; keeping its own name is fine', async () => {
      const f = await salonWithOwner(t, 0);
      const groups = await groupsOf(f.salonId);
      const made = ok(await create(input(f.salonId, { nameVariants: { lv: 'Sarkanais' } }), f.owner.token)).createCabinet;
      const saved = ok(
        await update(
          { id: made.id, salon: f.salonId, nameVariants: { lv: 'Sarkanais', ru: 'Красный' }, serviceGroups: groups },
          f.owner.token,
        ),
      ).updateCabinet;
      expect(saved).toMatchObject({
        nameVariants: { lv: 'Sarkanais', ru: 'Красный', en: null },
        serviceGroupIds: groups,
        name: 'Sarkanais',
      });
      expect(saved.rev).toBeGreaterThan(made.rev);
    });

    it('refuses a name of another cabinet, a missing or deleted cabinet, a master and another salon', async () => {
      const f = await salonWithOwner(t, 0);
      const a = ok(await create(input(f.salonId, { nameVariants: { lv: 'A' } }), f.owner.token)).createCabinet;
      const b = ok(await create(input(f.salonId, { nameVariants: { lv: 'B' } }), f.owner.token)).createCabinet;
      refused(await update({ id: b.id, salon: f.salonId, nameVariants: { lv: 'a' } }, f.owner.token), {
        code: 'AlreadyExists',
        reason: 'NAME_ALREADY_EXISTS',
        field: 'nameVariants.lv',
      });
      refused(await update({ id: newId(), salon: f.salonId, nameVariants: { lv: 'C' } }, f.owner.token), {
        code: 'NotExists',
        reason: 'ID_DOES_NOT_EXISTS',
        messageId: 'cabinet.notExists',
      });
      const master = await addStaff(t, f.salonId, 'MASTER');
      refused(await update({ id: a.id, salon: f.salonId, nameVariants: { lv: 'M' } }, master.token), { code: 'Forbidden' });
      const other = await salonWithOwner(t, 0);
      refused(await update({ id: a.id, salon: other.salonId, nameVariants: { lv: 'X' } }, other.owner.token), { code: 'NotExists' });
      refused(await update({ id: a.id, salon: f.salonId, nameVariants: { lv: '' } }, f.owner.token), {
        code: 'IllegalArgument',
        field: 'nameVariants.lv',
      });
      expect((await rowOf(a.id))?.nameVariants).toEqual({ lv: 'A' });
      ok(await remove(a.id, f.owner.token));
      refused(await update({ id: a.id, salon: f.salonId, nameVariants: { lv: 'A2' } }, f.owner.token), { code: 'NotExists' });
    });
  });

  describe('deleteCabinet', () => {
    it('soft-deletes (pull sends a tombstone) and frees the name', async () => {
      const f = await salonWithOwner(t, 0);
      const made = ok(await create(input(f.salonId, { nameVariants: { lv: 'Dzeltenais' } }), f.owner.token)).createCabinet;
      const before = await pullAll(t, f.owner.token, f.salonId);
      expect(ok(await remove(made.id, f.owner.token)).deleteCabinet).toEqual({ id: made.id });
      expect((await rowOf(made.id))?.deletedAt).not.toBeNull();
      const after = await pullAll(t, f.owner.token, f.salonId, { cursor: before.cursor });
      expect(after.pages.flatMap((p) => p.changes).find((c) => c.id === made.id)).toMatchObject({ entity: 'cabinets', deleted: true });
      ok(await create(input(f.salonId, { nameVariants: { lv: 'Dzeltenais' } }), f.owner.token));
    });

    it('refuses a missing one, a master, and a cabinet of another salon', async () => {
      const f = await salonWithOwner(t, 0);
      const made = ok(await create(input(f.salonId), f.owner.token)).createCabinet;
      const master = await addStaff(t, f.salonId, 'MASTER');
      refused(await remove(made.id, master.token), { code: 'Forbidden' });
      const other = await salonWithOwner(t, 0);
      refused(await remove(made.id, other.owner.token), { code: 'NotExists' });
      refused(await remove(newId(), f.owner.token), { code: 'NotExists' });
      expect((await rowOf(made.id))?.deletedAt).toBeNull();
    });
  });

  it('is exactly once per command: a repeated seq answers the first result and creates nothing more', async () => {
    const f = await salonWithOwner(t, 0);
    const command = { clientId: newId(), seq: 1 };
    const first = ok(await create({ ...input(f.salonId), command }, f.owner.token)).createCabinet;
    const again = ok(await create({ ...input(f.salonId), command }, f.owner.token)).createCabinet;
    expect(again.id).toBe(first.id);
    const live = await t.db
      .select()
      .from(cabinets)
      .where(and(eq(cabinets.salonId, f.salonId), isNull(cabinets.deletedAt)));
    expect(live).toHaveLength(1);
  });
});
