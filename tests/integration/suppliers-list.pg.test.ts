import { and, asc, eq, like, not } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { manufacturers, supplierConnections, suppliers, users } from '../../server/db/schema';
import { addUser, logIn, signUpOwner, uniqueSuffix, type UserFields } from '../factories/accounts';
import { ok, refused, type Loose } from '../helpers/graphql';
import { DEMO, LOGIN, VIEWER } from '../helpers/operations';
import { backends, useTestServer } from '../helpers/server';

const SUPPLIER = 'id firstName lastName email phone type connections { salon manufacturer }';
const GET = `query S($search: String, $first: Int, $after: String) { getSuppliers(search: $search, first: $first, after: $after) {
  edges { cursor node { ${SUPPLIER} } } pageInfo { endCursor hasNextPage } } }`;
const MANUFACTURER_LIST = `query M { getManufacturerList { id name salon salonName deletedAt } }`;
const CREATE = `mutation C($input: CreateSupplierInput!) { createSupplier(input: $input) { ${SUPPLIER} } }`;
const UPDATE = `mutation U($input: UpdateSupplierInput!) { updateSupplier(input: $input) { ${SUPPLIER} } }`;
const DELETE = `mutation D($input: DeleteSupplierInput!) { deleteSupplier(input: $input) }`;
const CONNECT = `mutation X($input: SupplierSalonConnectionsInput!) { createSupplierSalonConnection(input: $input) { ${SUPPLIER} } }`;
const LOOKUP = `query F($email: String, $phone: String, $role: String) { user(email: $email, phone: $phone, role: $role) { id email firstName lastName phone } }`;
const ADD_MANUFACTURER = `mutation AM($input: AddManufacturerInput!) { addManufacturer(input: $input) { id } }`;
const DELETE_MANUFACTURER = `mutation DM($input: DeleteManufacturerInput!) { deleteManufacturer(input: $input) { manufacturerId } }`;
const PASSWORD = 'supplier-password-1';

