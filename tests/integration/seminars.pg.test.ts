import { request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { BANNER_MAX_BYTES } from '../../src/domain/rules/banner';
import { files, masters, seminarVisitors, seminars } from '../../server/db/schema';
import { addUser, logIn, signUpOwner, uniqueSuffix } from '../factories/accounts';
import { ok, refused, type GqlResult, type Loose } from '../helpers/graphql';
import { DEMO, SET_OWNER_AS_MASTER } from '../helpers/operations';
import { backends, useTestServer } from '../helpers/server';

const VISITOR = 'id firstName lastName email phone attendedAt';
const SEMINAR = `id name description type startAt duration placeCount banner visitorCount visitors { ${VISITOR} }`;
const GET = `query G($search: String, $first: Int, $after: String) { getSeminars(search: $search, first: $first, after: $after) {
  edges { cursor node { ${SEMINAR} } } pageInfo { endCursor hasNextPage } } }`;
const SALON_SEMINARS = `query SS($salon: ID!) { getSalonSeminars(salon: $salon) {
  id name description type startAt duration placeCount banner visitorCount supplier signedUp } }`;
const ADD = `mutation A($input: SeminarInput!, $banner: File) { addSeminar(input: $input, banner: $banner) { ${SEMINAR} } }`;
const UPDATE = `mutation U($input: UpdateSeminarInput!, $banner: File) { updateSeminar(input: $input, banner: $banner) { ${SEMINAR} } }`;
const DELETE = `mutation D($input: DeleteSeminarInput!) { deleteSeminar(input: $input) }`;
const SIGN_UP = `mutation S($input: SeminarSignUpInput!) { signUpForSeminar(input: $input) }`;
const CANCEL = `mutation C($input: SeminarSignUpInput!) { cancelSeminarSignUp(input: $input) }`;
const CREATE_SUPPLIER = `mutation CS($input: CreateSupplierInput!) { createSupplier(input: $input) { id email } }`;
const CONNECT = `mutation X($input: SupplierSalonConnectionsInput!) { createSupplierSalonConnection(input: $input) { id } }`;
const DELETE_SUPPLIER = `mutation DS($input: DeleteSupplierInput!) { deleteSupplier(input: $input) }`;
const DELETE_MASTER = `mutation DM($input: DeleteMasterInput!) { deleteMaster(input: $input) { masterId } }`;
const ADD_MANUFACTURER = `mutation AM($input: AddManufacturerInput!) { addManufacturer(input: $input) { id } }`;
const PASSWORD = 'supplier-password-1';

type Upload = { bytes: Uint8Array; name?: string; type?: string };
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Bytes that sniff as PNG: the signature, then anything. */
const png = (size = 64): Upload => {
  const bytes = randomBytes(size);
  bytes.set(PNG_SIGNATURE);
  return { bytes, name: 'banner.png', type: 'image/png' };
};
const pdf = (): Upload => ({ bytes: Buffer.from('%PDF-1.4\n% seminar programme\n'), name: 'programme.pdf', type: 'application/pdf' });
/** A calendar day `offset` days from today (two days away from today is clear of any time zone). */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const ids = (edges: Loose[]) => edges.map((e) => e.node.id as string);

describe.each(backends(import.meta.url))('seminars on %s', (backend) => {
  const t = useTestServer(backend, { seedDemo: true, rateLimits: { loginFailures: 10, perAddress: 10_000, windowSeconds: 60 } });
  const sessions = new Map<string, Promise<Loose>>();
  const session = (email: string) => {
    if (!sessions.has(email)) sessions.set(email, logIn(t, email));
    return sessions.get(email) as Promise<Loose>;
  };
  const token = async (email: string) => (await session(email)).token as string;
  const demoSalonId = async () => (await session(DEMO.owner)).user.salon.id as string;
  const sys = () => token(DEMO.sysadmin);
  const input = (overrides: Loose = {}) => ({
    name: `Seminar ${uniqueSuffix()}`,
    description: 'Colour basics',
    type: 'HAIRDRESSER',
    duration: 90,
    placeCount: 10,
    startAt: `${day(10)} 10:30`,
    ...overrides,
  });

  /** A GraphQL multipart request (the banner in variables.banner), sent as a browser sends it. */
  const send = async (
    query: string,
    variables: Loose,
    bearer: string | null,
    file: Upload | null,
    path = 'variables.banner',
  ): Promise<GqlResult> => {
    const form = new FormData();
    form.append('operations', JSON.stringify({ query, variables: { ...variables, banner: null } }));
    form.append('map', JSON.stringify(file ? { 0: [path] } : {}));
    if (file)
      form.append('0', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name ?? 'banner');
    const response = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      body: form,
    });
    const text = await response.text();
    const body = JSON.parse(text) as { data?: Loose; errors?: GqlResult['errors'] };
    return { data: body.data ?? null, errors: body.errors, status: response.status };
  };
  const add = (bearer: string | null, values: Loose = input(), file: Upload | null = png()) => send(ADD, { input: values }, bearer, file);
  const added = async (bearer: string, values: Loose = input(), file: Upload = png()) => ok(await add(bearer, values, file)).addSeminar;
  const update = (bearer: string | null, values: Loose, file: Upload | null = null) => send(UPDATE, { input: values }, bearer, file);
  const list = async (bearer: string, variables: Loose = {}) => ok(await t.gql(GET, variables, bearer)).getSeminars;
  const salonList = async (bearer: string, salon: string) => ok(await t.gql(SALON_SEMINARS, { salon }, bearer)).getSalonSeminars as Loose[];
  const signUp = (bearer: string, salon: string, seminar: string) => t.gql(SIGN_UP, { input: { salon, seminar } }, bearer);
  const cancel = (bearer: string, salon: string, seminar: string) => t.gql(CANCEL, { input: { salon, seminar } }, bearer);
  const counts = async () => ({
    seminars: Number((await t.db.select({ n: count() }).from(seminars))[0]?.n),
    files: Number((await t.db.select({ n: count() }).from(files))[0]?.n),
    visitors: Number((await t.db.select({ n: count() }).from(seminarVisitors))[0]?.n),
  });
  /** A supplier made by the sysadmin, connected to `connections`, signed in. */
  const newSupplier = async (connections: Array<{ salon: string; manufacturer: string }> = []) => {
    const email = `sem-${uniqueSuffix()}@example.test`;
    const made = ok(
      await t.gql(
        CREATE_SUPPLIER,
        { input: { firstName: 'Ivars', lastName: 'Bērziņš', email, phone: null, password: PASSWORD } },
        await sys(),
      ),
    ).createSupplier;
    if (connections.length) ok(await t.gql(CONNECT, { input: { supplier: made.id, connections } }, await sys()));
    return { id: made.id as string, token: (await logIn(t, email, PASSWORD)).token as string };
  };
  /** A new salon whose owner is no master (his master row deleted), with a supplier connected to its one manufacturer. */
  const otherSalon = async () => {
    const owner = await signUpOwner(t);
    const [own] = await t.db.select().from(masters).where(eq(masters.userId, owner.userId));
    ok(await t.gql(DELETE_MASTER, { input: { salonId: owner.salonId, masterId: own?.id } }, owner.token));
    const input = { id: newId(), salon: owner.salonId, name: `Brand ${uniqueSuffix()}` };
    const manufacturer = ok(await t.gql(ADD_MANUFACTURER, { input }, owner.token)).addManufacturer.id as string;
    return { owner, supplier: await newSupplier([{ salon: owner.salonId, manufacturer }]) };
  };
  let ownerMaster: Promise<unknown> | undefined;
  /** The demo owner made a master of the demo salon too (idempotent). */
  const ownerAsMaster = async () => {
    const owner = await session(DEMO.owner);
    ownerMaster ??= t.gql(SET_OWNER_AS_MASTER, { input: { salon: owner.user.salon.id, user: owner.user.id } }, owner.token).then(ok);
    await ownerMaster;
    return owner.token as string;
  };
  const fetchBanner = (url: string) => fetch(`${t.url}${url}`);

  it('refuses every role but a live supplier, changing nothing', async () => {
    const supplier = await token(DEMO.supplier);
    const seminar = await added(supplier);
    const calls: Array<(bearer: string | null) => Promise<GqlResult>> = [
      (b) => t.gql(GET, {}, b),
      (b) => add(b),
      (b) => update(b, { seminarId: seminar.id, ...input() }, png()),
      (b) => t.gql(DELETE, { input: { seminarId: seminar.id } }, b),
    ];
    const before = await counts();
    for (const email of [DEMO.owner, DEMO.master, DEMO.sysadmin]) {
      const bearer = await token(email);
      for (const call of calls) refused(await call(bearer), { code: 'Forbidden', reason: 'SEMINARS_ARE_FOR_SUPPLIERS' });
    }
    for (const call of calls) refused(await call(null), { code: 'Unauthenticated' });
    // A supplier account whose supplier row is gone, and a supplier deleted by the sysadmin (his session ends).
    const bare = await addUser(t, { isSupplier: true, password: PASSWORD });
    const bareToken = (await logIn(t, bare.email, PASSWORD)).token as string;
    for (const call of calls) refused(await call(bareToken), { code: 'Forbidden', reason: 'SEMINARS_ARE_FOR_SUPPLIERS' });
    expect(await counts()).toEqual(before);
    const gone = await newSupplier();
    const own = await added(gone.token);
    ok(await t.gql(DELETE_SUPPLIER, { input: { supplierId: gone.id } }, await sys()));
    const after = await counts();
    refused(await t.gql(GET, {}, gone.token), { code: 'Unauthenticated' });
    refused(await add(gone.token), { code: 'Unauthenticated' });
    refused(await update(gone.token, { seminarId: own.id, ...input() }), { code: 'Unauthenticated' });
    refused(await t.gql(DELETE, { input: { seminarId: own.id } }, gone.token), { code: 'Unauthenticated' });
    expect(await counts()).toEqual(after);
  });

  it('adds a seminar with a PNG or PDF banner, served back as uploaded at /files/{id}', async () => {
    const supplier = await token(DEMO.supplier);
    const banner = png(300);
    const values = input({ name: '  Balayage  ', description: ' Hands-on ', startAt: `${day(12)} 08:00`, duration: 720 });
    const made = await added(supplier, values, banner);
    expect(made).toEqual({
      ...values,
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Balayage',
      description: 'Hands-on',
      banner: expect.stringMatching(/^\/files\/[0-9a-f]{24}$/),
      visitorCount: 0,
      visitors: [],
    });
    const served = await fetchBanner(made.banner);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toBe('inline');
    expect(served.headers.get('content-security-policy')).toMatch(/sandbox/);
    // Kept by caches, asked again each time: a withdrawn banner is not served on for a year (issue 56).
    expect(served.headers.get('cache-control')).toBe('public, no-cache');
    const etag = served.headers.get('etag') as string;
    expect((await fetch(`${t.url}${made.banner}`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(banner.bytes))).toBe(true);

    const programme = pdf();
    const withPdf = await added(supplier, input({ startAt: `${day(12)} 20:00` }), { ...programme, type: 'image/png' });
    const servedPdf = await fetchBanner(withPdf.banner);
    expect(servedPdf.headers.get('content-type')).toBe('application/pdf');
    // A download, not a document on the app's origin.
    expect(servedPdf.headers.get('content-disposition')).toMatch(/^attachment; filename="seminar-[0-9a-f]{24}\.pdf"$/);
    expect(Buffer.from(await servedPdf.arrayBuffer()).equals(Buffer.from(programme.bytes))).toBe(true);
    for (const url of [`/files/${newId()}`, '/files/not-an-id', '/files/']) expect((await fetchBanner(url)).status).toBe(404);
  });

  it('refuses a file mapped anywhere but the banner variable, echoing nothing and logging no error (issue 56)', async () => {
    const supplier = await token(DEMO.supplier);
    const before = { counts: await counts(), logs: t.logs.length };
    for (const path of ['variables.banner.0', 'variables.input.name', 'variables.input']) {
      const answer = await send(ADD, { input: input() }, supplier, png(), path);
      expect(answer.errors?.map((e) => e.extensions)).toEqual([
        { code: 'IllegalArgument', reason: 'BANNER_NOT_ACCEPTED', field: 'banner', messageId: 'seminar.bannerType' },
      ]);
      expect(JSON.stringify(answer.errors)).not.toMatch(/blobParts|banner\.png|lastModified/);
    }
    expect(await counts()).toEqual(before.counts);
    expect(t.logs.slice(before.logs).filter((l) => l.includes('[error]'))).toEqual([]);
  });

  it('removes a replaced or deleted banner, and holds a supplier to the banner quota (issue 56)', async () => {
    const supplier = await token(DEMO.supplier);
    const made = await added(supplier, input(), png(400));
    const first = made.banner as string;
    const before = await counts();
    const replaced = ok(await update(supplier, { seminarId: made.id, ...input({ name: made.name }) }, png(500))).updateSeminar;
    expect(replaced.banner).not.toBe(first);
    expect(await counts()).toEqual(before);
    expect((await fetchBanner(first)).status).toBe(404);
    expect((await fetchBanner(replaced.banner)).status).toBe(200);
    ok(await t.gql(DELETE, { input: { seminarId: made.id } }, supplier));
    expect((await fetchBanner(replaced.banner)).status).toBe(404);
    expect((await counts()).files).toBe(before.files - 1);

    // Banners of 49 MB already: a 2 MB one more is refused on its field, one replacing the large one is not.
    const big = await added(supplier, input(), png(64));
    await t.db
      .update(files)
      .set({ size: 49 * 1024 * 1024 })
      .where(eq(files.id, (big.banner as string).slice('/files/'.length)));
    const full = await counts();
    refused(await add(supplier, input(), png(2 * 1024 * 1024)), {
      code: 'IllegalArgument',
      reason: 'BANNER_NOT_ACCEPTED',
      field: 'banner',
      messageId: 'seminar.bannerQuota',
    });
    expect(await counts()).toEqual(full);
    ok(await update(supplier, { seminarId: big.id, ...input({ name: big.name }) }, png(2 * 1024 * 1024)));
  });

  it('refuses a missing, empty, mistyped or too large banner, storing nothing', async () => {
    const supplier = await token(DEMO.supplier);
    const before = await counts();
    const bannerRefusal = (messageId: string) => ({ code: 'IllegalArgument', field: 'banner', messageId });
    refused(await t.gql(ADD, { input: input() }, supplier), bannerRefusal('seminar.selectFile'));
    refused(await add(supplier, input(), null), bannerRefusal('seminar.selectFile'));
    const html = { bytes: Buffer.from('<!doctype html><script>alert(1)</script>'), name: 'banner.png', type: 'image/png' };
    refused(await add(supplier, input(), html), bannerRefusal('seminar.bannerType'));
    refused(
      await add(supplier, input(), { bytes: new Uint8Array(0), name: 'banner.png', type: 'image/png' }),
      bannerRefusal('seminar.bannerEmpty'),
    );
    // Just over 5 MB, and far over it (the latter answered before GraphQL reads it: 413).
    refused(await add(supplier, input(), png(BANNER_MAX_BYTES + 1)), bannerRefusal('seminar.bannerTooLarge'));
    const far = await add(supplier, input(), png(BANNER_MAX_BYTES + 1024 * 1024));
    expect(far.status).toBe(413);
    refused(far, bannerRefusal('seminar.bannerTooLarge'));
    // A multipart request that does not say its length (chunked) is refused too.
    const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${t.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x', authorization: `Bearer ${supplier}` },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.write('--x\r\n');
      req.end('--x--\r\n');
    });
    expect(chunked.status).toBe(411);
    expect(JSON.parse(chunked.body).errors[0].extensions.messageId).toBe('seminar.bannerTooLarge');
    expect(await counts()).toEqual(before);
  });

  it('checks the fields on the server, on their plain names, storing nothing', async () => {
    const supplier = await token(DEMO.supplier);
    const before = await counts();
    const cases: Array<[Loose, string, string]> = [
      [{ name: '  ' }, 'name', 'seminar.enterName'],
      [{ startAt: `${day(10)} 08:15` }, 'startAt', 'seminar.invalidTime'],
      [{ startAt: `${day(10)} 20:30` }, 'startAt', 'seminar.invalidTime'],
      [{ startAt: '2030-02-30 10:00' }, 'startAt', 'seminar.invalidDate'],
      [{ startAt: 'soon' }, 'startAt', 'seminar.invalidDate'],
      [{ startAt: '1900-03-01 10:00' }, 'startAt', 'seminar.invalidDate'],
      [{ startAt: '9999-03-01 10:00' }, 'startAt', 'seminar.invalidDate'],
      [{ duration: 45 }, 'duration', 'seminar.invalidDuration'],
      [{ duration: 750 }, 'duration', 'seminar.invalidDuration'],
      [{ type: 'OTHER' }, 'type', 'seminar.selectType'],
      [{ placeCount: 0 }, 'placeCount', 'seminar.invalidNumber'],
    ];
    const answers: Loose[] = [];
    for (const [overrides] of cases) {
      const { errors } = await add(supplier, input(overrides));
      answers.push(errors?.map(({ extensions: e }) => ({ code: e?.code, field: e?.field, messageId: e?.messageId })));
    }
    expect(answers).toEqual(cases.map(([, field, messageId]) => [{ code: 'IllegalArgument', field, messageId }]));
    expect(await counts()).toEqual(before);
  });

  it('keeps a name unique among the live seminars of one supplier, in any case', async () => {
    const supplier = await token(DEMO.supplier);
    const name = `Keratin ${uniqueSuffix()}`;
    const first = await added(supplier, input({ name }));
    const before = await counts();
    refused(await add(supplier, input({ name: ` ${name.toUpperCase()} ` })), {
      code: 'AlreadyExists',
      reason: 'NAME_ALREADY_EXISTS',
      field: 'name',
    });
    const second = await added(supplier, input());
    refused(await update(supplier, { ...input({ name: name.toLowerCase() }), seminarId: second.id }), {
      code: 'AlreadyExists',
      reason: 'NAME_ALREADY_EXISTS',
      field: 'name',
    });
    expect((await counts()).seminars).toBe(before.seminars + 1);
    expect((await added((await newSupplier()).token, input({ name }))).name).toBe(name);
    ok(await t.gql(DELETE, { input: { seminarId: first.id } }, supplier));
    expect((await added(supplier, input({ name: name.toLowerCase() }))).name).toBe(name.toLowerCase());
    // Four adds of one name at once: one is saved, the others told the name is taken (not an internal error).
    const raced = `Race ${uniqueSuffix()}`;
    const results = await Promise.all(
      [raced, raced.toUpperCase(), raced, raced.toLowerCase()].map((n) => add(supplier, input({ name: n }))),
    );
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(results.filter((r) => r.errors).map((r) => r.errors?.map((e) => e.extensions))).toEqual(
      Array.from({ length: 3 }, () => [expect.objectContaining({ code: 'AlreadyExists', reason: 'NAME_ALREADY_EXISTS', field: 'name' })]),
    );
  });

  it("lists only the caller's live seminars, latest first, searched by name, in pages of 20", async () => {
    const supplier = await newSupplier();
    const part = `p${uniqueSuffix()}`;
    // Two seminars on each start, some in the past; one deleted.
    const made: Loose[] = [];
    for (let i = 0; i < 23; i++) {
      const startAt = `${day(Math.floor(i / 2) - 4)} ${i % 4 ? '09:30' : '14:00'}`;
      made.push(await added(supplier.token, input({ name: `${i % 3 ? 'Cut' : 'Dye'} ${part} ${i}`, startAt })));
    }
    const [removed] = made.splice(5, 1);
    ok(await t.gql(DELETE, { input: { seminarId: removed.id } }, supplier.token));
    await added(await token(DEMO.supplier), input({ name: `Cut ${part} demo` }));
    const expected = [...made].sort((a, b) => (a.startAt !== b.startAt ? (a.startAt < b.startAt ? 1 : -1) : a.id < b.id ? 1 : -1));

    const first = await list(supplier.token);
    expect(first.edges).toHaveLength(20);
    expect(first.pageInfo).toEqual({ hasNextPage: true, endCursor: first.edges[19].cursor });
    const second = await list(supplier.token, { after: first.pageInfo.endCursor });
    expect(second.pageInfo).toMatchObject({ hasNextPage: false });
    expect([...ids(first.edges), ...ids(second.edges)]).toEqual(expected.map((s) => s.id));
    expect(first.edges[0].node).toEqual(expected[0]);

    const dye = await list(supplier.token, { search: `DYE ${part.toUpperCase()}` });
    expect(ids(dye.edges)).toEqual(expected.filter((s) => s.name.startsWith('Dye')).map((s) => s.id));
    expect((await list(supplier.token, { search: `${part} 1`, first: 2 })).edges).toHaveLength(2);
    expect((await list(supplier.token, { search: '%' })).edges).toEqual([]);
    // Case and accents ignored both ways: "Matu krāsošana" is found as "MATU KRASOSANA", "Ёлка" as "елка".
    const dyeing = await added(supplier.token, input({ name: `Matu krāsošana ${part}` }));
    const tree = await added(supplier.token, input({ name: `Ёлка ${part}` }));
    expect(ids((await list(supplier.token, { search: `MATU KRASOSANA ${part}` })).edges)).toEqual([dyeing.id]);
    expect(ids((await list(supplier.token, { search: `елка ${part}` })).edges)).toEqual([tree.id]);
    refused(await t.gql(GET, { first: 21 }, supplier.token), { code: 'IllegalArgument', field: 'first' });
    refused(await t.gql(GET, { after: 'not-a-cursor' }, supplier.token), { code: 'IllegalArgument' });
  });

  it("updates a seminar, keeping or replacing its banner; refuses another supplier's and unknown ids", async () => {
    const supplier = await token(DEMO.supplier);
    const made = await added(supplier);
    const changes = input({ description: 'Advanced', type: 'MANICURE', duration: 30, placeCount: 3, startAt: `${day(20)} 19:30` });
    const kept = ok(await update(supplier, { seminarId: made.id, ...changes })).updateSeminar;
    expect(kept).toEqual({ ...made, ...changes });
    const plain = ok(await t.gql(UPDATE, { input: { seminarId: made.id, ...changes, placeCount: 4 } }, supplier)).updateSeminar;
    expect(plain.banner).toBe(made.banner);
    const banner = png(100);
    const replaced = ok(await update(supplier, { seminarId: made.id, ...changes }, banner)).updateSeminar;
    expect(replaced.banner).toMatch(/^\/files\/[0-9a-f]{24}$/);
    expect(replaced.banner).not.toBe(made.banner);
    expect(Buffer.from(await (await fetchBanner(replaced.banner)).arrayBuffer()).equals(Buffer.from(banner.bytes))).toBe(true);
    expect((await list(supplier, { search: changes.name })).edges.map((e: Loose) => e.node)).toEqual([replaced]);

    const other = await newSupplier();
    const before = await counts();
    for (const [bearer, seminarId] of [
      [other.token, made.id],
      [supplier, newId()],
    ] as const) {
      refused(await update(bearer, { seminarId, ...input() }, png()), { code: 'NotExists', reason: 'ID_DOES_NOT_EXISTS' });
      refused(await t.gql(DELETE, { input: { seminarId } }, bearer), { code: 'NotExists', reason: 'ID_DOES_NOT_EXISTS' });
    }
    refused(await update(supplier, { seminarId: made.id, ...changes, placeCount: 0 }), { field: 'placeCount' });
    expect(await counts()).toEqual(before);
    expect((await list(supplier, { search: changes.name })).edges[0].node).toEqual(replaced);
  });

  it('shows masters the upcoming seminars of connected suppliers; a master signs up and cancels', async () => {
    const supplier = await token(DEMO.supplier);
    const salon = await demoSalonId();
    const master = await token(DEMO.master);
    const later = await added(supplier, input({ startAt: `${day(9)} 12:00`, placeCount: 2 }));
    const sooner = await added(supplier, input({ startAt: `${day(8)} 12:00` }));
    const past = await added(supplier, input({ startAt: `${day(-3)} 12:00` }));
    const { owner: stranger, supplier: elsewhere } = await otherSalon();
    const foreign = await added(elsewhere.token, input({ startAt: `${day(8)} 11:00` }));
    const unconnected = await added((await newSupplier()).token, input({ startAt: `${day(8)} 11:00` }));

    const shown = await salonList(master, salon);
    const mine = shown.filter((s) => [later.id, sooner.id, past.id, foreign.id, unconnected.id].includes(s.id));
    const { visitors: _v, ...laterFields } = later;
    expect(mine).toEqual([
      expect.objectContaining({ id: sooner.id, supplier: 'Sandis Vītols', visitorCount: 0, signedUp: false }),
      { ...laterFields, supplier: 'Sandis Vītols', visitorCount: 0, signedUp: false },
    ]);
    expect(shown.map((s) => s.startAt)).toEqual([...shown.map((s) => s.startAt)].sort());
    expect((await salonList(stranger.token, stranger.salonId)).map((s) => s.id)).toEqual([foreign.id]);

    expect(ok(await signUp(master, salon, later.id)).signUpForSeminar).toBe(later.id);
    ok(await signUp(master, salon, later.id));
    expect((await salonList(master, salon)).find((s) => s.id === later.id)).toMatchObject({ visitorCount: 1, signedUp: true });
    expect((await salonList(await token(DEMO.owner), salon)).find((s) => s.id === later.id)).toMatchObject({ signedUp: false });
    const [marta] = await t.db.select().from(masters).where(eq(masters.email, DEMO.master));
    const node = (await list(supplier, { search: later.name })).edges[0].node;
    expect(node).toMatchObject({ visitorCount: 1 });
    expect(node.visitors).toEqual([
      { id: marta?.id, firstName: 'Marta', lastName: 'Kalniņa', email: DEMO.master, phone: '+37120000002', attendedAt: expect.any(String) },
    ]);
    expect(new Date(node.visitors[0].attendedAt).toISOString()).toBe(node.visitors[0].attendedAt);

    const before = await counts();
    refused(await signUp(master, salon, past.id), { code: 'NotAllowed', reason: 'SEMINAR_HAS_STARTED' });
    for (const id of [foreign.id, unconnected.id, newId()]) refused(await signUp(master, salon, id), { code: 'NotExists' });
    refused(await signUp(master, stranger.salonId, foreign.id), { code: 'Forbidden' });
    refused(await signUp(stranger.token, stranger.salonId, foreign.id), { code: 'Forbidden', reason: 'NOT_A_MASTER_OF_THE_SALON' });
    refused(await t.gql(SALON_SEMINARS, { salon: stranger.salonId }, master), { code: 'Forbidden' });
    refused(await t.gql(SALON_SEMINARS, { salon }, supplier), { code: 'Forbidden' });
    expect(await counts()).toEqual(before);

    expect(ok(await cancel(master, salon, later.id)).cancelSeminarSignUp).toBe(later.id);
    expect((await salonList(master, salon)).find((s) => s.id === later.id)).toMatchObject({ visitorCount: 0, signedUp: false });
    expect((await counts()).visitors).toBe(before.visitors - 1);
  });

  it('gives the last place to exactly one of two masters signing up at once', async () => {
    const supplier = await token(DEMO.supplier);
    const salon = await demoSalonId();
    const [master, owner] = [await token(DEMO.master), await ownerAsMaster()];
    const single = await added(supplier, input({ placeCount: 1 }));
    const results = await Promise.all([signUp(master, salon, single.id), signUp(owner, salon, single.id)]);
    const won = results.filter((r) => !r.errors);
    const lost = results.filter((r) => r.errors);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    refused(lost[0] as GqlResult, { code: 'NotAllowed', reason: 'SEMINAR_IS_FULL' });
    expect((await list(supplier, { search: single.name })).edges[0].node.visitorCount).toBe(1);

    // Two visitors: the place count may not fall below them.
    const pair = await added(supplier, input({ placeCount: 2 }));
    for (const bearer of [master, owner]) ok(await signUp(bearer, salon, pair.id));
    const { id: seminarId, visitors: _v, visitorCount: _c, banner: _b, ...fields } = pair;
    refused(await update(supplier, { seminarId, ...fields, placeCount: 1 }), {
      code: 'IllegalArgument',
      reason: 'PLACE_COUNT_BELOW_VISITORS',
      field: 'placeCount',
    });
    expect(ok(await update(supplier, { seminarId, ...fields, placeCount: 2 })).updateSeminar.visitorCount).toBe(2);
  });

  it('refuses to delete a seminar with visitors; deletes it once they cancel', async () => {
    const supplier = await token(DEMO.supplier);
    const salon = await demoSalonId();
    const master = await token(DEMO.master);
    const made = await added(supplier);
    ok(await signUp(master, salon, made.id));
    const before = await counts();
    refused(await t.gql(DELETE, { input: { seminarId: made.id } }, supplier), { code: 'Forbidden', reason: 'SEMINAR_HAS_VISITORS' });
    expect(await counts()).toEqual(before);
    expect((await list(supplier, { search: made.name })).edges[0].node.visitorCount).toBe(1);

    ok(await cancel(master, salon, made.id));
    expect(ok(await t.gql(DELETE, { input: { seminarId: made.id } }, supplier)).deleteSeminar).toBe(made.id);
    const [row] = await t.db.select().from(seminars).where(eq(seminars.id, made.id));
    expect(row?.deletedAt).not.toBeNull();
    expect((await list(supplier, { search: made.name })).edges).toEqual([]);
    expect((await salonList(master, salon)).map((s) => s.id)).not.toContain(made.id);
    refused(await t.gql(DELETE, { input: { seminarId: made.id } }, supplier), { code: 'NotExists', reason: 'ID_DOES_NOT_EXISTS' });
    refused(await signUp(master, salon, made.id), { code: 'NotExists' });
  });
});
