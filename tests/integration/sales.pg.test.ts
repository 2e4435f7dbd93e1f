import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { administrators, invoiceItems, invoices, products } from '../../server/db/schema';
import { addStaff, salonWithOwner, setSettings } from '../factories/salon';
import { ok, refused, type Loose } from '../helpers/graphql';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';
import { pullAll } from '../helpers/sync';

const CREATE = `mutation C($input: CreateCartInvoiceInput!) { createCartInvoice(input: $input) { id paid archived totalPrice rev } }`;
const ARCHIVE = `mutation A($input: ArchiveCartInvoiceInput!) { archiveCartInvoice(input: $input) { id archived rev } }`;
const ADD_MANUFACTURER = `mutation M($input: AddManufacturerInput!) { addManufacturer(input: $input) { id } }`;
const ADD_PRODUCT = `mutation P($input: AddProductInput!) { addProduct(input: $input) { id } }`;

/** Sales (part 1 §2-§8): createCartInvoice and archiveCartInvoice against the real server. */
describe.each(backends(import.meta.url))('sales on %s', (backend) => {
  const t = useTestServer(backend, ROOMY_LIMITS);
  const sell = (input: Loose, token: string) => t.gql(CREATE, { input }, token);
  const archive = (invoiceId: string, archived: boolean, token: string, command: Loose = null) =>
    t.gql(ARCHIVE, { input: { invoiceId, archived, command } }, token);
  const stockOf = async (id: string) =>
    (await t.db.select({ quantity: products.quantity }).from(products).where(eq(products.id, id)))[0]?.quantity;

  /** An owner's salon with products (quantity, price) and the owner's administrator id. */
  const setup = async (stock: Array<[number, string]> = [[5, '12.50']]) => {
    const f = await salonWithOwner(t, 0);
    const token = f.owner.token;
    const brand = ok(await t.gql(ADD_MANUFACTURER, { input: { id: newId(), salon: f.salonId, name: 'Wella' } }, token)).addManufacturer
      .id as string;
    const productIds: string[] = [];
    for (const [i, [quantity, price]] of stock.entries()) {
      const input = {
        id: newId(),
        salon: f.salonId,
        name: `Product ${i}`,
        manufacturer: brand,
        code: '',
        quantity,
        price,
        supplierPrice: '',
        type: 'SALE',
      };
      productIds.push(ok(await t.gql(ADD_PRODUCT, { input }, token)).addProduct.id);
    }
    const [admin] = await t.db
      .select({ userId: administrators.userId })
      .from(administrators)
      .where(and(eq(administrators.salonId, f.salonId), eq(administrators.userId, f.owner.userId)));
    return { ...f, token, productIds, administrator: admin?.userId as string };
  };
  const item = (entity: string, overrides: Loose = {}) => ({
    id: newId(),
    entity,
    quantity: 1,
    price: '12,50',
    paymentType: 'CASH',
    ...overrides,
  });
  const sale = (f: { salonId: string; administrator: string }, items: Loose[], overrides: Loose = {}) => ({
    id: newId(),
    salon: f.salonId,
    administrator: f.administrator,
    items,
    ...overrides,
  });

  it('sells: a paid CART invoice of PRODUCT items sold by the administrator, exact total, stock taken out; pull sends both', async () => {
    const f = await setup([
      [5, '12.50'],
      [10, '0.10'],
    ]);
    const [a, b] = f.productIds as [string, string];
    const input = sale(f, [
      item(a, { quantity: 2, price: '99999,99' }),
      item(b, { quantity: 3, price: '0.1', paymentType: 'GIFT' }),
      item(a, { quantity: 1, price: '12.5', paymentType: 'CC' }),
    ]);
    const made = ok(await sell(input, f.token)).createCartInvoice;
    expect(made).toMatchObject({ id: input.id, paid: true, archived: false, totalPrice: '200012.78' });
    expect(await stockOf(a)).toBe(2);
    expect(await stockOf(b)).toBe(7);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, input.id));
    expect(row).toMatchObject({
      salonId: f.salonId,
      type: 'CART',
      administratorId: f.administrator,
      paid: true,
      appointmentId: null,
      totalPrice: '200012.78',
    });
    expect(row?.paidAt).not.toBeNull();
    const items = await t.db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, input.id));
    expect(items.map((i) => [i.type, i.entityId, i.sellerId, i.sellerType, i.quantity, i.price, i.paymentType]).sort()).toEqual(
      [
        ['PRODUCT', a, f.administrator, 'ADMINISTRATOR', 1, '12.50', 'CC'],
        ['PRODUCT', a, f.administrator, 'ADMINISTRATOR', 2, '99999.99', 'CASH'],
        ['PRODUCT', b, f.administrator, 'ADMINISTRATOR', 3, '0.10', 'GIFT'],
      ].sort(),
    );
    const pulled = await pullAll(t, f.token, f.salonId);
    expect(pulled.mirror.get(`invoices:${input.id}`)).toMatchObject({
      type: 'CART',
      paid: true,
      archived: false,
      totalPrice: '200012.78',
      administratorId: f.administrator,
    });
    expect(pulled.mirror.get(`invoices:${input.id}`).items).toHaveLength(3);
    expect(pulled.mirror.get(`products:${a}`).quantity).toBe(2);
  });

  it('refuses each invalid field with the spec message on its field, writing nothing', async () => {
    const f = await setup();
    const p = f.productIds[0] as string;
    const cases: Array<[Loose, string, string]> = [
      [{ administrator: null }, 'administrator', 'sale.selectAdministrator'],
      [{ administrator: newId() }, 'administrator', 'sale.selectAdministrator'],
      [{ items: [] }, 'items', 'sale.addAtLeastOne'],
      [{ items: [item(p, { entity: null })] }, 'items.0.entity', 'sale.selectProduct'],
      [{ items: [item(p), item(newId())] }, 'items.1.entity', 'sale.selectProduct'],
      [{ items: [item(p, { quantity: 0 })] }, 'items.0.quantity', 'sale.selectQuantity'],
      [{ items: [item(p, { quantity: null })] }, 'items.0.quantity', 'sale.selectQuantity'],
      [{ items: [item(p, { price: '0' })] }, 'items.0.price', 'sale.priceInvalid'],
      [{ items: [item(p, { price: '1.234' })] }, 'items.0.price', 'sale.priceInvalid'],
      [{ items: [item(p, { paymentType: null })] }, 'items.0.paymentType', 'sale.selectPaymentType'],
      [{ items: [item(p, { paymentType: 'MEMBERSHIP' })] }, 'items.0.paymentType', 'sale.selectPaymentType'],
    ];
    for (const [patch, field, messageId] of cases) {
      const input = sale(f, [item(p)], patch);
      refused(await sell(input, f.token), { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field, messageId });
      expect(await t.db.select().from(invoices).where(eq(invoices.id, input.id))).toEqual([]);
    }
    expect(await stockOf(p)).toBe(5);
  });

  it('refuses more than the stock (NEGATIVE_PRODUCT_QUANTITY), counting one product over its rows, and writes nothing', async () => {
    const f = await setup([
      [3, '5.00'],
      [9, '1.00'],
    ]);
    const [a, b] = f.productIds as [string, string];
    const tooMany = sale(f, [item(b, { quantity: 2 }), item(a, { quantity: 2 }), item(a, { quantity: 2 })]);
    const error = refused(await sell(tooMany, f.token), {
      code: 'IllegalArgument',
      reason: 'NEGATIVE_PRODUCT_QUANTITY',
      field: null,
      messageId: 'sale.quantityTooBig',
    });
    expect(error.message).toBe('Invoice item quantity is too big');
    expect([await stockOf(a), await stockOf(b)]).toEqual([3, 9]);
    expect(await t.db.select().from(invoices).where(eq(invoices.id, tooMany.id))).toEqual([]);
    ok(await sell(sale(f, [item(a, { quantity: 3 })]), f.token));
    expect(await stockOf(a)).toBe(0);
    refused(await sell(sale(f, [item(a)]), f.token), { reason: 'NEGATIVE_PRODUCT_QUANTITY' });
  });

  it('two devices selling the last item at once: exactly one wins, the other is refused and recorded; the stock ends at 0', async () => {
    const f = await setup([[1, '30.00']]);
    const p = f.productIds[0] as string;
    const other = await addStaff(t, f.salonId, 'ADMIN');
    const attempts = [
      { input: sale(f, [item(p)], { command: { clientId: newId(), seq: 1 } }), token: f.token },
      { input: sale(f, [item(p)], { command: { clientId: newId(), seq: 1 } }), token: other.token },
      { input: sale(f, [item(p)], { command: { clientId: newId(), seq: 1 } }), token: f.token },
    ];
    const results = await Promise.all(attempts.map((a) => sell(a.input, a.token)));
    const winners = results.filter((r) => !r.errors);
    expect(winners).toHaveLength(1);
    for (const r of results.filter((x) => x.errors)) refused(r, { code: 'IllegalArgument', reason: 'NEGATIVE_PRODUCT_QUANTITY' });
    expect(await stockOf(p)).toBe(0);
    expect(await t.db.select().from(invoices).where(eq(invoices.salonId, f.salonId))).toHaveLength(1);
    // A refused command is answered the same when pushed again (its seq was recorded).
    const loser = attempts[results.findIndex((r) => r.errors)] as (typeof attempts)[number];
    refused(await sell(loser.input, loser.token), { reason: 'NEGATIVE_PRODUCT_QUANTITY' });
  });

  it('a product edited on a device that had not seen a sale keeps the sale: the count typed adjusts the stock (decision 081)', async () => {
    const f = await setup([[3, '12.50']]);
    const [id] = f.productIds as [string];
    const UPDATE = `mutation U($input: UpdateProductInput!) { updateProduct(input: $input) { quantity } }`;
    const brand = (await t.db.select({ m: products.manufacturerId }).from(products).where(eq(products.id, id)))[0]?.m;
    const edit = (quantity: number, quantityWas: number | null, name = 'Product 0') =>
      t.gql(
        UPDATE,
        { input: { productId: id, name, manufacturer: brand, code: '', quantity, price: '12.50', type: 'SALE', quantityWas } },
        f.token,
      );
    // A tablet opened the product at 3; meanwhile the desk sold 2.
    ok(await sell(sale(f, [item(id, { quantity: 2 })]), f.token));
    // The tablet renames it, the count untouched: the stock stays 1, the sale is not undone.
    expect(ok(await edit(3, 3, 'Shampoo 250 ml')).updateProduct).toEqual({ quantity: 1 });
    // Four received, typed as 3 -> 7: 1 + 4.
    expect(ok(await edit(7, 3)).updateProduct).toEqual({ quantity: 5 });
    // Taking away more than is left now is refused on the quantity field, and changes nothing.
    refused(await edit(0, 7), { reason: 'STOCK_BELOW_ZERO', field: 'quantity', messageId: 'product.stockBelowZero' });
    expect(await stockOf(id)).toBe(5);
    // Without the count shown (the spec's own API) the quantity is set as typed.
    expect(ok(await edit(2, null)).updateProduct).toEqual({ quantity: 2 });
  });

  it('applies a sale once per command seq: a repeat returns the first answer and takes nothing more', async () => {
    const f = await setup([[4, '2.00']]);
    const p = f.productIds[0] as string;
    const input = sale(f, [item(p, { quantity: 2, price: '2' })], { command: { clientId: newId(), seq: 1 } });
    const first = ok(await sell(input, f.token)).createCartInvoice;
    const again = ok(await sell(input, f.token)).createCartInvoice;
    expect(again).toEqual(first);
    expect(await stockOf(p)).toBe(2);
  });

  it('masters are refused selling and archiving (part 1 §6)', async () => {
    const f = await setup();
    const p = f.productIds[0] as string;
    const master = await addStaff(t, f.salonId, 'MASTER');
    refused(await sell(sale(f, [item(p)]), master.token), { code: 'Forbidden' });
    const made = ok(await sell(sale(f, [item(p)]), f.token)).createCartInvoice;
    await setSettings(t, f.salonId, { enableArchive: true });
    refused(await archive(made.id, true, master.token), { code: 'Forbidden' });
    expect(await stockOf(p)).toBe(4);
  });

  it('archiving a paid sale needs the archive setting, or the owner (part 1 §6)', async () => {
    const f = await setup();
    const p = f.productIds[0] as string;
    const admin = await addStaff(t, f.salonId, 'ADMIN');
    const made = ok(await sell(sale(f, [item(p)]), admin.token)).createCartInvoice;
    refused(await archive(made.id, true, admin.token), { code: 'Forbidden', reason: 'ARCHIVE_PAID_NOT_ALLOWED' });
    expect(ok(await archive(made.id, true, f.token)).archiveCartInvoice).toMatchObject({ id: made.id, archived: true });
    expect(ok(await archive(made.id, false, f.token)).archiveCartInvoice.archived).toBe(false);
    await setSettings(t, f.salonId, { enableArchive: true });
    const archived = ok(await archive(made.id, true, admin.token)).archiveCartInvoice;
    expect(archived.archived).toBe(true);
    const pulled = await pullAll(t, f.token, f.salonId);
    expect(pulled.mirror.get(`invoices:${made.id}`)).toMatchObject({ archived: true, paid: true });
    refused(await archive(newId(), true, f.token), { code: 'NotExists', reason: 'ID_DOES_NOT_EXISTS', messageId: 'sale.notExists' });
  });

  it('one salon never sees or sells another salon’s products, administrators or invoices', async () => {
    const a = await setup();
    const b = await setup();
    const aProduct = a.productIds[0] as string;
    refused(await sell(sale(b, [item(aProduct)]), b.token), {
      code: 'IllegalArgument',
      field: 'items.0.entity',
      messageId: 'sale.selectProduct',
    });
    refused(await sell(sale(b, [item(b.productIds[0] as string)], { administrator: a.administrator }), b.token), {
      field: 'administrator',
      messageId: 'sale.selectAdministrator',
    });
    refused(await sell(sale(a, [item(aProduct)]), b.token), { code: 'Forbidden' });
    expect(await stockOf(aProduct)).toBe(5);
    const made = ok(await sell(sale(a, [item(aProduct)]), a.token)).createCartInvoice;
    refused(await archive(made.id, true, b.token), { code: 'NotExists' });
    const pulled = await pullAll(t, b.token, b.salonId);
    expect(pulled.mirror.has(`invoices:${made.id}`)).toBe(false);
    expect(pulled.mirror.has(`products:${aProduct}`)).toBe(false);
  });
});
