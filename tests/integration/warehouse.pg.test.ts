import { and, asc, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { salonDate, SERVICE_TIME_ZONE } from '../../src/domain/rules/time';
import { addDays } from '../../src/domain/rules/time';
import { administrators, invoiceItems, invoices, manufacturers, masters, products, salons } from '../../server/db/schema';
import { logIn, signUpOwner, uniqueSuffix } from '../factories/accounts';
import { invoiceHelpers, type InvoiceSetup } from '../factories/invoices';
import { ok, refused, type Loose } from '../helpers/graphql';
import { DEMO } from '../helpers/operations';
import { backends, useTestServer } from '../helpers/server';

const LINE = 'id boughtAt salon salonName salonAddress seller product productCode manufacturer quantity price sum';
const REPORT = `query R($fromDate: String!, $toDate: String!, $salonFilter: [ID!], $masterFilter: [ID!], $manufacturerFilter: [ID!]) {
  getSupplierReport(fromDate: $fromDate, toDate: $toDate, salonFilter: $salonFilter, masterFilter: $masterFilter, manufacturerFilter: $manufacturerFilter) {
    totalCount totalQuantity revenue { cash total } days { date quantity sum lines { ${LINE} } } } }`;
const SALONS = `query S { getSupplierSalons { id name address masters { id firstName lastName } administrators { id firstName lastName } manufacturers { id name } } }`;
const PRODUCTS = `query P($first: Int, $after: String, $salonFilter: [ID!], $search: String) {
  getSupplierProducts(first: $first, after: $after, salonFilter: $salonFilter, search: $search) {
    edges { cursor node { id name code quantity price supplierPrice type manufacturer { id name } salon { id name address } } }
    pageInfo { endCursor hasNextPage } } }`;
const CREATE_SUPPLIER = `mutation C($input: CreateSupplierInput!) { createSupplier(input: $input) { id email } }`;
const CONNECT = `mutation X($input: SupplierSalonConnectionsInput!) { createSupplierSalonConnection(input: $input) { id } }`;
const DELETE_SUPPLIER = `mutation D($input: DeleteSupplierInput!) { deleteSupplier(input: $input) }`;
const ADD_MANUFACTURER = `mutation AM($input: AddManufacturerInput!) { addManufacturer(input: $input) { id } }`;
const ADD_PRODUCT = `mutation AP($input: AddProductInput!) { addProduct(input: $input) { id } }`;
const DELETE_PRODUCT = `mutation DP($input: DeleteProductInput!) { deleteProduct(input: $input) { productId } }`;
const DELETE_MASTER = `mutation DM($input: DeleteMasterInput!) { deleteMaster(input: $input) { masterId } }`;
const SELL = `mutation S($input: CreateCartInvoiceInput!) { createCartInvoice(input: $input) { id } }`;
const PASSWORD = 'supplier-password-1';

type Pair = { salon: string; manufacturer: string };
const names = (edges: Loose[]) => edges.map((e) => e.node.name as string);
const EMPTY_REPORT = { totalCount: 0, totalQuantity: 0, revenue: { cash: '0.00', total: '0.00' }, days: [] };

describe.each(backends(import.meta.url))('supplier warehouse on %s', (backend) => {
  const t = useTestServer(backend, { seedDemo: true, rateLimits: { loginFailures: 10, perAddress: 10_000, windowSeconds: 60 } });
  const { setup, invoiceFor, update, item } = invoiceHelpers(t);
  let sysToken: string | undefined;
  const sys = async (): Promise<string> => (sysToken ??= (await logIn(t, DEMO.sysadmin)).token as string);
  const connect = async (supplier: string, connections: Pair[]) =>
    ok(await t.gql(CONNECT, { input: { supplier, connections } }, await sys()));
  /** A new supplier account made by the sysadmin, connected to `connections`, signed in. */
  const newSupplier = async (connections: Pair[] = []) => {
    const suffix = uniqueSuffix();
    const input = { firstName: 'Sandis', lastName: 'Vītols', email: `wh-${suffix}@example.test`, phone: null, password: PASSWORD };
    const made = ok(await t.gql(CREATE_SUPPLIER, { input }, await sys())).createSupplier;
    if (connections.length) await connect(made.id, connections);
    return { id: made.id as string, token: (await logIn(t, made.email, PASSWORD)).token as string };
  };
  const addBrand = async (salon: string, token: string, name = `Brand ${uniqueSuffix()}`) =>
    ok(await t.gql(ADD_MANUFACTURER, { input: { id: newId(), salon, name } }, token)).addManufacturer.id as string;
  const addProduct = async (salon: string, token: string, manufacturer: string, fields: Loose = {}) => {
    const input = { id: newId(), salon, manufacturer, name: `P ${uniqueSuffix()}`, code: '', quantity: 50, price: '12.50', ...fields };
    return ok(await t.gql(ADD_PRODUCT, { input: { supplierPrice: '', type: 'SALE', ...input } }, token)).addProduct.id as string;
  };
  const report = async (token: string, variables: Loose) => ok(await t.gql(REPORT, variables, token)).getSupplierReport;
  const productsOf = async (token: string, variables: Loose = {}) => ok(await t.gql(PRODUCTS, variables, token)).getSupplierProducts;
  const salonsOf = async (token: string) => ok(await t.gql(SALONS, {}, token)).getSupplierSalons as Loose[];
  const demoSalon = async () => (await t.db.select().from(salons).where(eq(salons.name, 'Demo salon')))[0] as typeof salons.$inferSelect;
  const brandsOf = (salonId: string) =>
    t.db.select().from(manufacturers).where(eq(manufacturers.salonId, salonId)).orderBy(asc(manufacturers.name));

  /**
   * A salon with a connected brand (its first, 'Wella') and another one, each with a product, and today's sales:
   * a cart sale by the owner (2 × 12.50 CASH of the connected product, 1 × 5.00 of the other one), a paid invoice line
   * sold by the first master (3 × 0.10 CC) and an unpaid one (7 × 1.00).
   */
  const shop = async () => {
    const f: InvoiceSetup = await setup();
    const [brand] = await brandsOf(f.salonId);
    const other = await addBrand(f.salonId, f.owner.token, 'Other brand');
    const product = await addProduct(f.salonId, f.owner.token, brand?.id as string, { name: `Shop oil ${uniqueSuffix()}`, code: 'OIL-1' });
    const foreign = await addProduct(f.salonId, f.owner.token, other, { name: 'Foreign cream' });
    const line = (entity: string, quantity: number, price: string) => ({ id: newId(), entity, quantity, price, paymentType: 'CASH' });
    const cart = {
      id: newId(),
      salon: f.salonId,
      administrator: f.owner.userId,
      items: [line(product, 2, '12.50'), line(foreign, 1, '5.00')],
    };
    ok(await t.gql(SELL, { input: cart }, f.owner.token));
    const productLine = (quantity: number, price: string, paymentType: string) =>
      item(f, { type: 'PRODUCT', entity: product, seller: f.masterIds[0], quantity, price, paymentType });
    const paid = productLine(3, '0.10', 'CC');
    ok(await update({ invoiceId: (await invoiceFor(f)).invoice.id, items: [paid], paid: true }, f.owner.token));
    ok(await update({ invoiceId: (await invoiceFor(f)).invoice.id, items: [productLine(7, '1.00', 'CASH')], paid: false }, f.owner.token));
    const [master] = await t.db
      .select()
      .from(masters)
      .where(eq(masters.id, f.masterIds[0] as string));
    const salon = (await t.db.select().from(salons).where(eq(salons.id, f.salonId)))[0];
    return { f, brand: brand?.id as string, other, product, cart, paid, master, salon, today: salonDate(new Date(), SERVICE_TIME_ZONE) };
  };
  let shopA: ReturnType<typeof shop> | undefined;
  const salonA = () => (shopA ??= shop());

  it('refuses the owner, a master and the sysadmin (WAREHOUSE_IS_FOR_SUPPLIERS) and a caller without a session', async () => {
    const today = salonDate(new Date(), SERVICE_TIME_ZONE);
    const queries: Array<[string, Loose]> = [
      [REPORT, { fromDate: today, toDate: today }],
      [SALONS, {}],
      [PRODUCTS, {}],
    ];
    for (const username of [DEMO.owner, DEMO.master, DEMO.sysadmin]) {
      const { token } = await logIn(t, username);
      for (const [query, variables] of queries) {
        refused(await t.gql(query, variables, token), { code: 'Forbidden', reason: 'WAREHOUSE_IS_FOR_SUPPLIERS' });
      }
    }
    for (const [query, variables] of queries) refused(await t.gql(query, variables, null), { code: 'Unauthenticated' });
  });

  it('answers a supplier without connections with nothing; a deleted supplier is signed out', async () => {
    const { f } = await salonA();
    const supplier = await newSupplier();
    const today = salonDate(new Date(), SERVICE_TIME_ZONE);
    expect(await salonsOf(supplier.token)).toEqual([]);
    expect(await productsOf(supplier.token)).toEqual({ edges: [], pageInfo: { endCursor: null, hasNextPage: false } });
    expect(await productsOf(supplier.token, { salonFilter: [f.salonId] })).toMatchObject({ edges: [] });
    expect(await report(supplier.token, { fromDate: addDays(today, -30), toDate: today, salonFilter: [f.salonId] })).toEqual(EMPTY_REPORT);
    expect(await report(supplier.token, { fromDate: addDays(today, -30), toDate: today })).toEqual(EMPTY_REPORT);
    ok(await t.gql(DELETE_SUPPLIER, { input: { supplierId: supplier.id } }, await sys()));
    refused(await t.gql(SALONS, {}, supplier.token), { code: 'Unauthenticated' });
  });

  it("lists the demo supplier's salon with its live masters and administrators and only the connected manufacturers", async () => {
    const demo = await demoSalon();
    const owner = await logIn(t, DEMO.owner);
    await addBrand(demo.id, owner.token, 'Aaa unconnected');
    const liveMasters = await t.db
      .select({ id: masters.id, firstName: masters.firstName, lastName: masters.lastName })
      .from(masters)
      .where(and(eq(masters.salonId, demo.id), isNull(masters.deletedAt)));
    const [admin] = await t.db.select({ id: administrators.id }).from(administrators).where(eq(administrators.salonId, demo.id));
    const brands = (await brandsOf(demo.id)).filter((b) => ['Schwarzkopf', 'Wella'].includes(b.name));
    const { token } = await logIn(t, DEMO.supplier);
    expect(await salonsOf(token)).toEqual([
      {
        id: demo.id,
        name: 'Demo salon',
        address: 'Brīvības iela 1, Rīga',
        masters: [...liveMasters].sort((a, b) => a.firstName.localeCompare(b.firstName)),
        administrators: [{ id: admin?.id, firstName: 'Laura', lastName: 'Ozola' }],
        manufacturers: brands.map((b) => ({ id: b.id, name: b.name })),
      },
    ]);
    expect(liveMasters.map((m) => m.firstName).sort()).toEqual(['Elīna', 'Kristaps', 'Marta']);

    // A deleted master is no longer listed.
    const { f, brand } = await salonA();
    const supplier = await newSupplier([{ salon: f.salonId, manufacturer: brand }]);
    const before = (await salonsOf(supplier.token))[0];
    expect(before.masters.map((m: Loose) => m.id).sort()).toEqual([...f.masterIds].sort());
    expect(before.manufacturers).toEqual([{ id: brand, name: 'Wella' }]);
    expect(before.administrators).toEqual([{ id: f.adminId, firstName: f.owner.fields.firstName, lastName: f.owner.fields.lastName }]);
    const gone = f.masterIds[1] as string;
    ok(await t.gql(DELETE_MASTER, { input: { salonId: f.salonId, masterId: gone } }, f.owner.token));
    const after = (await salonsOf(supplier.token))[0];
    expect(after.masters.map((m: Loose) => m.id).sort()).toEqual(f.masterIds.filter((id) => id !== gone).sort());
  });

  it('lists only the products of connected pairs, in name order by pages of 20, searched and filtered', async () => {
    const demo = await demoSalon();
    const demoOwner = await logIn(t, DEMO.owner);
    const demoSupplier = (await logIn(t, DEMO.supplier)).token as string;
    const unlinked = await addBrand(demo.id, demoOwner.token, 'Unlinked brand');
    await addProduct(demo.id, demoOwner.token, unlinked, { name: 'Unlinked balm' });

    const all = await productsOf(demoSupplier);
    expect(names(all.edges)).toEqual([
      'Bonacure mask 200 ml',
      'Fusion shampoo 250 ml',
      'Igora Royal 60 ml',
      'Koleston Perfect 60 ml',
      'Oil Reflections 100 ml',
    ]);
    expect(all.pageInfo).toEqual({ endCursor: all.edges[4].cursor, hasNextPage: false });
    const [schwarzkopf, wella] = (await brandsOf(demo.id)).filter((b) => ['Schwarzkopf', 'Wella'].includes(b.name));
    expect(all.edges[0].node).toEqual({
      id: expect.any(String),
      name: 'Bonacure mask 200 ml',
      code: 'SB-200',
      quantity: 5,
      price: '21.00',
      supplierPrice: '12.00',
      type: 'SALE',
      manufacturer: { id: schwarzkopf?.id, name: 'Schwarzkopf' },
      salon: { id: demo.id, name: 'Demo salon', address: 'Brīvības iela 1, Rīga' },
    });
    expect(all.edges[2].node).toMatchObject({ name: 'Igora Royal 60 ml', supplierPrice: null, type: 'INTERNAL' });

    // A second salon with its own brand: nobody sees it until connected.
    const owner = await signUpOwner(t);
    const part = `q${uniqueSuffix().replace(/\d/g, (d) => 'ghijklmnop'[Number(d)] as string)}`;
    const brandName = `Maker ${part}`;
    const brand = await addBrand(owner.salonId, owner.token, brandName);
    const code = `K-${uniqueSuffix()}`;
    // 25 names, case mixed, one of them (lower-cased) also in the demo salon: the id orders those two.
    const made = await Promise.all(
      Array.from({ length: 25 }, async (_, i) => {
        const letter = 'abcde'[i % 5] as string;
        const name = `${i % 2 ? letter.toUpperCase() : letter}${part}${'vwxyz'[Math.floor(i / 5)]}`;
        return { id: await addProduct(owner.salonId, owner.token, brand, { name, code: i === 7 ? code : '' }), name };
      }),
    );
    const twinName = `C${part.toUpperCase()}X`;
    const twin = { id: await addProduct(demo.id, demoOwner.token, wella?.id as string, { name: twinName }), name: twinName };
    const key = (p: { name: string }) => p.name.toLowerCase();
    expect(made.filter((p) => key(p) === key(twin))).toHaveLength(1);
    const expected = [...made, twin].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id < b.id ? -1 : 1)).map((p) => p.id);
    expect(names((await productsOf(demoSupplier, { search: part })).edges)).toEqual([twinName]);
    expect((await productsOf(demoSupplier, { salonFilter: [owner.salonId] })).edges).toEqual([]);
    expect(names((await productsOf(demoSupplier, { search: 'unlinked' })).edges)).toEqual([]);

    const supplier = await newSupplier([{ salon: demo.id, manufacturer: wella?.id as string }]);
    expect(names((await productsOf(supplier.token)).edges)).toEqual([
      twinName,
      'Fusion shampoo 250 ml',
      'Koleston Perfect 60 ml',
      'Oil Reflections 100 ml',
    ]);
    expect(names((await productsOf(supplier.token, { search: part })).edges)).toEqual([twinName]);
    await connect(supplier.id, [
      { salon: demo.id, manufacturer: wella?.id as string },
      { salon: owner.salonId, manufacturer: brand },
    ]);

    const first = await productsOf(supplier.token, { search: part.toUpperCase(), first: 20 });
    expect(first.edges).toHaveLength(20);
    expect(first.pageInfo).toEqual({ endCursor: first.edges[19].cursor, hasNextPage: true });
    expect(first.edges[0].node.salon).toEqual({ id: owner.salonId, name: owner.fields.salonName, address: owner.fields.salonAddress });
    expect(first.edges[0].node.manufacturer).toEqual({ id: brand, name: brandName });
    const second = await productsOf(supplier.token, { search: part, after: first.pageInfo.endCursor });
    expect(second.edges).toHaveLength(6);
    expect(second.pageInfo.hasNextPage).toBe(false);
    expect([...first.edges, ...second.edges].map((e: Loose) => e.node.id)).toEqual(expected);
    // Unfiltered, the default page is 20 over both salons.
    const page = await productsOf(supplier.token);
    expect(page.edges).toHaveLength(20);
    expect(new Set(page.edges.map((e: Loose) => e.node.salon.id))).toEqual(new Set([demo.id, owner.salonId]));

    refused(await t.gql(PRODUCTS, { first: 21 }, supplier.token), { code: 'IllegalArgument', field: 'first' });
    refused(await t.gql(PRODUCTS, { after: 'not-a-cursor' }, supplier.token), { code: 'IllegalArgument' });

    const ids = async (variables: Loose) => (await productsOf(supplier.token, variables)).edges.map((e: Loose) => e.node.id);
    expect(await ids({ search: code.toLowerCase() })).toEqual([made[7]?.id]);
    // Accents ignored: a product named with Latvian letters is found without them.
    const accented = await addProduct(owner.salonId, owner.token, brand, { name: `Šampūns ${part}` });
    expect(await ids({ search: `sampuns ${part}` })).toEqual([accented]);
    const byBrand = await productsOf(supplier.token, { search: brandName.toUpperCase() });
    expect(byBrand.edges.every((e: Loose) => e.node.manufacturer.id === brand)).toBe(true);
    expect(byBrand.pageInfo.hasNextPage).toBe(true);
    expect(names((await productsOf(supplier.token, { search: '  fusion ' })).edges)).toEqual(['Fusion shampoo 250 ml']);
    expect([await ids({ search: '%' }), await ids({ search: '_' })]).toEqual([[], []]);
    // Both salons, in name order, each with its own connected manufacturer only.
    expect((await salonsOf(supplier.token)).map((x) => [x.id, x.manufacturers.map((m: Loose) => m.id)])).toEqual([
      [demo.id, [wella?.id]],
      [owner.salonId, [brand]],
    ]);
    expect(await ids({ search: 'wella' })).toHaveLength(4);
    expect(await ids({ salonFilter: [demo.id] })).toHaveLength(4);
    expect(await ids({ salonFilter: [owner.salonId], search: part, first: 20 })).toEqual(
      expected.filter((id) => id !== twin.id).slice(0, 20),
    );

    const deleted = expected[0] as string;
    ok(await t.gql(DELETE_PRODUCT, { input: { productId: deleted } }, owner.token));
    expect(await ids({ search: part, first: 20 })).toEqual(expected.slice(1, 21));
  });

  it("reports only the connected products' paid lines of the range, with their salon, seller, product and totals", async () => {
    const { f, brand, other, product, cart, paid, master, salon, today } = await salonA();
    const supplier = await newSupplier([{ salon: f.salonId, manufacturer: brand }]);
    const [productRow] = await t.db.select().from(products).where(eq(products.id, product));
    const common = {
      salon: f.salonId,
      salonName: salon?.name,
      salonAddress: salon?.address,
      product: productRow?.name,
      productCode: 'OIL-1',
      manufacturer: 'Wella',
      boughtAt: expect.stringMatching(new RegExp(`^${today} \\d\\d:\\d\\d$`)),
    };
    const byOwner = {
      ...common,
      id: cart.items[0]?.id,
      seller: `${f.owner.fields.firstName} ${f.owner.fields.lastName}`,
      quantity: 2,
      price: '12.50',
      sum: '25.00',
    };
    const byMaster = {
      ...common,
      id: paid.id,
      seller: `${master?.firstName} ${master?.lastName}`.trim(),
      quantity: 3,
      price: '0.10',
      sum: '0.30',
    };
    const range = { fromDate: today, toDate: today };
    // The stock after the paid sales (50 - 2 - 3; the unpaid line takes nothing).
    expect((await productsOf(supplier.token)).edges.map((e: Loose) => [e.node.id, e.node.quantity])).toEqual([[product, 45]]);
    const got = await report(supplier.token, range);
    expect({ ...got, days: got.days.map((d: Loose) => ({ ...d, lines: [...d.lines].sort((a, b) => (a.id < b.id ? -1 : 1)) })) }).toEqual({
      totalCount: 2,
      totalQuantity: 5,
      revenue: { cash: '25.00', total: '25.30' },
      days: [{ date: today, quantity: 5, sum: '25.30', lines: [byOwner, byMaster].sort((a, b) => (a.id < b.id ? -1 : 1)) }],
    });

    // Ranges without today.
    expect(await report(supplier.token, { fromDate: addDays(today, -10), toDate: addDays(today, -1) })).toEqual(EMPTY_REPORT);
    expect(await report(supplier.token, { fromDate: addDays(today, 1), toDate: addDays(today, 3) })).toEqual(EMPTY_REPORT);
    expect((await report(supplier.token, { fromDate: addDays(today, -365), toDate: today })).totalCount).toBe(2);

    // Filters.
    const ids = async (variables: Loose) =>
      (await report(supplier.token, { ...range, ...variables })).days.flatMap((d: Loose) => d.lines.map((l: Loose) => l.id)).sort();
    const both = [byOwner.id, byMaster.id].sort();
    expect(await ids({ salonFilter: [f.salonId] })).toEqual(both);
    expect(await ids({ manufacturerFilter: [brand] })).toEqual(both);
    expect(await ids({ manufacturerFilter: [other] })).toEqual([]);
    expect(await ids({ masterFilter: [f.masterIds[0]] })).toEqual([byMaster.id]);
    expect(await ids({ masterFilter: [f.masterIds[2]] })).toEqual([]);
    const masterOnly = await report(supplier.token, { ...range, masterFilter: [f.masterIds[0]] });
    expect(masterOnly).toMatchObject({ totalCount: 1, totalQuantity: 3, revenue: { cash: '0.00', total: '0.30' } });

    // The range is checked on toDate: from after to, longer than a year.
    for (const bad of [
      { fromDate: today, toDate: addDays(today, -1) },
      { fromDate: addDays(today, -366), toDate: today },
    ]) {
      refused(await t.gql(REPORT, bad, supplier.token), { code: 'IllegalArgument', field: 'toDate' });
    }
    refused(await t.gql(REPORT, { fromDate: 'yesterday', toDate: today }, supplier.token), { code: 'IllegalArgument', field: 'fromDate' });

    // Connected to the other brand as well: its cart line counts too.
    await connect(supplier.id, [
      { salon: f.salonId, manufacturer: brand },
      { salon: f.salonId, manufacturer: other },
    ]);
    expect(await report(supplier.token, range)).toMatchObject({
      totalCount: 3,
      totalQuantity: 6,
      revenue: { cash: '30.00', total: '30.30' },
    });
    expect((await ids({ manufacturerFilter: [other] })).length).toBe(1);

    // The demo supplier is not connected to this salon.
    const demoSupplier = (await logIn(t, DEMO.supplier)).token as string;
    const demoIds = (await report(demoSupplier, { ...range, salonFilter: [f.salonId] })).days.flatMap((d: Loose) => d.lines);
    expect(demoIds).toEqual([]);

    // A deleted invoice no longer counts.
    await t.db.update(invoices).set({ deletedAt: new Date() }).where(eq(invoices.id, cart.id));
    expect(await ids({})).toEqual([byMaster.id]);
  });

  it("keeps another supplier to his salon: salon A's sales and products stay out even through the filters", async () => {
    const a = await salonA();
    const b = await shop();
    const supplierB = await newSupplier([{ salon: b.f.salonId, manufacturer: b.brand }]);
    const range = { fromDate: b.today, toDate: b.today };
    const lines = async (variables: Loose) =>
      (await report(supplierB.token, { ...range, ...variables })).days.flatMap((d: Loose) => d.lines.map((l: Loose) => l.salon));
    expect(await lines({})).toEqual([b.f.salonId, b.f.salonId]);
    expect(await lines({ salonFilter: [a.f.salonId] })).toEqual([]);
    expect(await lines({ salonFilter: [a.f.salonId, b.f.salonId] })).toEqual([b.f.salonId, b.f.salonId]);
    expect(await lines({ manufacturerFilter: [a.brand, a.other] })).toEqual([]);
    expect(await lines({ salonFilter: [a.f.salonId], manufacturerFilter: [a.brand] })).toEqual([]);
    expect(await lines({ masterFilter: [a.f.masterIds[0]] })).toEqual([]);

    const productSalons = async (variables: Loose) =>
      (await productsOf(supplierB.token, variables)).edges.map((e: Loose) => e.node.salon.id as string);
    expect(await productSalons({})).toEqual([b.f.salonId]);
    expect(await productSalons({ salonFilter: [a.f.salonId] })).toEqual([]);
    expect(await productSalons({ search: 'Shop oil' })).toEqual([b.f.salonId]);
    expect(await productSalons({ search: 'Foreign' })).toEqual([]);
    expect((await salonsOf(supplierB.token)).map((s) => s.id)).toEqual([b.f.salonId]);

    // And the other way round.
    const supplierA = await newSupplier([{ salon: a.f.salonId, manufacturer: a.brand }]);
    const seen = await report(supplierA.token, { ...range, salonFilter: [b.f.salonId], manufacturerFilter: [b.brand] });
    expect(seen).toEqual(EMPTY_REPORT);

    // Dated by when it was paid, in the salon's own zone; a deleted line, then a deleted salon, no longer count.
    await t.db
      .update(invoices)
      .set({ paidAt: new Date('2025-01-01T22:30:00Z') })
      .where(eq(invoices.id, b.cart.id));
    const on = async (date: string) =>
      (await report(supplierB.token, { fromDate: date, toDate: date })).days.flatMap((d: Loose) => d.lines.map((l: Loose) => l.boughtAt));
    expect([await on('2025-01-01'), await on('2025-01-02')]).toEqual([[], ['2025-01-02 00:30']]);
    await t.db.update(salons).set({ timeZone: 'America/New_York' }).where(eq(salons.id, b.f.salonId));
    expect([await on('2025-01-01'), await on('2025-01-02')]).toEqual([['2025-01-01 17:30'], []]);
    await t.db
      .update(invoiceItems)
      .set({ deletedAt: new Date() })
      .where(eq(invoiceItems.id, b.cart.items[0]?.id as string));
    expect(await on('2025-01-01')).toEqual([]);
    // The master's line of today stays (New York's today may be Riga's yesterday).
    expect(await lines({ fromDate: addDays(b.today, -1) })).toEqual([b.f.salonId]);
    await t.db.update(salons).set({ deletedAt: new Date() }).where(eq(salons.id, b.f.salonId));
    expect(await salonsOf(supplierB.token)).toEqual([]);
    expect((await productsOf(supplierB.token)).edges).toEqual([]);
    expect(await lines({ fromDate: addDays(b.today, -1) })).toEqual([]);
  });
});
