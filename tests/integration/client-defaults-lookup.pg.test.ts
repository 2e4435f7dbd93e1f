import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { bumpRev } from '../../server/db/rev';
import { clients, masters } from '../../server/db/schema';
import { addUser, logIn } from '../factories/accounts';
import { addStaff, clientInput, salonWithOwner, type SalonFixture } from '../factories/salon';
import { ok, refused, type Loose } from '../helpers/graphql';
import { DELETE_CLIENT, SWITCH_SALON, UPDATE_CLIENT } from '../helpers/operations';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';
import { pullAll } from '../helpers/sync';

/**
 * Default masters, the phone/e-mail lookup, GLOBAL clients and the clients summary (part 1 §4, §7, §8;
 * docs/decisions/012): happy paths, the spec's errors, role refusals and tenant isolation.
 */
const CLIENT = 'id salonId type email firstName lastName phone notes birthday gender blockedAt defaultMasterIds rev';
const CREATE_CLIENT = `mutation CreateClient($input: CreateClientInput!) { createClient(input: $input) { ${CLIENT} } }`;
const SET_DEFAULT_MASTERS = `mutation Set($input: SetDefaultMastersInput!) { setDefaultMasters(input: $input) { ${CLIENT} } }`;
const GET_DEFAULT_MASTERS = `query Get($salon: ID!, $client: ID!) { getDefaultMasters(salon: $salon, client: $client) }`;
const SUMMARY = `query Summary($salon: ID!) { getClientsSummary(salon: $salon) { total males females } }`;
const FIND_USER = `query FindUser($email: String, $phone: String, $role: String) {
  user(email: $email, phone: $phone, role: $role) { id email firstName lastName phone gender } }`;

/** A valid Latvian mobile number, unique enough for one test run. */
const phone = () => `+3712${Math.floor(Math.random() * 9_000_000) + 1_000_000}`;

