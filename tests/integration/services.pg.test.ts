import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { cabinets, serviceGroups, services } from '../../server/db/schema';
import { addStaff, salonWithOwner } from '../factories/salon';
import { ok, refused, type Loose } from '../helpers/graphql';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';
import { pullAll } from '../helpers/sync';

const GROUP = 'id salonId name(lang: en) nameVariants { en lv ru } type position rev';
const SERVICE = 'id salonId groupId name(lang: en) nameVariants { en lv ru } duration price color rev';
const CREATE_GROUP = `mutation C($input: CreateServiceGroupInput!) { createServiceGroup(input: $input) { ${GROUP} } }`;
const UPDATE_GROUP = `mutation U($input: UpdateServiceGroupInput!) { updateServiceGroup(input: $input) { ${GROUP} } }`;
const DELETE_GROUP = `mutation D($input: DeleteServiceGroupInput!) { deleteServiceGroup(input: $input) { id } }`;
const CREATE = `mutation C($input: CreateServiceInput!) { createService(input: $input) { ${SERVICE} } }`;
const UPDATE = `mutation U($input: UpdateServiceInput!) { updateService(input: $input) { ${SERVICE} } }`;
const DELETE = `mutation D($input: DeleteServiceInput!) { deleteService(input: $input) { id } }`;
const CREATE_CABINET = `mutation C($input: CreateCabinetInput!) { createCabinet(input: $input) { id } }`;

