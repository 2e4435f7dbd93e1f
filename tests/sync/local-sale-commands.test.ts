import { afterEach, describe, expect, it } from 'vitest';
import { rebase, runCommand, sale } from '../../src/db/commands';
import type { SalonDb } from '../../src/db/salon-db';
import { CommandRefusal } from '../../src/domain/command-refusal';
import { newId } from '../../src/domain/ids';
import { DEFAULT_SALON_SETTINGS } from '../../src/domain/rules/salon-defaults';
import type { AdministratorRow, ProductRow } from '../../src/domain/entities';
import { applyPullPage } from '../../src/sync/pull';
import { makeContext, makeDb } from '../factories/mirror';

const ctx = makeContext();
const salonId = ctx.salonId;
let db: SalonDb;
afterEach(async () => {
  await db?.delete();
});

const product = (quantity: number, o: Partial<ProductRow> = {}): ProductRow => ({
  id: newId(),
  salonId,
  manufacturerId: null,
  name: 'Shampoo',
  code: '',
  quantity,
  price: '12.50',
  supplierPrice: null,
  type: 'SALE',
  ...o,
});
const administrator: AdministratorRow = {
  id: newId(),
  salonId,
  userId: ctx.userId,
  firstName: 'Laura',
  lastName: 'Ozola',
  phone: null,
  email: 'laura@example.test',
};

async function seed(...products: ProductRow[]) {
  db = makeDb();
  await db.mirror('administrators').put(administrator);
  for (const p of products) await db.mirror('products').put(p);
}

const item = (entity: string, quantity: number, price = '12,5') => ({ id: newId(), entity, quantity, price, paymentType: 'CASH' as const });
const saleInput = (items: ReturnType<typeof item>[], o: Record<string, unknown> = {}) => ({
  id: newId(),
  salon: salonId,
  administrator: ctx.userId,
  items,
  ...o,
});
const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => (e instanceof CommandRefusal ? e.error : e),
  );

describe('sale.create on the mirror', () => {
  it('writes a paid CART invoice with PRODUCT items and takes the stock out, with its outbox entry, in one go', async () => {
    const a = product(3);
    const b = product(10, { name: 'Balm' });
    await seed(a, b);
    const input = saleInput([item(a.id, 2), item(b.id, 3, '0.1'), item(a.id, 1)]);
    const { seq } = await runCommand(db, sale.createSale, { ctx, input }, { salonId, form: { kind: 'sale.new', values: {} } });
    expect(await db.mirror('invoices').get(input.id)).toMatchObject({
      type: 'CART',
      paid: true,
      archived: false,
      administratorId: ctx.userId,
      totalPrice: '37.80',
      appointmentId: null,
      items: [
        {
          type: 'PRODUCT',
          entityId: a.id,
          sellerId: ctx.userId,
          sellerType: 'ADMINISTRATOR',
          quantity: 2,
          price: '12.50',
          paymentType: 'CASH',
        },
        { entityId: b.id, quantity: 3, price: '0.10' },
        { entityId: a.id, quantity: 1 },
      ],
    });
    expect((await db.mirror('products').get(a.id))?.quantity).toBe(0);
    expect((await db.mirror('products').get(b.id))?.quantity).toBe(7);
    expect(await db.outbox.get(seq)).toMatchObject({ name: 'sale.create', form: { kind: 'sale.new' } });
  });

  it('refuses more than the mirror holds (summed over rows), an unknown product or administrator, and masters; writing nothing', async () => {
    const a = product(2);
    await seed(a);
    const run = (input: unknown, c = ctx) => refusalOf(runCommand(db, sale.createSale, { ctx: c, input } as never, { salonId }));
    expect(await run(saleInput([item(a.id, 1), item(a.id, 2)]))).toMatchObject({
      code: 'IllegalArgument',
      reason: 'NEGATIVE_PRODUCT_QUANTITY',
      messageId: 'sale.quantityTooBig',
      field: null,
    });
    expect(await run(saleInput([item(a.id, 1), item(newId(), 1)]))).toMatchObject({
      field: 'items.1.entity',
      messageId: 'sale.selectProduct',
    });
    expect(await run(saleInput([item(a.id, 1)], { administrator: newId() }))).toMatchObject({
      field: 'administrator',
      messageId: 'sale.selectAdministrator',
    });
    expect(await run(saleInput([]))).toMatchObject({ field: 'items', messageId: 'sale.addAtLeastOne' });
    expect(await run(saleInput([item(a.id, 1)]), makeContext({ role: 'MASTER', isOwner: false }))).toMatchObject({ code: 'Forbidden' });
    expect(await db.mirror('invoices').count()).toBe(0);
    expect((await db.mirror('products').get(a.id))?.quantity).toBe(2);
    expect(await db.outbox.count()).toBe(0);
  });

  it('re-bases a pending sale on newer server stock, and undoes it exactly when the server refuses it', async () => {
    const a = product(3);
    await seed(a);
    const input = saleInput([item(a.id, 2)]);
    await runCommand(db, sale.createSale, { ctx, input }, { salonId });
    expect((await db.mirror('products').get(a.id))?.quantity).toBe(1);
    // The server's stock changed meanwhile (a delivery on another device): the pending sale stays taken out of it.
    await applyPullPage(db, salonId, {
      changes: [{ entity: 'products', id: a.id, data: { ...a, quantity: 5 } }],
      cursor: 7,
      hasMore: false,
      salonRev: 7,
    });
    expect((await db.mirror('products').get(a.id))?.quantity).toBe(3);
    // Refused (another device sold them first): without the command, the mirror is the server's again.
    await db.transaction('rw', db.tables, async () => {
      await db.outbox.clear();
      await rebase(db);
    });
    expect(await db.mirror('products').get(a.id)).toEqual({ ...a, quantity: 5 });
    expect(await db.mirror('invoices').get(input.id)).toBeUndefined();
  });
});

describe('sale.archive on the mirror', () => {
  it('archives a sale for the owner, and for an administrator only with the archive setting', async () => {
    const a = product(3);
    await seed(a);
    const input = saleInput([item(a.id, 1)]);
    await runCommand(db, sale.createSale, { ctx, input }, { salonId });
    const admin = makeContext({ isOwner: false, settings: DEFAULT_SALON_SETTINGS });
    expect(
      await refusalOf(runCommand(db, sale.archiveSale, { ctx: admin, input: { invoiceId: input.id, archived: true } }, { salonId })),
    ).toMatchObject({ code: 'Forbidden' });
    expect(
      await refusalOf(runCommand(db, sale.archiveSale, { ctx, input: { invoiceId: newId(), archived: true } }, { salonId })),
    ).toMatchObject({ code: 'NotExists', messageId: 'sale.notExists' });
    const allowed = makeContext({ isOwner: false, settings: { ...DEFAULT_SALON_SETTINGS, enableArchive: true } });
    await runCommand(db, sale.archiveSale, { ctx: allowed, input: { invoiceId: input.id, archived: true } }, { salonId });
    expect((await db.mirror('invoices').get(input.id))?.archived).toBe(true);
  });
});
