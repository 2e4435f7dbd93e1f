import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { masters, serviceGroups, users } from '../../server/db/schema';
import { addStaff, salonWithOwner } from '../factories/salon';
import { ok, refused, type Loose } from '../helpers/graphql';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';
import { pullAll } from '../helpers/sync';

const MASTER =
  'id salonId userId firstName lastName phone email gender status type serviceGroupIds serviceCommission productCommission groupCommissions { groupId rate } rev';
const ADD = `mutation A($input: AddMasterInput!) { addMaster(input: $input) { ${MASTER} } }`;
const UPDATE = `mutation U($input: UpdateMasterInput!) { updateMaster(input: $input) { ${MASTER} } }`;
const FIND_USER = `query F($email: String, $phone: String, $role: String) { user(email: $email, phone: $phone, role: $role) { id email firstName lastName phone gender } }`;
const DELETE = `mutation D($input: DeleteMasterInput!) { deleteMaster(input: $input) { salonId masterId } }`;

let phoneSeq = 1000;
const nextPhone = () => `+3712${String(10000000 + phoneSeq++).slice(1)}`;

describe.each(backends(import.meta.url))('staff on %s', (backend) => {
  const t = useTestServer(backend, ROOMY_LIMITS);
  const add = (input: Loose, token: string) => t.gql(ADD, { input }, token);
  const update = (input: Loose, token: string) => t.gql(UPDATE, { input }, token);
  const remove = (salonId: string, masterId: string, token: string) => t.gql(DELETE, { input: { salonId, masterId } }, token);
  const groupsOf = async (salonId: string) =>
    (
      await t.db
        .select({ id: serviceGroups.id })
        .from(serviceGroups)
        .where(and(eq(serviceGroups.salonId, salonId), isNull(serviceGroups.deletedAt)))
    ).map((g) => g.id);
  const rowOf = async (id: string) => (await t.db.select().from(masters).where(eq(masters.id, id)))[0];
  const input = async (salon: string, overrides: Loose = {}) => ({
    id: newId(),
    salon,
    firstName: 'Anna',
    lastName: 'Ozola',
    gender: 'FEMALE',
    phone: nextPhone(),
    email: null,
    status: 'ACTIVE',
    serviceGroups: [(await groupsOf(salon))[0]],
    ...overrides,
  });
  const edit = (m: Loose, overrides: Loose = {}) => ({
    salonId: m.salonId,
    masterId: m.id,
    firstName: m.firstName,
    lastName: m.lastName,
    gender: m.gender,
    phone: m.phone,
    email: m.email,
    status: m.status,
    serviceGroups: m.serviceGroupIds,
    ...overrides,
  });

  describe('addMaster', () => {
    it('creates a LOCAL master with a stripped phone and lower-cased e-mail; pull sends it', async () => {
      const f = await salonWithOwner(t, 0);
      const groups = await groupsOf(f.salonId);
      const made = ok(
        await add(
          await input(f.salonId, {
            firstName: ' Ilze ',
            phone: '+371 2987 6543',
            email: ' Ilze@Example.COM ',
            serviceGroups: [groups[0], groups[0]],
          }),
          f.owner.token,
        ),
      ).addMaster;
      expect(made).toMatchObject({
        salonId: f.salonId,
        firstName: 'Ilze',
        phone: '+37129876543',
        email: 'ilze@example.com',
        type: 'LOCAL',
        status: 'ACTIVE',
        serviceGroupIds: [groups[0]],
      });
      const pulled = await pullAll(t, f.owner.token, f.salonId);
      expect(pulled.mirror.get(`masters:${made.id}`)).toMatchObject({ id: made.id, firstName: 'Ilze', serviceGroupIds: [groups[0]] });
    });

    it('refuses the spec validation rules, writing nothing', async () => {
      const f = await salonWithOwner(t, 0);
      const cases: [Loose, Loose][] = [
        [{ firstName: ' ' }, { field: 'firstName', messageId: 'master.enterFirstName' }],
        [{ gender: null }, { field: 'gender', messageId: 'master.selectGender' }],
        [{ status: 'GONE' }, { field: 'status', messageId: 'master.selectStatus' }],
        [{ serviceGroups: [] }, { field: 'serviceGroups', messageId: 'master.selectServiceGroups' }],
        [{ phone: '26123456' }, { field: 'phone', messageId: 'validation.phone.countryCode' }],
        [{ phone: '+3711' }, { field: 'phone', messageId: 'validation.phone.invalid' }],
        [{ serviceCommission: '100,5' }, { field: 'serviceCommission', messageId: 'master.commissionInvalid' }],
        [{ productCommission: '-1' }, { field: 'productCommission', messageId: 'master.commissionInvalid' }],
      ];
      for (const [overrides, expected] of cases) {
        const bad = await input(f.salonId, overrides);
        refused(await add(bad, f.owner.token), { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', ...expected });
        expect(await rowOf(bad.id)).toBeUndefined();
      }
    });

    it('refuses a phone or e-mail of another master (PHONE_ALREADY_EXISTS, EMAIL_ALREADY_EXISTS); another salon may use them', async () => {
      const f = await salonWithOwner(t, 0);
      const first = ok(await add(await input(f.salonId, { email: 'same@example.com' }), f.owner.token)).addMaster;
      refused(await add(await input(f.salonId, { phone: first.phone }), f.owner.token), {
        code: 'AlreadyExists',
        reason: 'PHONE_ALREADY_EXISTS',
        field: 'phone',
        messageId: 'master.phoneExists',
      });
      refused(await add(await input(f.salonId, { email: 'SAME@example.com' }), f.owner.token), {
        code: 'AlreadyExists',
        reason: 'EMAIL_ALREADY_EXISTS',
        field: 'email',
        messageId: 'master.emailExists',
      });
      const other = await salonWithOwner(t, 0);
      ok(await add(await input(other.salonId, { phone: first.phone, email: 'same@example.com' }), other.owner.token));
    });

    it('refuses service groups of another salon and a reused id', async () => {
      const f = await salonWithOwner(t, 0);
      const other = await salonWithOwner(t, 0);
      const foreign = await groupsOf(other.salonId);
      refused(await add(await input(f.salonId, { serviceGroups: [foreign[0]] }), f.owner.token), {
        code: 'IllegalArgument',
        field: 'serviceGroups',
      });
      const first = ok(await add(await input(f.salonId), f.owner.token)).addMaster;
      refused(await add(await input(f.salonId, { id: first.id }), f.owner.token), { code: 'AlreadyExists', reason: 'ID_ALREADY_EXISTS' });
    });

    it('lets another administrator write; refuses a master and another salon (Forbidden)', async () => {
      const f = await salonWithOwner(t, 0);
      const admin = await addStaff(t, f.salonId, 'ADMIN');
      const master = await addStaff(t, f.salonId, 'MASTER');
      ok(await add(await input(f.salonId), admin.token));
      const byMaster = await input(f.salonId);
      refused(await add(byMaster, master.token), { code: 'Forbidden' });
      expect(await rowOf(byMaster.id)).toBeUndefined();
      const other = await salonWithOwner(t, 0);
      refused(await add(await input(f.salonId), other.owner.token), { code: 'Forbidden' });
    });
  });

  describe('commissions (issue 59 item 4)', () => {
    it('are set and changed by administrators, kept when an update leaves them out, and never pulled by masters', async () => {
      const f = await salonWithOwner(t, 0);
      const made = ok(await add(await input(f.salonId, { serviceCommission: '12,5', productCommission: '' }), f.owner.token)).addMaster;
      expect(made).toMatchObject({ serviceCommission: '12.50', productCommission: null });
      expect((await rowOf(made.id))?.serviceCommission).toBe('12.50');
      // An update without the fields (an older device's queued command) keeps them; '' clears one.
      const { serviceCommission: _s, productCommission: _p, ...plain } = edit(made, { firstName: 'Anna K' });
      expect(ok(await update(plain, f.owner.token)).updateMaster).toMatchObject({ firstName: 'Anna K', serviceCommission: '12.50' });
      const changed = ok(await update(edit(made, { serviceCommission: '', productCommission: '7' }), f.owner.token)).updateMaster;
      expect(changed).toMatchObject({ serviceCommission: null, productCommission: '7.00' });
      refused(await update(edit(made, { productCommission: '101' }), f.owner.token), {
        code: 'IllegalArgument',
        field: 'productCommission',
        messageId: 'master.commissionInvalid',
      });
      expect((await rowOf(made.id))?.productCommission).toBe('7.00');

      // The owner's pull carries them; a master's pull of the same salon does not.
      expect((await pullAll(t, f.owner.token, f.salonId)).mirror.get(`masters:${made.id}`)).toMatchObject({ productCommission: '7.00' });
      const master = await addStaff(t, f.salonId, 'MASTER');
      const seen = (await pullAll(t, master.token, f.salonId)).mirror.get(`masters:${made.id}`) as Loose;
      expect(seen).toMatchObject({ id: made.id, serviceCommission: null, productCommission: null });
    });

    it('per service group: her own rates for groups she does, blank dropped, kept when left out, refused for others', async () => {
      const f = await salonWithOwner(t, 0);
      const [hair] = (await groupsOf(f.salonId)) as [string];
      const nails = newId();
      ok(
        await t.gql(
          `mutation C($input: CreateServiceGroupInput!) { createServiceGroup(input: $input) { id } }`,
          { input: { id: nails, salon: f.salonId, nameVariants: { lv: 'Nagi' }, type: 'MANICURE' } },
          f.owner.token,
        ),
      );
      const made = ok(
        await add(
          await input(f.salonId, {
            serviceGroups: [hair, nails],
            serviceCommission: '10',
            groupCommissions: [
              { groupId: hair, rate: '25,5' },
              { groupId: nails, rate: ' ' },
            ],
          }),
          f.owner.token,
        ),
      ).addMaster;
      expect(made.groupCommissions).toEqual([{ groupId: hair, rate: '25.50' }]);
      expect((await rowOf(made.id))?.groupCommissions).toEqual([{ groupId: hair, rate: '25.50' }]);
      // Left out, they stay; a list replaces them; an empty list clears them.
      expect(ok(await update(edit(made, { firstName: 'Anna K' }), f.owner.token)).updateMaster.groupCommissions).toEqual([
        { groupId: hair, rate: '25.50' },
      ]);
      const changed = ok(await update(edit(made, { groupCommissions: [{ groupId: nails, rate: '0' }] }), f.owner.token)).updateMaster;
      expect(changed.groupCommissions).toEqual([{ groupId: nails, rate: '0.00' }]);
      // A group she does not do, or an unreadable rate, is refused on the field and changes nothing.
      refused(await update(edit(made, { serviceGroups: [hair], groupCommissions: [{ groupId: nails, rate: '5' }] }), f.owner.token), {
        code: 'IllegalArgument',
        field: 'groupCommissions',
        messageId: 'master.groupCommissionNotHers',
      });
      refused(await update(edit(made, { groupCommissions: [{ groupId: hair, rate: '100.5' }] }), f.owner.token), {
        code: 'IllegalArgument',
        field: 'groupCommissions.0.rate',
        messageId: 'master.commissionInvalid',
      });
      expect((await rowOf(made.id))?.groupCommissions).toEqual([{ groupId: nails, rate: '0.00' }]);
      expect((await rowOf(made.id))?.serviceGroupIds).toEqual([hair, nails]);
      // The owner's pull carries them; a master's does not.
      expect((await pullAll(t, f.owner.token, f.salonId)).mirror.get(`masters:${made.id}`)).toMatchObject({
        groupCommissions: [{ groupId: nails, rate: '0.00' }],
      });
      const master = await addStaff(t, f.salonId, 'MASTER');
      expect((await pullAll(t, master.token, f.salonId)).mirror.get(`masters:${made.id}`)).toMatchObject({ groupCommissions: [] });
    });
  });

  describe('lookup (role MASTER) and a master linked to the found account', () => {
    it('finds the account by e-mail; addMaster with its userId makes a GLOBAL, ACTIVE master with the account identity', async () => {
      const f = await salonWithOwner(t, 0);
      const other = await salonWithOwner(t, 0);
      const person = await addStaff(t, other.salonId, 'ADMIN');
      const [account] = await t.db.select().from(users).where(eq(users.id, person.userId));
      const found = ok(await t.gql(FIND_USER, { email: account!.email.toUpperCase(), role: 'MASTER' }, f.owner.token)).user;
      expect(found).toMatchObject({ id: person.userId, firstName: 'Agnese', lastName: 'Liepa' });
      const made = ok(
        await add(
          await input(f.salonId, { userId: person.userId, firstName: 'Typed', email: account!.email, phone: null, status: 'INACTIVE' }),
          f.owner.token,
        ),
      ).addMaster;
      expect(made).toMatchObject({ userId: person.userId, type: 'GLOBAL', status: 'ACTIVE', firstName: 'Agnese', email: account!.email });
    });

    it('refuses a userId whose account has neither the phone nor the e-mail, writing nothing; a master viewer may not look up', async () => {
      const f = await salonWithOwner(t, 0);
      const person = await addStaff(t, f.salonId, 'ADMIN');
      const bad = await input(f.salonId, { userId: person.userId, email: 'someone-else@example.com' });
      refused(await add(bad, f.owner.token), { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field: 'phone' });
      expect(await rowOf(bad.id)).toBeUndefined();
      const master = await addStaff(t, f.salonId, 'MASTER');
      refused(await t.gql(FIND_USER, { email: 'x@example.com', role: 'MASTER' }, master.token), { code: 'Forbidden' });
    });
  });

  describe('updateMaster', () => {
    it('saves identity, status and groups, bumping rev; keeping its own phone is fine', async () => {
      const f = await salonWithOwner(t, 0);
      const groups = await groupsOf(f.salonId);
      const made = ok(await add(await input(f.salonId), f.owner.token)).addMaster;
      const saved = ok(
        await update(edit(made, { lastName: 'Bērziņa', status: 'INACTIVE', serviceGroups: groups }), f.owner.token),
      ).updateMaster;
      expect(saved).toMatchObject({ lastName: 'Bērziņa', status: 'INACTIVE', phone: made.phone, serviceGroupIds: groups });
      expect(saved.rev).toBeGreaterThan(made.rev);
    });

    it('refuses a missing master (ID_DOES_NOT_EXISTS), a taken phone or e-mail, a master viewer and another salon', async () => {
      const f = await salonWithOwner(t, 0);
      const a = ok(await add(await input(f.salonId, { email: 'a@example.com' }), f.owner.token)).addMaster;
      const b = ok(await add(await input(f.salonId), f.owner.token)).addMaster;
      refused(await update(edit(b, { masterId: newId() }), f.owner.token), {
        code: 'NotExists',
        reason: 'ID_DOES_NOT_EXISTS',
        messageId: 'master.notExists',
      });
      refused(await update(edit(b, { phone: a.phone }), f.owner.token), {
        code: 'AlreadyExists',
        reason: 'PHONE_ALREADY_EXISTS',
        field: 'phone',
      });
      refused(await update(edit(b, { email: 'a@example.com' }), f.owner.token), {
        code: 'AlreadyExists',
        reason: 'EMAIL_ALREADY_EXISTS',
        field: 'email',
      });
      const master = await addStaff(t, f.salonId, 'MASTER');
      refused(await update(edit(b, { firstName: 'M' }), master.token), { code: 'Forbidden' });
      const other = await salonWithOwner(t, 0);
      refused(await update(edit(b, { salonId: other.salonId, firstName: 'X' }), other.owner.token), { code: 'NotExists' });
      refused(await update(edit(b, { firstName: '' }), f.owner.token), { code: 'IllegalArgument', field: 'firstName' });
      expect((await rowOf(b.id))?.firstName).toBe('Anna');
    });

    it('keeps the identity of a GLOBAL master: only services and status change', async () => {
      const f = await salonWithOwner(t, 0);
      const groups = await groupsOf(f.salonId);
      const made = ok(await add(await input(f.salonId), f.owner.token)).addMaster;
      await t.db.update(masters).set({ type: 'GLOBAL' }).where(eq(masters.id, made.id));
      const saved = ok(
        await update(edit(made, { firstName: 'Changed', phone: nextPhone(), status: 'INACTIVE', serviceGroups: groups }), f.owner.token),
      ).updateMaster;
      expect(saved).toMatchObject({ firstName: 'Anna', phone: made.phone, status: 'INACTIVE', serviceGroupIds: groups, type: 'GLOBAL' });
    });
  });

  describe('deleteMaster', () => {
    it('soft-deletes (pull sends a tombstone) and frees the phone', async () => {
      const f = await salonWithOwner(t, 0);
      const made = ok(await add(await input(f.salonId), f.owner.token)).addMaster;
      const before = await pullAll(t, f.owner.token, f.salonId);
      expect(ok(await remove(f.salonId, made.id, f.owner.token)).deleteMaster).toEqual({ salonId: f.salonId, masterId: made.id });
      expect((await rowOf(made.id))?.deletedAt).not.toBeNull();
      const after = await pullAll(t, f.owner.token, f.salonId, { cursor: before.cursor });
      expect(after.pages.flatMap((p) => p.changes).find((c) => c.id === made.id)).toMatchObject({ entity: 'masters', deleted: true });
      ok(await add(await input(f.salonId, { phone: made.phone }), f.owner.token));
    });

    it('refuses a missing one, a master viewer, and a master of another salon', async () => {
      const f = await salonWithOwner(t, 0);
      const made = ok(await add(await input(f.salonId), f.owner.token)).addMaster;
      const master = await addStaff(t, f.salonId, 'MASTER');
      refused(await remove(f.salonId, made.id, master.token), { code: 'Forbidden' });
      const other = await salonWithOwner(t, 0);
      refused(await remove(other.salonId, made.id, other.owner.token), { code: 'NotExists' });
      refused(await remove(f.salonId, newId(), f.owner.token), { code: 'NotExists' });
      expect((await rowOf(made.id))?.deletedAt).toBeNull();
    });
  });
});
