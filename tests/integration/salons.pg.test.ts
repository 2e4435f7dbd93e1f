import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { masters, salons, serviceGroups, services } from '../../server/db/schema';
import { logIn, signUpOwner, uniqueSuffix } from '../factories/accounts';
import { ok, refused } from '../helpers/graphql';
import {
  CREATE_SALON,
  DEMO,
  GET_SALONS,
  LOGOUT,
  SET_OWNER_AS_MASTER,
  SETUP_NEW_SALON,
  SWITCH_SALON,
  UPDATE_PROFILE,
  VIEWER,
} from '../helpers/operations';
import { backends, useTestServer, type TestServer } from '../helpers/server';

async function countsOf(t: TestServer, salonId: string) {
  const groups = await t.db
    .select({ id: serviceGroups.id })
    .from(serviceGroups)
    .where(and(eq(serviceGroups.salonId, salonId), isNull(serviceGroups.deletedAt)));
  const serviceRows = await t.db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.salonId, salonId), isNull(services.deletedAt)));
  const masterRows = await t.db
    .select({ id: masters.id })
    .from(masters)
    .where(and(eq(masters.salonId, salonId), isNull(masters.deletedAt)));
  return { groups: groups.length, services: serviceRows.length, masters: masterRows.length };
}

describe.each(backends(import.meta.url))('salons on %s', (backend) => {
  const t = useTestServer(backend, { seedDemo: true, rateLimits: { loginFailures: 10, perAddress: 1000, windowSeconds: 60 } });
  const viewer = async (token: string | null) => ok(await t.gql(VIEWER, {}, token)).viewer;
  const demoSalonId = async () => (await logIn(t, DEMO.owner)).user.salon.id as string;

  describe('getSalons', () => {
    it.each([
      [DEMO.owner, [{ role: 'ADMIN', isOwner: true, salon: { name: 'Demo salon' } }]],
      [DEMO.master, [{ role: 'MASTER', isOwner: false, salon: { name: 'Demo salon' } }]],
      [DEMO.supplier, []],
    ])('lists the salons of %s', async (username, expected) => {
      const { token } = await logIn(t, username);
      expect(ok(await t.gql(GET_SALONS, {}, token)).getSalons).toMatchObject(expected);
    });

    it('never lists a salon of another owner', async () => {
      const other = await signUpOwner(t);
      const list = ok(await t.gql(GET_SALONS, {}, other.token)).getSalons;
      expect(list.map((s: { salon: { id: string } }) => s.salon.id)).toEqual([other.salonId]);
    });
  });

  describe('createSalon', () => {
    it('creates a set-up salon owned by the caller, listed after the first one', async () => {
      const owner = await signUpOwner(t);
      const name = `Second ${uniqueSuffix()}`;
      const salon = ok(await t.gql(CREATE_SALON, { input: { name, address: 'Elizabetes iela 2' } }, owner.token)).createSalon;
      expect(salon).toMatchObject({ name, address: 'Elizabetes iela 2', administrator: { id: owner.userId } });
      expect(await countsOf(t, salon.id)).toEqual({ groups: 1, services: 3, masters: 4 });
      const list = ok(await t.gql(GET_SALONS, {}, owner.token)).getSalons;
      expect(list).toMatchObject([
        { role: 'ADMIN', isOwner: true, salon: { id: owner.salonId } },
        { role: 'ADMIN', isOwner: true, salon: { id: salon.id } },
      ]);
      // The session stays in the salon it was in.
      expect((await viewer(owner.token)).salon.id).toBe(owner.salonId);
    });

    it('refuses a taken name, in any case, on the name field', async () => {
      const owner = await signUpOwner(t);
      refused(await t.gql(CREATE_SALON, { input: { name: 'DEMO salon', address: 'x' } }, owner.token), {
        code: 'AlreadyExists',
        reason: 'NAME_ALREADY_EXISTS',
        field: 'name',
      });
      expect(ok(await t.gql(GET_SALONS, {}, owner.token)).getSalons).toHaveLength(1);
    });

    it('validates the name', async () => {
      const owner = await signUpOwner(t);
      refused(await t.gql(CREATE_SALON, { input: { name: ' ', address: 'x' } }, owner.token), {
        code: 'IllegalArgument',
        field: 'name',
        messageId: 'salon.new.enterName',
      });
    });

    it('refuses a master (Forbidden) and creates nothing', async () => {
      const { token } = await logIn(t, DEMO.master);
      const name = `By master ${uniqueSuffix()}`;
      refused(await t.gql(CREATE_SALON, { input: { name, address: 'x' } }, token), { code: 'Forbidden' });
      expect(await t.db.select().from(salons).where(eq(salons.name, name))).toHaveLength(0);
    });
  });

  describe('switchSalon', () => {
    it('switches to an own salon as owner and back, keeping the token', async () => {
      const owner = await signUpOwner(t);
      const second = ok(await t.gql(CREATE_SALON, { input: { name: `Switch ${uniqueSuffix()}`, address: 'x' } }, owner.token)).createSalon;
      const switched = ok(await t.gql(SWITCH_SALON, { input: { salon: second.id } }, owner.token)).switchSalon;
      expect(switched).toMatchObject({
        token: owner.token,
        role: 'ADMIN',
        isOwner: true,
        user: { id: owner.userId, salon: { id: second.id } },
      });
      expect(await viewer(owner.token)).toMatchObject({ role: 'ADMIN', isOwner: true, salon: { id: second.id } });
      ok(await t.gql(SWITCH_SALON, { input: { salon: owner.salonId } }, owner.token));
      expect((await viewer(owner.token)).salon.id).toBe(owner.salonId);
    });

    it('refuses a salon the user is not in (Forbidden) and stays where it was', async () => {
      const a = await signUpOwner(t);
      const b = await signUpOwner(t);
      refused(await t.gql(SWITCH_SALON, { input: { salon: b.salonId } }, a.token), { code: 'Forbidden', reason: 'NOT_A_SALON_MEMBER' });
      refused(await t.gql(SWITCH_SALON, { input: { salon: await demoSalonId() } }, a.token), { code: 'Forbidden' });
      expect((await viewer(a.token)).salon.id).toBe(a.salonId);
    });

    it('refuses an unknown and a malformed salon id', async () => {
      const owner = await signUpOwner(t);
      refused(await t.gql(SWITCH_SALON, { input: { salon: 'f'.repeat(24) } }, owner.token), { code: 'Forbidden' });
      refused(await t.gql(SWITCH_SALON, { input: { salon: 'nope' } }, owner.token), { code: 'IllegalArgument', field: 'salon' });
    });

    it('lets a sysadmin enter any salon as SYSADMIN', async () => {
      const { token } = await logIn(t, DEMO.sysadmin);
      const salonId = await demoSalonId();
      expect(ok(await t.gql(SWITCH_SALON, { input: { salon: salonId } }, token)).switchSalon).toMatchObject({
        role: 'SYSADMIN',
        user: { salon: { id: salonId } },
      });
    });
  });

  describe('tenant isolation', () => {
    it('an owner of salon B cannot enter or set up the demo salon', async () => {
      const b = await signUpOwner(t);
      const demo = await demoSalonId();
      const before = await countsOf(t, demo);
      refused(await t.gql(SWITCH_SALON, { input: { salon: demo } }, b.token), { code: 'Forbidden' });
      refused(await t.gql(SETUP_NEW_SALON, { input: { salon: demo } }, b.token), { code: 'Forbidden' });
      refused(await t.gql(SET_OWNER_AS_MASTER, { input: { salon: demo, user: b.userId } }, b.token), { code: 'Forbidden' });
      expect(await countsOf(t, demo)).toEqual(before);
      expect(
        await t.db
          .select()
          .from(masters)
          .where(and(eq(masters.salonId, demo), eq(masters.userId, b.userId))),
      ).toHaveLength(0);
    });

    it('a master cannot run the set-up steps of own salon, and nobody can make someone else a master', async () => {
      const demo = await demoSalonId();
      const master = await logIn(t, DEMO.master);
      refused(await t.gql(SETUP_NEW_SALON, { input: { salon: demo } }, master.token), { code: 'Forbidden' });
      refused(await t.gql(SET_OWNER_AS_MASTER, { input: { salon: demo, user: master.user.id } }, master.token), { code: 'Forbidden' });
      const owner = await logIn(t, DEMO.owner);
      const b = await signUpOwner(t);
      refused(await t.gql(SET_OWNER_AS_MASTER, { input: { salon: demo, user: b.userId } }, owner.token), { code: 'Forbidden' });
    });
  });

  describe('updateProfile', () => {
    it.each([
      ['37120000000', 'validation.phone.countryCode'],
      ['+3712', 'validation.phone.invalid'],
    ])('refuses phone %j with %s', async (phone, messageId) => {
      const owner = await signUpOwner(t);
      refused(await t.gql(UPDATE_PROFILE, { input: { firstName: 'Ilze', phone } }, owner.token), {
        code: 'IllegalArgument',
        reason: 'VALIDATION_FAILED',
        field: 'phone',
        messageId,
      });
      expect(await viewer(owner.token)).toMatchObject({ firstName: owner.fields.firstName, phone: owner.fields.phone });
    });

    it('refuses an empty first name', async () => {
      const owner = await signUpOwner(t);
      refused(await t.gql(UPDATE_PROFILE, { input: { firstName: ' ' } }, owner.token), {
        code: 'IllegalArgument',
        field: 'firstName',
        messageId: 'profile.enterFirstName',
      });
    });

    it('saves a valid profile, phone stripped to + and digits, visible on viewer', async () => {
      const owner = await signUpOwner(t);
      const input = { firstName: ' Ilze ', lastName: 'Kalna', phone: '+371 2987 6543' };
      expect(ok(await t.gql(UPDATE_PROFILE, { input }, owner.token)).updateProfile).toMatchObject({
        firstName: 'Ilze',
        lastName: 'Kalna',
        phone: '+37129876543',
      });
      expect(await viewer(owner.token)).toMatchObject({ firstName: 'Ilze', lastName: 'Kalna', phone: '+37129876543' });
      const again = await logIn(t, owner.email, owner.password);
      expect(await viewer(again.token)).toMatchObject({ firstName: 'Ilze', phone: '+37129876543' });
    });
  });

  describe('without a session', () => {
    const salon = 'a'.repeat(24);
    it.each([
      ['getSalons', GET_SALONS, {}],
      ['createSalon', CREATE_SALON, { input: { name: 'Anon', address: 'x' } }],
      ['switchSalon', SWITCH_SALON, { input: { salon } }],
      ['setupNewSalon', SETUP_NEW_SALON, { input: { salon } }],
      ['setOwnerAsMaster', SET_OWNER_AS_MASTER, { input: { salon, user: salon } }],
      ['updateProfile', UPDATE_PROFILE, { input: { firstName: 'Anon' } }],
    ])('%s is Unauthenticated, with no token and with an unknown one', async (_name, query, variables) => {
      refused(await t.gql(query, variables), { code: 'Unauthenticated' });
      refused(await t.gql(query, variables, 'x'.repeat(43)), { code: 'Unauthenticated' });
    });

    it('viewer is null without a token or with an unknown one; logout still succeeds', async () => {
      expect(await viewer(null)).toBeNull();
      expect(await viewer('x'.repeat(43))).toBeNull();
      expect(ok(await t.gql(LOGOUT, { input: {} })).logout.success).toBe(true);
    });
  });
});