describe.each(backends(import.meta.url))('client default masters, lookup and summary on %s', (backend) => {
  const t = useTestServer(backend, ROOMY_LIMITS);
  const create = (input: Loose, token: string) => t.gql(CREATE_CLIENT, { input }, token);
  const setDefaults = (input: Loose, token: string) => t.gql(SET_DEFAULT_MASTERS, { input }, token);
  const getDefaults = (salon: string, client: string, token: string) => t.gql(GET_DEFAULT_MASTERS, { salon, client }, token);
  const summary = (salon: string, token: string) => t.gql(SUMMARY, { salon }, token);
  const find = (vars: Loose, token: string | null) => t.gql(FIND_USER, vars, token);
  const rowOf = async (id: string) => (await t.db.select().from(clients).where(eq(clients.id, id)))[0];
  /** A salon with one client; its masters are f.masterIds. */
  const withClient = async (): Promise<SalonFixture & { clientId: string }> => {
    const f = await salonWithOwner(t, 0);
    const input = clientInput(f.salonId);
    ok(await create(input, f.owner.token));
    return { ...f, clientId: input.id };
  };
  const deleteMaster = (salonId: string, id: string) =>
    t.db.transaction(async (tx) => {
      const rev = await bumpRev(tx, salonId);
      await tx.update(masters).set({ deletedAt: new Date(), rev }).where(eq(masters.id, id));
    });
  /** A sysadmin working in the salon (he switches into it, as the salon list does). */
  const sysadminIn = async (salonId: string) => {
    const admin = await addUser(t, { isSysadmin: true, password: 'sysadmin-password-1' });
    const { token } = await logIn(t, admin.email, 'sysadmin-password-1');
    ok(await t.gql(SWITCH_SALON, { input: { salon: salonId } }, token));
    return { ...admin, token };
  };

  describe('setDefaultMasters and getDefaultMasters', () => {
    it('a new client has none; sets them (each once, in order), reads them back, and pull carries them', async () => {
      const f = await salonWithOwner(t, 0);
      const input = clientInput(f.salonId);
      const created = ok(await create(input, f.owner.token)).createClient;
      expect(created.defaultMasterIds).toEqual([]);
      expect(ok(await getDefaults(f.salonId, input.id, f.owner.token)).getDefaultMasters).toEqual([]);
      const [m0, m1] = f.masterIds as [string, string];
      const set = ok(await setDefaults({ salon: f.salonId, client: input.id, masters: [m1, m0, m1] }, f.owner.token)).setDefaultMasters;
      expect(set).toMatchObject({ id: input.id, defaultMasterIds: [m1, m0], firstName: input.firstName });
      expect(set.rev).toBeGreaterThan(created.rev);
      expect((await rowOf(input.id))?.defaultMasterIds).toEqual([m1, m0]);
      expect(ok(await getDefaults(f.salonId, input.id, f.owner.token)).getDefaultMasters).toEqual([m1, m0]);
      const pulled = await pullAll(t, f.owner.token, f.salonId);
      expect(pulled.mirror.get(`clients:${input.id}`)).toMatchObject({ defaultMasterIds: [m1, m0] });
      // An empty list clears them.
      expect(
        ok(await setDefaults({ salon: f.salonId, client: input.id, masters: [] }, f.owner.token)).setDefaultMasters.defaultMasterIds,
      ).toEqual([]);
    });

    it('another administrator and a sysadmin in the salon may set them', async () => {
      const f = await withClient();
      const admin = await addStaff(t, f.salonId, 'ADMIN');
      ok(await setDefaults({ salon: f.salonId, client: f.clientId, masters: [f.masterIds[2]] }, admin.token));
      const sysadmin = await sysadminIn(f.salonId);
      ok(await setDefaults({ salon: f.salonId, client: f.clientId, masters: [f.masterIds[3]] }, sysadmin.token));
      expect(ok(await getDefaults(f.salonId, f.clientId, sysadmin.token)).getDefaultMasters).toEqual([f.masterIds[3]]);
    });

    it('getDefaultMasters leaves out a master deleted since; the row keeps the list as set', async () => {
      const f = await withClient();
      const [m0, m1] = f.masterIds as [string, string];
      ok(await setDefaults({ salon: f.salonId, client: f.clientId, masters: [m0, m1] }, f.owner.token));
      await deleteMaster(f.salonId, m0);
      expect(ok(await getDefaults(f.salonId, f.clientId, f.owner.token)).getDefaultMasters).toEqual([m1]);
      expect((await rowOf(f.clientId))?.defaultMasterIds).toEqual([m0, m1]);
    });

    it('refuses a missing or deleted client with CLIENT_NOT_EXISTS, on set and on get', async () => {
      const f = await withClient();
      const expected = { code: 'NotExists', reason: 'CLIENT_NOT_EXISTS', field: null, messageId: 'client.defaultMasters.notExists' };
      const missing = newId();
      const error = refused(await setDefaults({ salon: f.salonId, client: missing, masters: [f.masterIds[0]] }, f.owner.token), expected);
      expect(error.message).toBe('This client does not exist');
      refused(await getDefaults(f.salonId, missing, f.owner.token), expected);
      ok(await t.gql(DELETE_CLIENT, { input: { salonId: f.salonId, clientId: f.clientId } }, f.owner.token));
      refused(await setDefaults({ salon: f.salonId, client: f.clientId, masters: [] }, f.owner.token), expected);
      refused(await getDefaults(f.salonId, f.clientId, f.owner.token), expected);
    });

    it('refuses a master that is unknown, deleted or of another salon, on the masters field, changing nothing', async () => {
      const f = await withClient();
      const other = await salonWithOwner(t, 0);
      ok(await setDefaults({ salon: f.salonId, client: f.clientId, masters: [f.masterIds[0]] }, f.owner.token));
      const before = await rowOf(f.clientId);
      await deleteMaster(f.salonId, f.masterIds[3] as string);
      const expected = {
        code: 'IllegalArgument',
        reason: 'VALIDATION_FAILED',
        field: 'masters',
        messageId: 'client.defaultMasters.unknownMaster',
      };
      for (const bad of [newId(), f.masterIds[3], other.masterIds[0]]) {
        refused(await setDefaults({ salon: f.salonId, client: f.clientId, masters: [f.masterIds[1], bad] }, f.owner.token), expected);
      }
      const after = await rowOf(f.clientId);
      expect(after?.defaultMasterIds).toEqual([f.masterIds[0]]);
      expect(after?.rev).toBe(before?.rev);
    });

    it.each([
      ['masters', { masters: ['not-an-id'] }, 'client.defaultMasters.unknownMaster'],
      ['masters', { masters: Array.from({ length: 201 }, () => newId()) }, 'client.defaultMasters.tooMany'],
      ['client', { client: 'nope' }, 'validation.id.invalid'],
    ])('validates %s (%#) and changes nothing', async (field, overrides, messageId) => {
      const f = await withClient();
      const before = await rowOf(f.clientId);
      refused(await setDefaults({ salon: f.salonId, client: f.clientId, masters: [f.masterIds[0]], ...overrides }, f.owner.token), {
        code: 'IllegalArgument',
        reason: 'VALIDATION_FAILED',
        field,
        messageId,
      });
      expect(await rowOf(f.clientId)).toEqual(before);
    });

    it('refuses a master (set and get) and keeps the list out of what pull sends him', async () => {
      const f = await withClient();
      const master = await addStaff(t, f.salonId, 'MASTER');
      ok(await setDefaults({ salon: f.salonId, client: f.clientId, masters: [f.masterIds[0]] }, f.owner.token));
      refused(await setDefaults({ salon: f.salonId, client: f.clientId, masters: [] }, master.token), { code: 'Forbidden' });
      refused(await getDefaults(f.salonId, f.clientId, master.token), { code: 'Forbidden' });
      expect((await rowOf(f.clientId))?.defaultMasterIds).toEqual([f.masterIds[0]]);
      const pulled = await pullAll(t, master.token, f.salonId);
      expect(pulled.mirror.get(`clients:${f.clientId}`)).toMatchObject({ id: f.clientId, defaultMasterIds: [] });
    });

    it("keeps salons apart: another salon's owner neither reads nor writes them", async () => {
      const f = await withClient();
      const other = await salonWithOwner(t, 0);
      ok(await setDefaults({ salon: f.salonId, client: f.clientId, masters: [f.masterIds[0]] }, f.owner.token));
      const before = await rowOf(f.clientId);
      refused(await setDefaults({ salon: f.salonId, client: f.clientId, masters: [] }, other.owner.token), { code: 'Forbidden' });
      refused(await setDefaults({ salon: other.salonId, client: f.clientId, masters: [] }, other.owner.token), {
        code: 'NotExists',
        reason: 'CLIENT_NOT_EXISTS',
      });
      refused(await setDefaults({ salon: other.salonId, client: f.clientId, masters: [other.masterIds[0]] }, other.owner.token), {
        code: 'NotExists',
      });
      refused(await getDefaults(f.salonId, f.clientId, other.owner.token), { code: 'Forbidden' });
      refused(await getDefaults(other.salonId, f.clientId, other.owner.token), { code: 'NotExists', reason: 'CLIENT_NOT_EXISTS' });
      expect(await rowOf(f.clientId)).toEqual(before);
    });

    it('runs exactly once per command: a repeated seq answers the first result', async () => {
      const f = await withClient();
      const command = { clientId: newId(), seq: 1 };
      const first = ok(
        await setDefaults({ salon: f.salonId, client: f.clientId, masters: [f.masterIds[0]], command }, f.owner.token),
      ).setDefaultMasters;
      const again = ok(
        await setDefaults({ salon: f.salonId, client: f.clientId, masters: [f.masterIds[1]], command }, f.owner.token),
      ).setDefaultMasters;
      expect(again).toEqual(first);
      expect((await rowOf(f.clientId))?.defaultMasterIds).toEqual([f.masterIds[0]]);
    });
  });

  describe('getClientsSummary', () => {
    it('counts the live clients of the salon by gender, for any role of the salon', async () => {
      const f = await salonWithOwner(t, 0);
      const master = await addStaff(t, f.salonId, 'MASTER');
      expect(ok(await summary(f.salonId, f.owner.token)).getClientsSummary).toEqual({ total: 0, males: 0, females: 0 });
      const a = clientInput(f.salonId, { gender: 'FEMALE' });
      const b = clientInput(f.salonId, { gender: 'FEMALE' });
      const c = clientInput(f.salonId, { gender: 'MALE' });
      for (const input of [a, b, c]) ok(await create(input, f.owner.token));
      expect(ok(await summary(f.salonId, f.owner.token)).getClientsSummary).toEqual({ total: 3, males: 1, females: 2 });
      ok(await t.gql(DELETE_CLIENT, { input: { salonId: f.salonId, clientId: a.id } }, f.owner.token));
      const { id, salon, ...fields } = b;
      ok(await t.gql(UPDATE_CLIENT, { input: { ...fields, salonId: salon, clientId: id, gender: 'MALE' } }, f.owner.token));
      expect(ok(await summary(f.salonId, master.token)).getClientsSummary).toEqual({ total: 2, males: 2, females: 0 });
    });

    it('keeps salons apart', async () => {
      const f = await withClient();
      const other = await salonWithOwner(t, 0);
      refused(await summary(f.salonId, other.owner.token), { code: 'Forbidden' });
      expect(ok(await summary(other.salonId, other.owner.token)).getClientsSummary).toEqual({ total: 0, males: 0, females: 0 });
      refused(await summary(f.salonId, null as never), { code: 'Unauthenticated' });
    });
  });

  describe('user lookup', () => {
    it('finds an account by its exact phone (as typed) or e-mail (any case), identity only; null when none', async () => {
      const f = await salonWithOwner(t, 0);
      const p = phone();
      const user = await addUser(t, { phone: p, gender: 'MALE', firstName: 'Jānis', lastName: 'Bērziņš' });
      const identity = { id: user.id, email: user.email, firstName: 'Jānis', lastName: 'Bērziņš', phone: p, gender: 'MALE' };
      const typed = `${p.slice(0, 4)} ${p.slice(4, 8)} ${p.slice(8)}`;
      expect(ok(await find({ phone: typed }, f.owner.token)).user).toEqual(identity);
      expect(ok(await find({ email: user.email.toUpperCase(), role: 'CLIENT' }, f.owner.token)).user).toEqual(identity);
      expect(ok(await find({ email: user.email, phone: p }, f.owner.token)).user).toEqual(identity);
      expect(ok(await find({ phone: phone() }, f.owner.token)).user).toBeNull();
      expect(ok(await find({ email: 'nobody@example.test' }, f.owner.token)).user).toBeNull();
      // Only the spec's fields exist on FoundUser: nothing else can be asked for.
      const leak = await t.gql(`query { user(email: "${user.email}") { id passwordHash isSysadmin } }`, {}, f.owner.token);
      expect(leak.errors?.[0]?.message).toMatch(/Cannot query field "passwordHash"/);
    });

    it('never finds a sysadmin, and a supplier only when a sysadmin looks for a supplier', async () => {
      const f = await salonWithOwner(t, 0);
      const sysPhone = phone();
      const sys = await addUser(t, { isSysadmin: true, phone: sysPhone });
      expect(ok(await find({ phone: sysPhone }, f.owner.token)).user).toBeNull();
      expect(ok(await find({ email: sys.email }, f.owner.token)).user).toBeNull();
      const supplier = await addUser(t, { isSupplier: true, phone: phone() });
      expect(ok(await find({ email: supplier.email }, f.owner.token)).user).toBeNull();
      expect(ok(await find({ email: supplier.email, role: 'MASTER' }, f.owner.token)).user).toBeNull();
      refused(await find({ email: supplier.email, role: 'SUPPLIER' }, f.owner.token), { code: 'Forbidden' });
      const sysadmin = await sysadminIn(f.salonId);
      expect(ok(await find({ email: supplier.email, role: 'SUPPLIER' }, sysadmin.token)).user).toMatchObject({ id: supplier.id });
      expect(ok(await find({ email: sys.email, role: 'SUPPLIER' }, sysadmin.token)).user).toBeNull();
    });

    it('a phone of two accounts names nobody; a phone and an e-mail of two different accounts is refused', async () => {
      const f = await salonWithOwner(t, 0);
      const shared = phone();
      const first = await addUser(t, { phone: shared });
      await addUser(t, { phone: shared });
      expect(ok(await find({ phone: shared }, f.owner.token)).user).toBeNull();
      expect(ok(await find({ phone: shared, email: first.email }, f.owner.token)).user).toMatchObject({ id: first.id });
      const other = await addUser(t, { phone: phone() });
      refused(await find({ phone: other.phone, email: first.email }, f.owner.token), {
        code: 'Forbidden',
        reason: 'THERE_ARE_TWO_DIFFERENT_USER_WITH_PROVIDED_PHONE_AND_EMAIL',
        messageId: 'client.twoDifferentUsers',
      });
    });

    it.each([
      [{}, null, 'client.lookup.phoneOrEmail'],
      [{ phone: '+371' }, null, 'client.lookup.phoneOrEmail'],
      [{ phone: '26123456' }, 'phone', 'validation.phone.countryCode'],
      [{ phone: '+3712' }, 'phone', 'validation.phone.invalid'],
      [{ email: 'not-an-email' }, 'email', 'validation.email.invalid'],
      [{ email: 'a@example.test', role: 'ADMIN' }, 'role', 'validation.role.invalid'],
    ])('validates %o', async (vars, field, messageId) => {
      const f = await salonWithOwner(t, 0);
      refused(await find(vars, f.owner.token), { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field, messageId });
    });

    it('refuses a master and an anonymous caller', async () => {
      const f = await salonWithOwner(t, 0);
      const user = await addUser(t, { phone: phone() });
      const master = await addStaff(t, f.salonId, 'MASTER');
      refused(await find({ email: user.email }, master.token), { code: 'Forbidden' });
      refused(await find({ email: user.email }, null), { code: 'Unauthenticated' });
    });
  });

  describe('GLOBAL clients from a found user', () => {
    it('takes the identity from the account (gender from the form when the account has none)', async () => {
      const f = await salonWithOwner(t, 0);
      const user = await addUser(t, { phone: phone(), firstName: 'Kārlis', lastName: 'Zariņš', gender: null });
      const input = clientInput(f.salonId, {
        userId: user.id,
        phone: user.phone,
        firstName: 'Karlis',
        lastName: '',
        gender: 'MALE',
        notes: 'VIP',
      });
      const created = ok(await create(input, f.owner.token)).createClient;
      expect(created).toMatchObject({
        id: input.id,
        type: 'GLOBAL',
        firstName: 'Kārlis',
        lastName: 'Zariņš',
        phone: user.phone,
        email: user.email,
        gender: 'MALE',
        notes: 'VIP',
        defaultMasterIds: [],
      });
      expect((await rowOf(input.id))?.userId).toBe(user.id);
      // Its identity is the account's; notes, block and birthday stay editable.
      const edit = {
        salonId: f.salonId,
        clientId: input.id,
        firstName: 'Kārlis',
        lastName: 'Zariņš',
        gender: 'MALE',
        phone: user.phone,
        email: user.email,
      };
      refused(await t.gql(UPDATE_CLIENT, { input: { ...edit, firstName: 'Other' } }, f.owner.token), {
        code: 'Forbidden',
        reason: 'GLOBAL_CLIENT_IDENTITY_LOCKED',
      });
      expect(
        ok(await t.gql(UPDATE_CLIENT, { input: { ...edit, notes: 'Mornings', blocked: true, birthday: '1980-02-03' } }, f.owner.token))
          .updateClient,
      ).toMatchObject({
        type: 'GLOBAL',
        notes: 'Mornings',
        birthday: '1980-02-03',
      });
    });

    it("matches on the e-mail too, and then takes the account's phone and gender", async () => {
      const f = await salonWithOwner(t, 0);
      const user = await addUser(t, { phone: phone(), gender: 'FEMALE' });
      const input = clientInput(f.salonId, { userId: user.id, phone: null, email: user.email.toUpperCase(), gender: 'MALE' });
      expect(ok(await create(input, f.owner.token)).createClient).toMatchObject({
        type: 'GLOBAL',
        phone: user.phone,
        email: user.email,
        gender: 'FEMALE',
      });
      // The same person twice in one salon: his e-mail is taken.
      refused(await create(clientInput(f.salonId, { userId: user.id, phone: user.phone }), f.owner.token), { code: 'AlreadyExists' });
    });

    it('refuses an account that does not match, does not exist or is a sysadmin, creating nothing', async () => {
      const f = await salonWithOwner(t, 0);
      const user = await addUser(t, { phone: phone() });
      const sys = await addUser(t, { phone: phone(), isSysadmin: true });
      const expected = { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field: 'phone', messageId: 'client.userMismatch' };
      const attempts = [
        clientInput(f.salonId, { userId: user.id, email: 'someone-else@example.test' }),
        clientInput(f.salonId, { userId: newId(), phone: user.phone }),
        clientInput(f.salonId, { userId: sys.id, phone: sys.phone }),
      ];
      for (const input of attempts) {
        refused(await create(input, f.owner.token), expected);
        expect(await rowOf(input.id)).toBeUndefined();
      }
      refused(await create(clientInput(f.salonId, { userId: 'bad' }), f.owner.token), {
        code: 'IllegalArgument',
        field: 'userId',
        messageId: 'validation.id.invalid',
      });
    });
  });
});

describe.each(backends(import.meta.url))('user lookup rate limit on %s', (backend) => {
  const t = useTestServer(backend, { rateLimits: { ...ROOMY_LIMITS.rateLimits, lookups: 2 } });

  it("refuses a user's lookups over the limit; another user still looks up", async () => {
    const f = await salonWithOwner(t, 0);
    const admin = await addStaff(t, f.salonId, 'ADMIN');
    const vars = { email: 'nobody@example.test' };
    ok(await t.gql(FIND_USER, vars, f.owner.token));
    ok(await t.gql(FIND_USER, vars, f.owner.token));
    refused(await t.gql(FIND_USER, vars, f.owner.token), { code: 'TooManyRequests', reason: 'RATE_LIMITED' });
    ok(await t.gql(FIND_USER, vars, admin.token));
  });
});
