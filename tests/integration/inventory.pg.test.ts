import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { products } from '../../server/db/schema';
import { addUser, logIn } from '../factories/accounts';
import { addStaff, salonWithOwner } from '../factories/salon';
import { ok, refused, type Loose } from '../helpers/graphql';
import { SWITCH_SALON } from '../helpers/operations';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';
import { pullAll } from '../helpers/sync';

const FIELDS = 'id salonId name code manufacturerId manufacturer { id name } quantity price supplierPrice type rev';
const ADD = `mutation A($input: AddProductInput!) { addProduct(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation U($input: UpdateProductInput!) { updateProduct(input: $input) { ${FIELDS} } }`;
const DELETE = `mutation D($input: DeleteProductInput!) { deleteProduct(input: $input) { productId } }`;
const ADD_MANUFACTURER = `mutation M($input: AddManufacturerInput!) { addManufacturer(input: $input) { id name } }`;
const DELETE_MANUFACTURER = `mutation DM($input: DeleteManufacturerInput!) { deleteManufacturer(input: $input) { manufacturerId } }`;
const GET = `query G($salon: ID!, $search: String, $manufacturersFilter: [ID!], $first: Int, $after: String) {
  getProducts(salon: $salon, search: $search, manufacturersFilter: $manufacturersFilter, first: $first, after: $after) {
    edges { cursor node { id name manufacturer { name } price } } pageInfo { endCursor hasNextPage }
  }
}`;