/** A unique valid Latvian mobile number, stripped. */
const newPhone = () => `+3712${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
/** The same number as typed: "+371 2123 4567". */
const spaced = (phone: string) => `${phone.slice(0, 4)} ${phone.slice(4, 8)} ${phone.slice(8)}`;
/** A unique part without digits (a search of three digits or more, written as a phone, also matches phones). */
const letters = () => `q${uniqueSuffix().replace(/\d/g, (d) => 'ghijklmnop'[Number(d)] as string)}`;

describe.each(backends(import.meta.url))('suppliers on %s', (backend) => {
  const t = useTestServer(backend, { seedDemo: true, rateLimits: { loginFailures: 10, perAddress: 10_000, windowSeconds: 60 } });
  let sysToken: string | undefined;
  const sys = async (): Promise<string> => (sysToken ??= (await logIn(t, DEMO.sysadmin)).token as string);
  const input = (overrides: Loose = {}) => ({
    firstName: 'Sandis',
    lastName: 'Vītols',
    email: `supplier-${uniqueSuffix()}@example.test`,
    phone: newPhone(),
    password: PASSWORD,
    ...overrides,
  });
  const create = async (values: Loose) => t.gql(CREATE, { input: values }, await sys());
  const update = async (values: Loose) => t.gql(UPDATE, { input: values }, await sys());
  const remove = async (supplierId: string) => t.gql(DELETE, { input: { supplierId } }, await sys());
  const connect = async (supplier: string, connections: Loose[]) => t.gql(CONNECT, { input: { supplier, connections } }, await sys());
  const list = async (variables: Loose) => ok(await t.gql(GET, variables, await sys())).getSuppliers;
  const supplierRows = () => t.db.select().from(suppliers).orderBy(asc(suppliers.id));
  const connectionRows = (supplierId: string) =>
    t.db
      .select({
        salon: supplierConnections.salonId,
        manufacturer: supplierConnections.manufacturerId,
        position: supplierConnections.position,
      })
      .from(supplierConnections)
      .where(eq(supplierConnections.supplierId, supplierId))
      .orderBy(asc(supplierConnections.position));
  /** A plain account (no password hashing) made a supplier through the API, linked as it is. */
  const linked = async (fields: Partial<UserFields> = {}) => {
    const user = await addUser(t, { phone: newPhone(), ...fields });
    const { firstName, lastName, email, phone } = user;
    return ok(await create({ firstName, lastName, email, phone, password: null })).createSupplier;
  };
  const demoOwner = async () => {
    const session = await logIn(t, DEMO.owner);
    return { token: session.token as string, salonId: session.user.salon.id as string };
  };
  const addBrand = async (salon: string, token: string, name = `Brand ${uniqueSuffix()}`) =>
    ok(await t.gql(ADD_MANUFACTURER, { input: { id: newId(), salon, name } }, token)).addManufacturer.id as string;
  const deleteBrand = async (manufacturerId: string, token: string) =>
    ok(await t.gql(DELETE_MANUFACTURER, { input: { manufacturerId } }, token));
  const demoSupplierId = async () =>
    (
      await t.db
        .select({ id: suppliers.id })
        .from(suppliers)
        .innerJoin(users, eq(users.id, suppliers.userId))
        .where(eq(users.email, DEMO.supplier))
    )[0]?.id as string;

  it('refuses all six operations to an owner, a master, a supplier and a caller without a session, changing nothing', async () => {
    const demo = await demoOwner();
    const supplierId = await demoSupplierId();
    const [brand] = await t.db.select().from(manufacturers).where(eq(manufacturers.salonId, demo.salonId));
    const calls: Array<[string, Loose]> = [
      [GET, {}],
      [MANUFACTURER_LIST, {}],
      [CREATE, { input: input() }],
      [UPDATE, { input: { supplierId, ...input({ password: null }) } }],
      [DELETE, { input: { supplierId } }],
      [CONNECT, { input: { supplier: supplierId, connections: [{ salon: demo.salonId, manufacturer: brand?.id }] } }],
    ];
    const before = { rows: await supplierRows(), connections: await connectionRows(supplierId) };
    const master = (await logIn(t, DEMO.master)).token;
    const supplier = await logIn(t, DEMO.supplier);
    expect(supplier.role).toBe('SUPPLIER');
    for (const token of [demo.token, master, supplier.token]) {
      for (const [query, variables] of calls) {
        refused(await t.gql(query, variables, token), { code: 'Forbidden', reason: 'SUPPLIERS_ARE_FOR_SYSADMINS' });
      }
    }
    for (const [query, variables] of calls) refused(await t.gql(query, variables, null), { code: 'Unauthenticated' });
    expect({ rows: await supplierRows(), connections: await connectionRows(supplierId) }).toEqual(before);
  });

  it('creates a supplier with a new account: phone stripped, e-mail lower-cased; it signs in as SUPPLIER', async () => {
    const phone = newPhone();
    const email = `New-${uniqueSuffix()}@Example.TEST`;
    const made = ok(await create(input({ firstName: ' Sandis ', email: ` ${email} `, phone: spaced(phone) }))).createSupplier;
    expect(made).toEqual({
      id: expect.any(String),
      firstName: 'Sandis',
      lastName: 'Vītols',
      email: email.toLowerCase(),
      phone,
      type: 'GLOBAL',
      connections: [],
    });
    const [row] = await t.db.select().from(suppliers).innerJoin(users, eq(users.id, suppliers.userId)).where(eq(suppliers.id, made.id));
    expect(row?.suppliers.deletedAt).toBeNull();
    expect(row?.users).toMatchObject({ email: email.toLowerCase(), isSupplier: true, isSysadmin: false });
    expect(row?.users.passwordHash).toMatch(/^\$argon2id\$/);
    const session = await logIn(t, email.toLowerCase(), PASSWORD);
    expect(session).toMatchObject({ role: 'SUPPLIER', isOwner: false, user: { id: row?.users.id, salon: null } });
    expect(ok(await t.gql(VIEWER, {}, session.token)).viewer).toMatchObject({ role: 'SUPPLIER', salon: null, email: email.toLowerCase() });
  });

  it('checks the form rules on the server, on their fields, writing nothing', async () => {
    const before = await supplierRows();
    const cases: Array<[Loose, string, string]> = [
      [{ firstName: ' ' }, 'firstName', 'client.enterFirstName'],
      [{ email: 'not-an-email' }, 'email', 'validation.email.invalid'],
      [{ phone: '2000 1234' }, 'phone', 'validation.phone.countryCode'],
      [{ phone: '+371 123' }, 'phone', 'validation.phone.invalid'],
      [{ password: null }, 'password', 'supplier.enterPassword'],
      [{ password: 'short' }, 'password', 'validation.password.tooShort'],
    ];
    // All cases are compared at once, so a failure shows every field that is off.
    const answers: Loose[] = [];
    for (const [overrides] of cases) {
      const { errors } = await create(input(overrides));
      answers.push(errors?.map(({ extensions: e }) => ({ code: e?.code, reason: e?.reason, field: e?.field, messageId: e?.messageId })));
    }
    expect(await supplierRows()).toEqual(before);
    expect(answers).toEqual(
      cases.map(([, field, messageId]) => [{ code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field, messageId }]),
    );
  });

  it("refuses a live supplier's e-mail or phone, and an e-mail and a phone of two different accounts", async () => {
    const taken = await linked();
    const before = await supplierRows();
    refused(await create(input({ email: taken.email })), { code: 'AlreadyExists', reason: 'EMAIL_ALREADY_EXISTS', field: 'email' });
    refused(await create(input({ phone: spaced(taken.phone) })), { code: 'AlreadyExists', reason: 'PHONE_ALREADY_EXISTS', field: 'phone' });
    const one = await addUser(t, { phone: newPhone() });
    const other = await addUser(t, { phone: newPhone() });
    refused(await create(input({ email: one.email, phone: other.phone, password: null })), {
      code: 'Forbidden',
      reason: 'THERE_ARE_TWO_DIFFERENT_USER_WITH_PROVIDED_PHONE_AND_EMAIL',
    });
    expect(await supplierRows()).toEqual(before);
  });

  it('refuses an account that works in a salon; links a plain account as it is, without a password', async () => {
    for (const email of [DEMO.owner, DEMO.master, DEMO.sysadmin]) {
      refused(await create(input({ email, phone: null, password: null })), {
        code: 'Forbidden',
        reason: 'ACCOUNT_CANNOT_BE_SUPPLIER',
        field: 'email',
      });
    }
    const first = ok(await create(input())).createSupplier;
    const [account] = await t.db.select().from(users).where(eq(users.email, first.email));
    ok(await remove(first.id));
    const again = input({ email: first.email, phone: first.phone, firstName: 'Renamed' });
    refused(await create(again), { code: 'AlreadyExists', reason: 'ACCOUNT_ALREADY_EXISTS', field: 'email' });
    const relinked = ok(await create({ ...again, password: null })).createSupplier;
    expect(relinked).toMatchObject({ firstName: 'Sandis', email: first.email, phone: first.phone, connections: [] });
    expect(relinked.id).not.toBe(first.id);
    const rows = await t.db
      .select()
      .from(suppliers)
      .where(eq(suppliers.userId, account?.id as string));
    expect(rows.map((r) => [r.id, r.deletedAt === null]).sort()).toEqual(
      [
        [first.id, false],
        [relinked.id, true],
      ].sort(),
    );
    expect(await logIn(t, first.email, PASSWORD)).toMatchObject({ role: 'SUPPLIER', user: { id: account?.id } });
  });

  it('finds a supplier account for the sysadmin (no salon in the session) by e-mail or phone; refuses taken people and an owner', async () => {
    const session = await logIn(t, DEMO.sysadmin);
    expect(session).toMatchObject({ role: 'SYSADMIN', user: { salon: null } });
    const account = await addUser(t, { phone: newPhone(), isSupplier: true });
    const found = { id: account.id, email: account.email, firstName: account.firstName, lastName: account.lastName, phone: account.phone };
    const find = (variables: Loose, token = session.token) => t.gql(LOOKUP, { role: 'SUPPLIER', ...variables }, token);
    expect(ok(await find({ email: account.email.toUpperCase() })).user).toEqual(found);
    expect(ok(await find({ phone: spaced(account.phone as string) })).user).toEqual(found);
    expect(ok(await find({ email: DEMO.sysadmin })).user).toBeNull();
    // Someone who cannot be added is said at once, on the field that found him: a live supplier, a salon's staff.
    const live = await linked();
    refused(await find({ email: live.email }), { code: 'AlreadyExists', reason: 'EMAIL_ALREADY_EXISTS', field: 'email' });
    refused(await find({ phone: live.phone }), { code: 'AlreadyExists', reason: 'PHONE_ALREADY_EXISTS', field: 'phone' });
    refused(await find({ email: DEMO.owner }), { code: 'Forbidden', reason: 'ACCOUNT_CANNOT_BE_SUPPLIER', field: 'email' });
    const { token } = await demoOwner();
    refused(await find({ email: account.email }, token), { code: 'Forbidden' });
  });

  it('pages the list by 20 in name order (case ignored, then id); searches names, e-mail and phone', async () => {
    const part = letters();
    const made: Loose[] = await Promise.all(
      Array.from({ length: 25 }, (_, i) => {
        const letter = 'abcde'[i % 5] as string;
        const firstName = `${i % 2 ? letter.toUpperCase() : letter}${part}`;
        return linked({ firstName, lastName: 'Ozola', email: `${part}-x${String.fromCharCode(97 + i)}@example.test` });
      }),
    );
    const key = (s: Loose) => `${s.firstName} ${s.lastName}`.toLowerCase();
    const expected = [...made].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id < b.id ? -1 : 1)).map((s) => s.id);
    const first = await list({ search: part.toUpperCase(), first: 20 });
    expect(first.edges).toHaveLength(20);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, endCursor: first.edges[19].cursor });
    const second = await list({ search: part, first: 20, after: first.pageInfo.endCursor });
    expect(second.edges).toHaveLength(5);
    expect(second.pageInfo.hasNextPage).toBe(false);
    const ids = [...first.edges, ...second.edges].map((e: Loose) => e.node.id);
    expect(new Set(ids).size).toBe(25);
    expect(ids).toEqual(expected);

    const token = await sys();
    refused(await t.gql(GET, { search: part, first: 21 }, token), { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field: 'first' });
    for (const after of ['not-a-cursor', Buffer.from('{"a":1}').toString('base64url')]) {
      refused(await t.gql(GET, { search: part, after }, token), { code: 'IllegalArgument', reason: 'VALIDATION_FAILED' });
    }
    const byEmail = await list({ search: `${part}-xc@` });
    expect(byEmail.edges.map((e: Loose) => e.node.id)).toEqual([made[2].id]);
    const byPhone = await list({ search: spaced(made[7].phone).slice(5) });
    expect(byPhone.edges.map((e: Loose) => e.node.id)).toEqual([made[7].id]);
    // A search with letters looks at names and e-mails only: another supplier's phone digits in it find nobody else.
    const digits = (made[7].phone as string).slice(-4);
    const named = await linked({ firstName: `${part}${digits}`, lastName: 'Ozola', email: `${letters()}@example.test` });
    const byName = await list({ search: `${part}${digits}` });
    expect(byName.edges.map((e: Loose) => e.node.id)).toEqual([named.id]);
    // Case and accents ignored: "Līga Ozoliņa" is found as "LIGA… OZOLINA".
    const accented = await linked({ firstName: `Līga${part}`, lastName: 'Ozoliņa', email: `${letters()}@example.test` });
    const folded = await list({ search: `LIGA${part.toUpperCase()} OZOLINA` });
    expect(folded.edges.map((e: Loose) => e.node.id)).toEqual([accented.id]);

    const demo = await demoOwner();
    const demoBrands = await t.db
      .select({ id: manufacturers.id })
      .from(manufacturers)
      .where(and(eq(manufacturers.salonId, demo.salonId), not(like(manufacturers.name, 'Brand %'))));
    const seeded = (await list({ search: DEMO.supplier })).edges;
    expect(seeded).toHaveLength(1);
    expect(seeded[0].node).toMatchObject({ email: DEMO.supplier, type: 'GLOBAL' });
    const connections = seeded[0].node.connections as Loose[];
    expect(connections.every((c) => c.salon === demo.salonId)).toBe(true);
    expect(connections.map((c) => c.manufacturer).sort()).toEqual(demoBrands.map((m) => m.id).sort());
    expect(demoBrands.length).toBeGreaterThan(0);
  });

  it("updates the account's names, e-mail, phone and (when given) password; refuses taken values and unknown ids", async () => {
    const made = ok(await create(input())).createSupplier;
    const other = await linked();
    const email = `Renamed-${uniqueSuffix()}@Example.TEST`;
    const phone = newPhone();
    const change = { supplierId: made.id, firstName: ' Ieva ', lastName: 'Kalna', email, phone: spaced(phone), password: null };
    const saved = ok(await update(change)).updateSupplier;
    expect(saved).toEqual({ ...made, firstName: 'Ieva', lastName: 'Kalna', email: email.toLowerCase(), phone });
    expect(await logIn(t, email.toLowerCase(), PASSWORD)).toMatchObject({ role: 'SUPPLIER' });

    ok(await update({ ...change, password: 'another-password-2' }));
    expect(await logIn(t, email.toLowerCase(), 'another-password-2')).toMatchObject({ role: 'SUPPLIER' });
    refused(await t.gql(LOGIN, { input: { username: email.toLowerCase(), password: PASSWORD } }), { code: 'InvalidPassword' });

    refused(await update({ ...change, email: DEMO.owner }), { code: 'AlreadyExists', reason: 'EMAIL_ALREADY_EXISTS', field: 'email' });
    refused(await update({ ...change, email: other.email }), { code: 'AlreadyExists', reason: 'EMAIL_ALREADY_EXISTS', field: 'email' });
    refused(await update({ ...change, phone: other.phone }), { code: 'AlreadyExists', reason: 'PHONE_ALREADY_EXISTS', field: 'phone' });
    refused(await update({ ...change, supplierId: newId() }), { code: 'NotExists', reason: 'ID_DOES_NOT_EXISTS' });
    const [account] = await t.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(account).toMatchObject({ firstName: 'Ieva', phone });

    // Save with nothing changed.
    const { id, type, connections, ...same } = saved;
    expect(ok(await update({ supplierId: id, ...same, password: null })).updateSupplier).toEqual(saved);
    expect([type, connections]).toEqual(['GLOBAL', []]);
  });

  it('deletes a supplier: gone from the list with its connections, its account no longer a supplier', async () => {
    const demo = await demoOwner();
    const [brand] = await t.db.select().from(manufacturers).where(eq(manufacturers.salonId, demo.salonId));
    const made = ok(await create(input())).createSupplier;
    ok(await connect(made.id, [{ salon: demo.salonId, manufacturer: brand?.id }]));
    const session = await logIn(t, made.email, PASSWORD);
    expect(ok(await t.gql(VIEWER, {}, session.token)).viewer.role).toBe('SUPPLIER');

    expect(ok(await remove(made.id)).deleteSupplier).toBe(made.id);
    expect((await list({ search: made.email })).edges).toEqual([]);
    expect(await connectionRows(made.id)).toEqual([]);
    const [row] = await t.db.select().from(suppliers).innerJoin(users, eq(users.id, suppliers.userId)).where(eq(suppliers.id, made.id));
    expect(row?.suppliers.deletedAt).not.toBeNull();
    expect(row?.users.isSupplier).toBe(false);
    expect(ok(await t.gql(VIEWER, {}, session.token)).viewer).toBeNull();
    refused(await t.gql(LOGIN, { input: { username: made.email, password: PASSWORD } }), { code: 'NotAllowed' });

    refused(await remove(made.id), { code: 'NotExists', reason: 'ID_DOES_NOT_EXISTS' });
    refused(await update({ supplierId: made.id, ...input({ password: null }) }), { code: 'NotExists' });
    refused(await connect(made.id, [{ salon: demo.salonId, manufacturer: brand?.id }]), { code: 'NotExists' });
  });

  it('replaces the connections in the given order; refuses invalid rows keeping the previous ones', async () => {
    const demo = await demoOwner();
    const owner = await signUpOwner(t);
    const a = await addBrand(demo.salonId, demo.token);
    const b = await addBrand(owner.salonId, owner.token);
    const b2 = await addBrand(owner.salonId, owner.token);
    const supplier = await linked();

    const rows = [
      { salon: owner.salonId, manufacturer: b },
      { salon: demo.salonId, manufacturer: a },
    ];
    expect(ok(await connect(supplier.id, rows)).createSupplierSalonConnection.connections).toEqual(rows);
    expect(await connectionRows(supplier.id)).toEqual(rows.map((r, position) => ({ ...r, position })));

    const replaced = [
      { salon: demo.salonId, manufacturer: a },
      { salon: owner.salonId, manufacturer: b2 },
    ];
    expect(ok(await connect(supplier.id, replaced)).createSupplierSalonConnection.connections).toEqual(replaced);
    const stored = await connectionRows(supplier.id);
    expect(stored).toEqual(replaced.map((r, position) => ({ ...r, position })));

    const invalid = (c: Loose) => refused(c, { code: 'IllegalArgument', reason: 'CONNECTION_NOT_VALID' });
    invalid(await connect(supplier.id, [...replaced, { salon: demo.salonId, manufacturer: b }]));
    invalid(await connect(supplier.id, [{ salon: owner.salonId, manufacturer: newId() }]));
    invalid(await connect(supplier.id, [{ salon: newId(), manufacturer: a }]));
    refused(await connect(supplier.id, []), { code: 'IllegalArgument', messageId: 'supplier.addAtLeastOne' });
    refused(await connect(supplier.id, [replaced[0], replaced[0]]), { code: 'IllegalArgument', messageId: 'supplier.manufacturerTwice' });
    refused(await connect(newId(), replaced), { code: 'NotExists', reason: 'ID_DOES_NOT_EXISTS' });
    expect(await connectionRows(supplier.id)).toEqual(stored);

    // A deleted manufacturer stays while connected; it cannot be added anew.
    await deleteBrand(a, demo.token);
    await deleteBrand(b, owner.token);
    expect(ok(await connect(supplier.id, [...replaced].reverse())).createSupplierSalonConnection.connections).toEqual(
      [...replaced].reverse(),
    );
    invalid(await connect(supplier.id, [...replaced, { salon: owner.salonId, manufacturer: b }]));
    expect((await connectionRows(supplier.id)).map((r) => r.manufacturer)).toEqual([b2, a]);
  });

  it("lists every salon's manufacturers for the sysadmin, with the salon's name and deletedAt", async () => {
    const demo = await demoOwner();
    const owner = await signUpOwner(t);
    const live = await addBrand(owner.salonId, owner.token, 'Brand Live');
    const gone = await addBrand(owner.salonId, owner.token, 'Brand Gone');
    await deleteBrand(gone, owner.token);
    const [goneRow] = await t.db.select().from(manufacturers).where(eq(manufacturers.id, gone));
    const entries = ok(await t.gql(MANUFACTURER_LIST, {}, await sys())).getManufacturerList as Loose[];
    const mine = entries.filter((e) => e.salon === owner.salonId);
    expect(mine).toEqual([
      {
        id: gone,
        name: 'Brand Gone',
        salon: owner.salonId,
        salonName: owner.fields.salonName,
        deletedAt: goneRow?.deletedAt?.toISOString(),
      },
      { id: live, name: 'Brand Live', salon: owner.salonId, salonName: owner.fields.salonName, deletedAt: null },
    ]);
    expect(mine[0].deletedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const demoEntries = entries.filter((e) => e.salon === demo.salonId);
    expect(demoEntries.length).toBeGreaterThan(0);
    expect(demoEntries.every((e) => e.salonName === 'Demo salon')).toBe(true);
  });
});