describe.each(backends(import.meta.url))('services on %s', (backend) => {
  const t = useTestServer(backend, ROOMY_LIMITS);
  const createGroup = (input: Loose, token: string) => t.gql(CREATE_GROUP, { input }, token);
  const updateGroup = (input: Loose, token: string) => t.gql(UPDATE_GROUP, { input }, token);
  const removeGroup = (id: string, token: string) => t.gql(DELETE_GROUP, { input: { id } }, token);
  const create = (input: Loose, token: string) => t.gql(CREATE, { input }, token);
  const update = (input: Loose, token: string) => t.gql(UPDATE, { input }, token);
  const remove = (id: string, token: string) => t.gql(DELETE, { input: { id } }, token);
  const groupInput = (salon: string, overrides: Loose = {}) => ({
    id: newId(),
    salon,
    nameVariants: { lv: `Grupa ${newId().slice(0, 6)}` },
    type: 'HAIRDRESSER',
    ...overrides,
  });
  const serviceInput = (serviceGroupId: string, overrides: Loose = {}) => ({
    id: newId(),
    serviceGroupId,
    nameVariants: { lv: `Pakalpojums ${newId().slice(0, 6)}` },
    duration: 45,
    price: '12,5',
    color: '#e53935',
    ...overrides,
  });
  const groupRow = async (id: string) => (await t.db.select().from(serviceGroups).where(eq(serviceGroups.id, id)))[0];
  const serviceRowOf = async (id: string) => (await t.db.select().from(services).where(eq(services.id, id)))[0];

  describe('service groups', () => {
    it('creates a group with names per language and a type, after the sample groups; pull sends it', async () => {
      const f = await salonWithOwner(t, 0);
      const made = ok(
        await createGroup(
          groupInput(f.salonId, { nameVariants: { lv: ' Frizūras ', en: 'Haircuts', ru: ' ' }, type: 'OTHER' }),
          f.owner.token,
        ),
      ).createServiceGroup;
      expect(made).toMatchObject({
        salonId: f.salonId,
        name: 'Haircuts',
        nameVariants: { lv: 'Frizūras', en: 'Haircuts', ru: null },
        type: 'OTHER',
      });
      const sample = await t.db
        .select()
        .from(serviceGroups)
        .where(and(eq(serviceGroups.salonId, f.salonId), isNull(serviceGroups.deletedAt)));
      expect(made.position).toBe(Math.max(...sample.filter((g) => g.id !== made.id).map((g) => g.position)) + 1);
      const pulled = await pullAll(t, f.owner.token, f.salonId);
      expect(pulled.mirror.get(`serviceGroups:${made.id}`)).toEqual({
        id: made.id,
        salonId: f.salonId,
        nameVariants: { lv: 'Frizūras', en: 'Haircuts' },
        type: 'OTHER',
        position: made.position,
      });
      const untyped = ok(await createGroup(groupInput(f.salonId, { type: null }), f.owner.token)).createServiceGroup;
      expect(untyped.type).toBeNull();
    });

    it('refuses a missing default-language name ("Enter group name"), a bad type and a taken name; writes nothing', async () => {
      const f = await salonWithOwner(t, 0);
      const bad = groupInput(f.salonId, { nameVariants: { lv: ' ', en: 'Nails' } });
      refused(await createGroup(bad, f.owner.token), {
        code: 'IllegalArgument',
        reason: 'VALIDATION_FAILED',
        field: 'nameVariants.lv',
        messageId: 'serviceGroup.enterName',
      });
      expect(await groupRow(bad.id)).toBeUndefined();
      const badType = groupInput(f.salonId, { type: 'BARBER' });
      expect((await createGroup(badType, f.owner.token)).errors?.length).toBeGreaterThan(0);
      expect(await groupRow(badType.id)).toBeUndefined();
      ok(await createGroup(groupInput(f.salonId, { nameVariants: { lv: 'Nagi', en: 'Nails' } }), f.owner.token));
      const taken = groupInput(f.salonId, { nameVariants: { lv: 'Cits', en: ' NAILS' } });
      refused(await createGroup(taken, f.owner.token), {
        code: 'AlreadyExists',
        reason: 'NAME_ALREADY_EXISTS',
        field: 'nameVariants.en',
        messageId: 'serviceGroup.nameExists',
      });
      expect(await groupRow(taken.id)).toBeUndefined();
      const other = await salonWithOwner(t, 0);
      ok(await createGroup(groupInput(other.salonId, { nameVariants: { lv: 'Nagi' } }), other.owner.token));
    });

    it('updates names and type; refuses a taken name, a missing group, a master and another salon', async () => {
      const f = await salonWithOwner(t, 0);
      const a = ok(await createGroup(groupInput(f.salonId, { nameVariants: { lv: 'A' } }), f.owner.token)).createServiceGroup;
      const b = ok(await createGroup(groupInput(f.salonId, { nameVariants: { lv: 'B' } }), f.owner.token)).createServiceGroup;
      const saved = ok(
        await updateGroup({ id: a.id, nameVariants: { lv: 'A', ru: 'А' }, type: 'MANICURE' }, f.owner.token),
      ).updateServiceGroup;
      expect(saved).toMatchObject({ nameVariants: { lv: 'A', ru: 'А', en: null }, type: 'MANICURE' });
      expect(saved.rev).toBeGreaterThan(a.rev);
      refused(await updateGroup({ id: b.id, nameVariants: { lv: 'a' } }, f.owner.token), {
        code: 'AlreadyExists',
        reason: 'NAME_ALREADY_EXISTS',
        field: 'nameVariants.lv',
      });
      refused(await updateGroup({ id: newId(), nameVariants: { lv: 'C' } }, f.owner.token), {
        code: 'NotExists',
        reason: 'ID_DOES_NOT_EXISTS',
        messageId: 'service.notExists',
      });
      const master = await addStaff(t, f.salonId, 'MASTER');
      refused(await updateGroup({ id: b.id, nameVariants: { lv: 'M' } }, master.token), { code: 'Forbidden' });
      refused(await createGroup(groupInput(f.salonId), master.token), { code: 'Forbidden' });
      const other = await salonWithOwner(t, 0);
      refused(await updateGroup({ id: b.id, nameVariants: { lv: 'X' } }, other.owner.token), { code: 'NotExists' });
      refused(await createGroup(groupInput(f.salonId), other.owner.token), { code: 'Forbidden' });
      expect((await groupRow(b.id))?.nameVariants).toEqual({ lv: 'B' });
    });

    it('delete soft-deletes the group and its services, takes it off cabinets, and frees the name', async () => {
      const f = await salonWithOwner(t, 0);
      const group = ok(await createGroup(groupInput(f.salonId, { nameVariants: { lv: 'Dzēšamā' } }), f.owner.token)).createServiceGroup;
      const svc = ok(await create(serviceInput(group.id), f.owner.token)).createService;
      const cabinetId = newId();
      ok(
        await t.gql(
          CREATE_CABINET,
          { input: { id: cabinetId, salon: f.salonId, nameVariants: { lv: 'K' }, serviceGroups: [group.id] } },
          f.owner.token,
        ),
      );
      const master = await addStaff(t, f.salonId, 'MASTER');
      refused(await removeGroup(group.id, master.token), { code: 'Forbidden' });
      const before = await pullAll(t, f.owner.token, f.salonId);
      expect(ok(await removeGroup(group.id, f.owner.token)).deleteServiceGroup).toEqual({ id: group.id });
      expect((await groupRow(group.id))?.deletedAt).not.toBeNull();
      expect((await serviceRowOf(svc.id))?.deletedAt).not.toBeNull();
      expect((await t.db.select().from(cabinets).where(eq(cabinets.id, cabinetId)))[0]?.serviceGroupIds).toEqual([]);
      const after = await pullAll(t, f.owner.token, f.salonId, { cursor: before.cursor });
      const changes = after.pages.flatMap((p) => p.changes);
      expect(changes.find((c) => c.id === group.id)).toMatchObject({ entity: 'serviceGroups', deleted: true });
      expect(changes.find((c) => c.id === svc.id)).toMatchObject({ entity: 'services', deleted: true });
      refused(await removeGroup(group.id, f.owner.token), { code: 'NotExists' });
      refused(await create(serviceInput(group.id), f.owner.token), { code: 'NotExists', messageId: 'service.notExists' });
      ok(await createGroup(groupInput(f.salonId, { nameVariants: { lv: 'Dzēšamā' } }), f.owner.token));
    });
  });

  describe('services', () => {
    it('creates a service: price kept as a two-decimal string, duration in minutes, palette colour; pull sends it', async () => {
      const f = await salonWithOwner(t, 0);
      const group = ok(await createGroup(groupInput(f.salonId), f.owner.token)).createServiceGroup;
      const made = ok(
        await create(
          serviceInput(group.id, { nameVariants: { lv: 'Griešana', en: 'Cut' }, price: '12,5', duration: 45, color: '#1E88E5' }),
          f.owner.token,
        ),
      ).createService;
      expect(made).toMatchObject({ salonId: f.salonId, groupId: group.id, name: 'Cut', duration: 45, price: '12.50', color: '#1e88e5' });
      const pulled = await pullAll(t, f.owner.token, f.salonId);
      expect(pulled.mirror.get(`services:${made.id}`)).toEqual({
        id: made.id,
        salonId: f.salonId,
        groupId: group.id,
        nameVariants: { lv: 'Griešana', en: 'Cut' },
        duration: 45,
        price: '12.50',
        color: '#1e88e5',
      });
    });

    it('refuses each invalid field with the spec text and writes nothing', async () => {
      const f = await salonWithOwner(t, 0);
      const group = ok(await createGroup(groupInput(f.salonId), f.owner.token)).createServiceGroup;
      const cases: [Loose, string, string][] = [
        [{ nameVariants: { lv: '', en: 'Cut' } }, 'nameVariants.lv', 'service.enterName'],
        [{ duration: 0 }, 'duration', 'service.enterDuration'],
        [{ duration: 2000 }, 'duration', 'service.durationTooLong'],
        [{ price: 'abc' }, 'price', 'service.enterPrice'],
        [{ price: '' }, 'price', 'service.enterPrice'],
        [{ price: '1.234' }, 'price', 'service.enterPrice'],
        [{ color: '#123456' }, 'color', 'service.selectColor'],
      ];
      for (const [overrides, field, messageId] of cases) {
        const bad = serviceInput(group.id, overrides);
        refused(await create(bad, f.owner.token), { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field, messageId });
        expect(await serviceRowOf(bad.id)).toBeUndefined();
      }
    });

    it('refuses a taken name in the same group (another group may use it), an unknown group and a reused id', async () => {
      const f = await salonWithOwner(t, 0);
      const g1 = ok(await createGroup(groupInput(f.salonId), f.owner.token)).createServiceGroup;
      const g2 = ok(await createGroup(groupInput(f.salonId), f.owner.token)).createServiceGroup;
      const first = serviceInput(g1.id, { nameVariants: { lv: 'Krāsošana' } });
      ok(await create(first, f.owner.token));
      refused(await create(serviceInput(g1.id, { nameVariants: { lv: 'krāsošana ' } }), f.owner.token), {
        code: 'AlreadyExists',
        reason: 'NAME_ALREADY_EXISTS',
        field: 'nameVariants.lv',
        messageId: 'service.nameExists',
      });
      ok(await create(serviceInput(g2.id, { nameVariants: { lv: 'Krāsošana' } }), f.owner.token));
      refused(await create(serviceInput(newId()), f.owner.token), { code: 'NotExists', messageId: 'service.notExists' });
      refused(await create({ ...serviceInput(g1.id), id: first.id }, f.owner.token), {
        code: 'AlreadyExists',
        reason: 'ID_ALREADY_EXISTS',
      });
    });

    it('updates fields and group; refuses a missing service, a master and another salon, changing nothing', async () => {
      const f = await salonWithOwner(t, 0);
      const g1 = ok(await createGroup(groupInput(f.salonId), f.owner.token)).createServiceGroup;
      const g2 = ok(await createGroup(groupInput(f.salonId), f.owner.token)).createServiceGroup;
      const made = ok(await create(serviceInput(g1.id, { nameVariants: { lv: 'Masāža' } }), f.owner.token)).createService;
      const saved = ok(
        await update(
          { id: made.id, serviceGroupId: g2.id, nameVariants: { lv: 'Masāža', ru: 'Массаж' }, duration: 90, price: '40', color: '#43a047' },
          f.owner.token,
        ),
      ).updateService;
      expect(saved).toMatchObject({ groupId: g2.id, duration: 90, price: '40.00', color: '#43a047', nameVariants: { ru: 'Массаж' } });
      expect(saved.rev).toBeGreaterThan(made.rev);
      const same = { id: made.id, serviceGroupId: g2.id, nameVariants: { lv: 'Cits' }, duration: 10, price: '1', color: '#43a047' };
      refused(await update({ ...same, id: newId() }, f.owner.token), { code: 'NotExists', messageId: 'service.notExists' });
      const master = await addStaff(t, f.salonId, 'MASTER');
      refused(await update(same, master.token), { code: 'Forbidden' });
      refused(await create(serviceInput(g1.id), master.token), { code: 'Forbidden' });
      refused(await remove(made.id, master.token), { code: 'Forbidden' });
      const other = await salonWithOwner(t, 0);
      refused(await update(same, other.owner.token), { code: 'NotExists' });
      refused(await remove(made.id, other.owner.token), { code: 'NotExists' });
      refused(await update({ ...same, price: 'x' }, f.owner.token), { code: 'IllegalArgument', field: 'price' });
      const row = await serviceRowOf(made.id);
      expect(row).toMatchObject({ groupId: g2.id, duration: 90, price: '40.00', deletedAt: null });
    });

    it('delete soft-deletes (pull sends a tombstone); a second delete is NotExists', async () => {
      const f = await salonWithOwner(t, 0);
      const group = ok(await createGroup(groupInput(f.salonId), f.owner.token)).createServiceGroup;
      const made = ok(await create(serviceInput(group.id), f.owner.token)).createService;
      const before = await pullAll(t, f.owner.token, f.salonId);
      expect(ok(await remove(made.id, f.owner.token)).deleteService).toEqual({ id: made.id });
      const after = await pullAll(t, f.owner.token, f.salonId, { cursor: before.cursor });
      expect(after.pages.flatMap((p) => p.changes).find((c) => c.id === made.id)).toMatchObject({ entity: 'services', deleted: true });
      refused(await remove(made.id, f.owner.token), { code: 'NotExists' });
    });
  });

  it('is exactly once per command: a repeated seq answers the first result', async () => {
    const f = await salonWithOwner(t, 0);
    const command = { clientId: newId(), seq: 1 };
    const first = ok(await createGroup({ ...groupInput(f.salonId), command }, f.owner.token)).createServiceGroup;
    const again = ok(await createGroup({ ...groupInput(f.salonId), command }, f.owner.token)).createServiceGroup;
    expect(again.id).toBe(first.id);
  });
});