describe.each(backends(import.meta.url))('products on %s', (backend) => {
  const t = useTestServer(backend, ROOMY_LIMITS);
  const add = (input: Loose, token: string) => t.gql(ADD, { input }, token);
  const update = (input: Loose, token: string) => t.gql(UPDATE, { input }, token);
  const remove = (productId: string, token: string) => t.gql(DELETE, { input: { productId } }, token);
  const rowOf = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0];
  const manufacturer = async (salon: string, token: string, name = `Brand ${newId().slice(0, 6)}`) =>
    ok(await t.gql(ADD_MANUFACTURER, { input: { id: newId(), salon, name } }, token)).addManufacturer as { id: string; name: string };
  const input = (salon: string, manufacturerId: string, overrides: Loose = {}) => ({
    id: newId(),
    salon,
    name: `Shampoo ${newId().slice(0, 6)}`,
    manufacturer: manufacturerId,
    code: 'W-1',
    quantity: 5,
    price: '12,5',
    supplierPrice: '',
    type: 'SALE',
    ...overrides,
  });
  /** An owner's salon with one manufacturer. */
  const setup = async () => {
    const f = await salonWithOwner(t, 0);
    return { ...f, token: f.owner.token, brand: await manufacturer(f.salonId, f.owner.token, 'Wella') };
  };

  it('adds a product: a comma price becomes a dot with two decimals, an empty supplier price null; pull sends it', async () => {
    const f = await setup();
    const made = ok(
      await add(input(f.salonId, f.brand.id, { name: ' Oil ', code: ' X-9 ', supplierPrice: '7,25', type: 'INTERNAL' }), f.token),
    ).addProduct;
    expect(made).toMatchObject({
      salonId: f.salonId,
      name: 'Oil',
      code: 'X-9',
      manufacturerId: f.brand.id,
      manufacturer: { id: f.brand.id, name: 'Wella' },
      quantity: 5,
      price: '12.50',
      supplierPrice: '7.25',
      type: 'INTERNAL',
    });
    const plain = ok(await add(input(f.salonId, f.brand.id, { price: '3' }), f.token)).addProduct;
    expect(plain).toMatchObject({ price: '3.00', supplierPrice: null, type: 'SALE' });
    expect(await rowOf(plain.id)).toMatchObject({ price: '3.00', supplierPrice: null });
    const pulled = await pullAll(t, f.token, f.salonId);
    expect(pulled.mirror.get(`products:${made.id}`)).toEqual({
      id: made.id,
      salonId: f.salonId,
      manufacturerId: f.brand.id,
      name: 'Oil',
      code: 'X-9',
      quantity: 5,
      price: '12.50',
      supplierPrice: '7.25',
      type: 'INTERNAL',
    });
  });

  it('refuses each invalid field with the spec message on its field, writing nothing', async () => {
    const f = await setup();
    const cases: Array<[Loose, string, string]> = [
      [{ name: '  ' }, 'name', 'product.enterName'],
      [{ manufacturer: 'wella' }, 'manufacturer', 'product.enterManufacturer'],
      [{ quantity: -1 }, 'quantity', 'product.enterQuantity'],
      [{ price: '12.5x' }, 'price', 'product.enterPrice'],
      [{ price: '' }, 'price', 'product.enterPrice'],
      [{ supplierPrice: '1,2,3' }, 'supplierPrice', 'product.supplierPriceInvalid'],
      [{ type: 'GIFT' }, 'type', 'product.chooseType'],
    ];
    for (const [overrides, field, messageId] of cases) {
      const bad = input(f.salonId, f.brand.id, overrides);
      refused(await add(bad, f.token), { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field, messageId });
      expect(await rowOf(bad.id)).toBeUndefined();
    }
    // A manufacturer of another salon, or none that exists, is not one of this salon's.
    const other = await setup();
    for (const id of [other.brand.id, newId()]) {
      refused(await add(input(f.salonId, id), f.token), {
        code: 'IllegalArgument',
        reason: 'VALIDATION_FAILED',
        field: 'manufacturer',
        messageId: 'product.enterManufacturer',
      });
    }
  });

  it('NAME_ALREADY_EXISTS on name within a manufacturer (case and spaces ignored); another manufacturer or salon may use it', async () => {
    const f = await setup();
    ok(await add(input(f.salonId, f.brand.id, { name: 'Hair Oil' }), f.token));
    const taken = input(f.salonId, f.brand.id, { name: ' hair oil ' });
    const error = refused(await add(taken, f.token), {
      code: 'AlreadyExists',
      reason: 'NAME_ALREADY_EXISTS',
      field: 'name',
      messageId: 'product.nameExists',
    });
    expect(error.message).toBe('Product with the same name already exists');
    expect(await rowOf(taken.id)).toBeUndefined();
    const second = await manufacturer(f.salonId, f.token, 'Loreal');
    ok(await add(input(f.salonId, second.id, { name: 'Hair Oil' }), f.token));
    const other = await setup();
    ok(await add(input(other.salonId, other.brand.id, { name: 'Hair Oil' }), other.token));
    // Moving a product to a manufacturer that already has the name is refused too.
    const moving = ok(await add(input(f.salonId, f.brand.id, { name: 'Balm' }), f.token)).addProduct;
    ok(await add(input(f.salonId, second.id, { name: 'Balm' }), f.token));
    refused(
      await update({ ...input(f.salonId, second.id, { name: 'Balm' }), id: undefined, salon: undefined, productId: moving.id }, f.token),
      {
        code: 'AlreadyExists',
        reason: 'NAME_ALREADY_EXISTS',
        field: 'name',
      },
    );
  });

  it('updates every field; refuses a missing product (ID_DOES_NOT_EXISTS) and a taken name', async () => {
    const f = await setup();
    const a = ok(await add(input(f.salonId, f.brand.id, { name: 'A' }), f.token)).addProduct;
    ok(await add(input(f.salonId, f.brand.id, { name: 'B' }), f.token));
    const edit = (productId: string, overrides: Loose = {}) => ({
      productId,
      name: 'A2',
      manufacturer: f.brand.id,
      code: 'C-2',
      quantity: '9',
      price: '1.05',
      supplierPrice: '0,5',
      type: 'INTERNAL',
      ...overrides,
    });
    const saved = ok(await update({ ...edit(a.id), quantity: 9 }, f.token)).updateProduct;
    expect(saved).toMatchObject({ name: 'A2', code: 'C-2', quantity: 9, price: '1.05', supplierPrice: '0.50', type: 'INTERNAL' });
    expect(saved.rev).toBeGreaterThan(a.rev);
    refused(await update({ ...edit(a.id, { name: 'b' }), quantity: 1 }, f.token), {
      code: 'AlreadyExists',
      reason: 'NAME_ALREADY_EXISTS',
      field: 'name',
    });
    const missing = refused(await update({ ...edit(newId()), quantity: 1 }, f.token), {
      code: 'NotExists',
      reason: 'ID_DOES_NOT_EXISTS',
      messageId: 'product.notExists',
    });
    expect(missing.message).toBe('This product does not exist');
  });

  it('keeps a deleted manufacturer as the current value, but refuses choosing a deleted one', async () => {
    const f = await setup();
    const old = await manufacturer(f.salonId, f.token, 'Old brand');
    const p = ok(await add(input(f.salonId, old.id, { name: 'Legacy' }), f.token)).addProduct;
    ok(await t.gql(DELETE_MANUFACTURER, { input: { manufacturerId: old.id } }, f.token));
    const kept = ok(
      await update({ productId: p.id, name: 'Legacy', manufacturer: old.id, quantity: 2, price: '1', type: 'SALE' }, f.token),
    ).updateProduct;
    expect(kept).toMatchObject({ manufacturerId: old.id, quantity: 2 });
    refused(await add(input(f.salonId, old.id), f.token), { code: 'IllegalArgument', field: 'manufacturer' });
  });

  it('delete soft-deletes (pull sends a tombstone) and frees the name; a second delete is ID_DOES_NOT_EXISTS', async () => {
    const f = await setup();
    const made = ok(await add(input(f.salonId, f.brand.id, { name: 'Mask' }), f.token)).addProduct;
    const before = await pullAll(t, f.token, f.salonId);
    expect(ok(await remove(made.id, f.token)).deleteProduct).toEqual({ productId: made.id });
    expect((await rowOf(made.id))?.deletedAt).not.toBeNull();
    const after = await pullAll(t, f.token, f.salonId, { cursor: before.cursor });
    expect(after.pages.flatMap((p) => p.changes).find((c) => c.id === made.id)).toMatchObject({ entity: 'products', deleted: true });
    refused(await remove(made.id, f.token), { code: 'NotExists', reason: 'ID_DOES_NOT_EXISTS', messageId: 'product.notExists' });
    ok(await add(input(f.salonId, f.brand.id, { name: 'Mask' }), f.token));
  });

  it('masters may not write or list products, and their pull leaves the supplier price out; another administrator and a sysadmin may write', async () => {
    const f = await setup();
    const p = ok(await add(input(f.salonId, f.brand.id, { name: 'Serum', supplierPrice: '4' }), f.token)).addProduct;
    const master = await addStaff(t, f.salonId, 'MASTER');
    refused(await add(input(f.salonId, f.brand.id), master.token), { code: 'Forbidden' });
    refused(await update({ productId: p.id, name: 'M', manufacturer: f.brand.id, quantity: 1, price: '1', type: 'SALE' }, master.token), {
      code: 'Forbidden',
    });
    refused(await remove(p.id, master.token), { code: 'Forbidden' });
    refused(await t.gql(GET, { salon: f.salonId }, master.token), { code: 'Forbidden' });
    const masterPull = await pullAll(t, master.token, f.salonId);
    expect(masterPull.mirror.get(`products:${p.id}`)).toMatchObject({ name: 'Serum', price: '12.50', supplierPrice: null });
    expect(await rowOf(p.id)).toMatchObject({ name: 'Serum', deletedAt: null });

    const admin = await addStaff(t, f.salonId, 'ADMIN');
    ok(await add(input(f.salonId, f.brand.id, { name: 'By admin' }), admin.token));
    const sys = await addUser(t, { isSysadmin: true, password: 'sysadmin-password-1' });
    const { token } = await logIn(t, sys.email, 'sysadmin-password-1');
    ok(await t.gql(SWITCH_SALON, { input: { salon: f.salonId } }, token));
    ok(await add(input(f.salonId, f.brand.id, { name: 'By sysadmin' }), token));
  });

  it("one salon never sees or changes another's products", async () => {
    const f = await setup();
    const p = ok(await add(input(f.salonId, f.brand.id, { name: 'Private' }), f.token)).addProduct;
    const other = await setup();
    refused(
      await update({ productId: p.id, name: 'X', manufacturer: other.brand.id, quantity: 1, price: '1', type: 'SALE' }, other.token),
      { code: 'NotExists' },
    );
    refused(await remove(p.id, other.token), { code: 'NotExists' });
    refused(await add(input(f.salonId, f.brand.id), other.token), { code: 'Forbidden' });
    refused(await t.gql(GET, { salon: f.salonId }, other.token), { code: 'Forbidden' });
    const theirs = await pullAll(t, other.token, other.salonId);
    expect(theirs.mirror.has(`products:${p.id}`)).toBe(false);
    expect(ok(await t.gql(GET, { salon: other.salonId }, other.token)).getProducts.edges).toEqual([]);
    expect(await rowOf(p.id)).toMatchObject({ name: 'Private', deletedAt: null });
  });

  it('getProducts: name order, manufacturers filter, search over name, code and manufacturer, pages with cursors', async () => {
    const f = await setup();
    const loreal = await manufacturer(f.salonId, f.token, 'Loreal');
    for (const [name, brand, code] of [
      ['Conditioner', loreal.id, 'L-1'],
      ['Balm', f.brand.id, 'W-7'],
      ['Argan oil', loreal.id, 'L-2'],
    ] as const) {
      ok(await add(input(f.salonId, brand, { name, code }), f.token));
    }
    const names = async (vars: Loose) =>
      ok(await t.gql(GET, { salon: f.salonId, ...vars }, f.token)).getProducts.edges.map((e: Loose) => e.node.name);
    expect(await names({})).toEqual(['Argan oil', 'Balm', 'Conditioner']);
    expect(await names({ manufacturersFilter: [loreal.id] })).toEqual(['Argan oil', 'Conditioner']);
    expect(await names({ search: 'w-7' })).toEqual(['Balm']);
    expect(await names({ search: 'LOREAL' })).toEqual(['Argan oil', 'Conditioner']);
    expect(await names({ search: 'oil', manufacturersFilter: [f.brand.id] })).toEqual([]);
    const first = ok(await t.gql(GET, { salon: f.salonId, first: 2 }, f.token)).getProducts;
    expect(first.edges.map((e: Loose) => e.node.name)).toEqual(['Argan oil', 'Balm']);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const rest = ok(await t.gql(GET, { salon: f.salonId, first: 2, after: first.pageInfo.endCursor }, f.token)).getProducts;
    expect(rest.edges.map((e: Loose) => e.node.name)).toEqual(['Conditioner']);
    expect(rest.pageInfo.hasNextPage).toBe(false);
    refused(await t.gql(GET, { salon: f.salonId, first: 501 }, f.token), { code: 'IllegalArgument' });
  });
});
