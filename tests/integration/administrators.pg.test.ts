import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { administrators, salons, sessions, users } from '../../server/db/schema';
import { addUser, logIn, signUpOwner, uniqueSuffix } from '../factories/accounts';
import { addStaff, salonWithOwner } from '../factories/salon';
import { ok, refused, type Loose } from '../helpers/graphql';
import { GET_SALONS, LOGIN, VIEWER } from '../helpers/operations';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';
import { pullAll } from '../helpers/sync';

const FIELDS = 'id salonId userId firstName lastName phone email roles isOwner rev';
const ADD = `mutation A($input: AddAdministratorInput!) { addAdministrator(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation U($input: UpdateAdministratorInput!) { updateAdministrator(input: $input) { ${FIELDS} } }`;
const DELETE = `mutation D($input: DeleteAdministratorInput!) { deleteAdministrator(input: $input) { salonId administratorId } }`;
const LIST = `query L($salon: ID!) { getAdministrators(salon: $salon) { ${FIELDS} } }`;
const TRANSFER = `mutation T($input: TransferSalonOwnershipInput!) { transferSalonOwnership(input: $input) { salonId administratorId ownerId } }`;
const PASSWORD = 'admin-password-1';

describe.each(backends(import.meta.url))('administrators on %s', (backend) => {
  const t = useTestServer(backend, ROOMY_LIMITS);
  const add = (input: Loose, token: string) => t.gql(ADD, { input }, token);
  const update = (input: Loose, token: string) => t.gql(UPDATE, { input }, token);
  const remove = (salonId: string, administratorId: string, token: string) => t.gql(DELETE, { input: { salonId, administratorId } }, token);
  const input = (salonId: string, overrides: Loose = {}) => ({
    salonId,
    firstName: 'Agnese',
    lastName: 'Liepa',
    email: `admin-${uniqueSuffix()}@example.test`,
    phone: '+37126111222',
    password: PASSWORD,
    ...overrides,
  });
  const adminRow = async (id: string) => (await t.db.select().from(administrators).where(eq(administrators.id, id)))[0];

  it('the owner adds an administrator: a new account with that password signs in to this salon as ADMIN; pull has no password', async () => {
    const f = await salonWithOwner(t, 0);
    const values = input(f.salonId, { email: `  New-${uniqueSuffix()}@Example.TEST `, firstName: ' Agnese ' });
    const made = ok(await add(values, f.owner.token)).addAdministrator;
    expect(made).toMatchObject({
      salonId: f.salonId,
      firstName: 'Agnese',
      lastName: 'Liepa',
      phone: '+37126111222',
      email: values.email.trim().toLowerCase(),
      roles: ['ADMIN'],
      isOwner: false,
    });
    const [account] = await t.db.select().from(users).where(eq(users.id, made.userId));
    expect(account?.passwordHash).toMatch(/^\$argon2id\$/);
    const pulled = await pullAll(t, f.owner.token, f.salonId);
    expect(pulled.mirror.get(`administrators:${made.id}`)).toEqual({
      id: made.id,
      salonId: f.salonId,
      userId: made.userId,
      firstName: 'Agnese',
      lastName: 'Liepa',
      phone: '+37126111222',
      email: made.email,
    });
    expect(JSON.stringify(pulled.pages)).not.toContain(PASSWORD);
    const session = await logIn(t, made.email, PASSWORD);
    expect(session).toMatchObject({ role: 'ADMIN', isOwner: false, user: { id: made.userId, salon: { id: f.salonId } } });
  });

  it('checks the form rules on the server: first name, e-mail, password for a new account, phone', async () => {
    const f = await salonWithOwner(t, 0);
    const cases: Array<[Loose, string, string]> = [
      [{ firstName: ' ' }, 'firstName', 'administrator.enterFirstName'],
      [{ email: '' }, 'email', 'administrator.enterEmail'],
      [{ password: 'short' }, 'password', 'validation.password.tooShort'],
      [{ password: null }, 'password', 'administrator.enterPassword'],
      [{ phone: '+371 123' }, 'phone', 'validation.phone.invalid'],
    ];
    for (const [overrides, field, messageId] of cases) {
      refused(await add(input(f.salonId, overrides), f.owner.token), {
        code: 'IllegalArgument',
        reason: 'VALIDATION_FAILED',
        field,
        messageId,
      });
    }
    expect(await t.db.select().from(administrators).where(eq(administrators.salonId, f.salonId))).toHaveLength(1);
  });

  it('refuses adding to a salon that does not exist, and by anyone but the owner (administrator, master, another salon)', async () => {
    const f = await salonWithOwner(t, 0);
    refused(await add(input(newId()), f.owner.token), {
      code: 'NotExists',
      reason: 'SALON_DOES_NOT_EXIST',
      messageId: 'administrator.salonNotExists',
    });
    const admin = await addStaff(t, f.salonId, 'ADMIN');
    const master = await addStaff(t, f.salonId, 'MASTER');
    const other = await salonWithOwner(t, 0);
    for (const token of [admin.token, master.token, other.owner.token]) {
      refused(await add(input(f.salonId), token), {
        code: 'Forbidden',
        reason: 'USER_DOES_NOT_HAVE_PERMISSION_TO_ADD',
        messageId: 'administrator.cannotAdd',
      });
    }
    refused(await t.gql(LIST, { salon: f.salonId }, admin.token), { code: 'Forbidden' });
    refused(await t.gql(LIST, { salon: f.salonId }, other.owner.token), { code: 'Forbidden', reason: 'NOT_THE_SESSION_SALON' });
    const list = ok(await t.gql(LIST, { salon: f.salonId }, f.owner.token)).getAdministrators;
    expect(list.map((a: Loose) => [a.userId, a.isOwner])).toEqual([
      [f.owner.userId, true],
      [admin.userId, false],
    ]);
  });

  it('refuses a duplicate e-mail; an e-mail with an account is linked without a password, keeping its own', async () => {
    const f = await salonWithOwner(t, 0);
    const first = ok(await add(input(f.salonId), f.owner.token)).addAdministrator;
    refused(await add(input(f.salonId, { email: first.email, password: null }), f.owner.token), {
      code: 'AlreadyExists',
      reason: 'EMAIL_ALREADY_EXISTS',
      field: 'email',
    });
    refused(await add(input(f.salonId, { email: f.owner.email, password: null }), f.owner.token), {
      code: 'AlreadyExists',
      reason: 'EMAIL_ALREADY_EXISTS',
    });
    // The owner of another salon: linked as he is, never given the password typed here.
    const elsewhere = await signUpOwner(t);
    refused(await add(input(f.salonId, { email: elsewhere.email }), f.owner.token), {
      code: 'AlreadyExists',
      reason: 'ACCOUNT_ALREADY_EXISTS',
      field: 'email',
      messageId: 'administrator.accountExists',
    });
    const linked = ok(
      await add(input(f.salonId, { email: elsewhere.email, password: null, firstName: 'Renamed' }), f.owner.token),
    ).addAdministrator;
    expect(linked).toMatchObject({ userId: elsewhere.userId, firstName: elsewhere.fields.firstName });
    const session = await logIn(t, elsewhere.email, elsewhere.password);
    const salonsOf = ok(await t.gql(GET_SALONS, {}, session.token)).getSalons.map((s: Loose) => [s.salon.id, s.isOwner]);
    expect(salonsOf).toEqual(
      expect.arrayContaining([
        [elsewhere.salonId, true],
        [f.salonId, false],
      ]),
    );
    const sysadmin = await addUser(t, { isSysadmin: true });
    const supplier = await addUser(t, { isSupplier: true });
    for (const email of [sysadmin.email, supplier.email]) {
      refused(await add(input(f.salonId, { email, password: null }), f.owner.token), {
        code: 'Forbidden',
        reason: 'ACCOUNT_CANNOT_BE_ADMINISTRATOR',
        field: 'email',
      });
    }
  });

  it("updates the account's name and phone; refuses other roles, other salons and an account used elsewhere", async () => {
    const f = await salonWithOwner(t, 0);
    const made = ok(await add(input(f.salonId), f.owner.token)).addAdministrator;
    const before = await pullAll(t, f.owner.token, f.salonId);
    const change = { salonId: f.salonId, administratorId: made.id, firstName: ' Ieva ', lastName: 'Kalna', phone: '+371' };
    const saved = ok(await update(change, f.owner.token)).updateAdministrator;
    expect(saved).toMatchObject({ firstName: 'Ieva', lastName: 'Kalna', phone: null, email: made.email });
    expect(saved.rev).toBeGreaterThan(made.rev);
    const after = await pullAll(t, f.owner.token, f.salonId, { cursor: before.cursor });
    expect(after.mirror.get(`administrators:${made.id}`)).toMatchObject({ firstName: 'Ieva', phone: null });

    const admin = await addStaff(t, f.salonId, 'ADMIN');
    const master = await addStaff(t, f.salonId, 'MASTER');
    for (const token of [admin.token, master.token]) {
      refused(await update({ ...change, firstName: 'X' }, token), { code: 'Forbidden' });
      refused(await remove(f.salonId, made.id, token), { code: 'Forbidden' });
    }
    const other = await salonWithOwner(t, 0);
    refused(await update({ ...change, firstName: 'X' }, other.owner.token), { code: 'Forbidden' });
    refused(await update({ ...change, salonId: other.salonId, firstName: 'X' }, other.owner.token), {
      code: 'NotExists',
      messageId: 'administrator.notExists',
    });
    refused(await remove(other.salonId, made.id, other.owner.token), { code: 'NotExists' });
    expect((await t.db.select().from(users).where(eq(users.id, made.userId)))[0]).toMatchObject({ firstName: 'Ieva' });

    const elsewhere = await signUpOwner(t);
    const linked = ok(await add(input(f.salonId, { email: elsewhere.email, password: null }), f.owner.token)).addAdministrator;
    refused(await update({ ...change, administratorId: linked.id, firstName: 'Hijack' }, f.owner.token), {
      code: 'Forbidden',
      reason: 'ACCOUNT_USED_ELSEWHERE',
    });
  });

  it("deleting removes the administrator's access at once (sessions of this salon stop), never the owner's", async () => {
    const f = await salonWithOwner(t, 0);
    const made = ok(await add(input(f.salonId), f.owner.token)).addAdministrator;
    const session = await logIn(t, made.email, PASSWORD);
    expect(ok(await t.gql(VIEWER, {}, session.token)).viewer).toMatchObject({ role: 'ADMIN' });
    const before = await pullAll(t, f.owner.token, f.salonId);
    const [ownerRow] = await t.db
      .select()
      .from(administrators)
      .where(and(eq(administrators.salonId, f.salonId), eq(administrators.userId, f.owner.userId)));
    refused(await remove(f.salonId, ownerRow?.id as string, f.owner.token), { code: 'Forbidden', reason: 'OWNER_CANNOT_BE_REMOVED' });

    expect(ok(await remove(f.salonId, made.id, f.owner.token)).deleteAdministrator).toEqual({
      salonId: f.salonId,
      administratorId: made.id,
    });
    expect((await adminRow(made.id))?.deletedAt).toBeInstanceOf(Date);
    const after = await pullAll(t, f.owner.token, f.salonId, { cursor: before.cursor });
    expect(after.pages.flatMap((p) => p.changes).find((c) => c.id === made.id)).toMatchObject({ entity: 'administrators', deleted: true });
    expect(ok(await t.gql(VIEWER, {}, session.token)).viewer).toBeNull();
    const revoked = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, made.userId), eq(sessions.salonId, f.salonId)));
    expect(revoked.map((s) => s.revokedAt instanceof Date)).toEqual([true]);
    refused(await t.gql(LIST, { salon: f.salonId }, session.token), { code: 'Unauthenticated' });
    refused(await t.gql(LOGIN, { input: { username: made.email, password: PASSWORD } }), { code: 'NotAllowed', reason: 'NO_PANEL_ACCESS' });
    refused(await remove(f.salonId, made.id, f.owner.token), { code: 'NotExists' });

    // Added again later, the account is linked: no password needed, the old one works again.
    const again = ok(await add(input(f.salonId, { email: made.email, password: null }), f.owner.token)).addAdministrator;
    expect(again.userId).toBe(made.userId);
    expect(await logIn(t, made.email, PASSWORD)).toMatchObject({ role: 'ADMIN', user: { salon: { id: f.salonId } } });
  });

  it('the owner hands the salon over to an administrator and stays an administrator', async () => {
    const f = await salonWithOwner(t, 0);
    const made = ok(await add(input(f.salonId), f.owner.token)).addAdministrator;
    const admin = await addStaff(t, f.salonId, 'ADMIN');
    const [ownerRow] = await t.db
      .select()
      .from(administrators)
      .where(and(eq(administrators.salonId, f.salonId), eq(administrators.userId, f.owner.userId)));
    refused(await t.gql(TRANSFER, { input: { salonId: f.salonId, administratorId: made.id } }, admin.token), { code: 'Forbidden' });
    refused(await t.gql(TRANSFER, { input: { salonId: f.salonId, administratorId: ownerRow?.id } }, f.owner.token), {
      code: 'NotAllowed',
      reason: 'ALREADY_THE_OWNER',
    });
    const before = await pullAll(t, f.owner.token, f.salonId);

    const done = ok(
      await t.gql(TRANSFER, { input: { salonId: f.salonId, administratorId: made.id } }, f.owner.token),
    ).transferSalonOwnership;
    expect(done).toEqual({ salonId: f.salonId, administratorId: made.id, ownerId: made.userId });
    expect((await t.db.select().from(salons).where(eq(salons.id, f.salonId)))[0]?.administratorId).toBe(made.userId);
    const after = await pullAll(t, f.owner.token, f.salonId, { cursor: before.cursor });
    expect(after.mirror.get(`salons:${f.salonId}`)).toMatchObject({ administratorId: made.userId });
    expect(ok(await t.gql(VIEWER, {}, f.owner.token)).viewer).toMatchObject({ role: 'ADMIN', isOwner: false });
    refused(await add(input(f.salonId), f.owner.token), { code: 'Forbidden', reason: 'USER_DOES_NOT_HAVE_PERMISSION_TO_ADD' });

    const newOwner = await logIn(t, made.email, PASSWORD);
    expect(newOwner).toMatchObject({ isOwner: true });
    ok(await remove(f.salonId, ownerRow?.id as string, newOwner.token));
    refused(await t.gql(TRANSFER, { input: { salonId: f.salonId, administratorId: made.id } }, newOwner.token), {
      code: 'NotAllowed',
      reason: 'ALREADY_THE_OWNER',
    });
  });
});
