import { afterEach, describe, expect, it } from 'vitest';
import { invoice, rebase, runCommand } from '../../src/db/commands';
import type { SalonDb } from '../../src/db/salon-db';
import { CommandRefusal } from '../../src/domain/command-refusal';
import { derivedId, newId } from '../../src/domain/ids';
import type { MembershipRow, ProductRow } from '../../src/domain/entities';
import { applyPullPage } from '../../src/sync/pull';
import { makeAppointment, makeClient, makeContext, makeDb, makeMaster, makeService } from '../factories/mirror';

const ctx = makeContext();
const salonId = ctx.salonId;
let db: SalonDb;
afterEach(async () => {
  await db?.delete();
});

const master = makeMaster();
const service = makeService({ price: '25.00' });
const client = makeClient();
const appointment = makeAppointment({ masterId: master.id, clientId: client.id, serviceId: service.id });
const product = (quantity: number): ProductRow => ({
  id: newId(),
  salonId,
  manufacturerId: null,
  name: 'Mask',
  code: '',
  quantity,
  price: '9.90',
  supplierPrice: null,
  type: 'SALE',
});
const membership = (quantity: number, totalUses = 0): MembershipRow => ({
  id: newId(),
  salonId,
  clientId: client.id,
  serviceId: service.id,
  authorId: null,
  serialNumber: 1,
  quantity,
  price: '50.00',
  pricePerUse: '10.00',
  totalUses,
  paymentType: 'CASH',
  createdAt: ctx.now,
});

async function seed(...rows: Array<ProductRow | MembershipRow>) {
  db = makeDb();
  await db.mirror('masters').put(master);
  await db.mirror('services').put(service);
  await db.mirror('clients').put(client);
  await db.mirror('appointments').put(appointment);
  for (const row of rows) await ('pricePerUse' in row ? db.mirror('memberships').put(row) : db.mirror('products').put(row));
}
const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => (e instanceof CommandRefusal ? e.error : e),
  );
const create = async (c = ctx) => {
  const input = { id: newId(), salon: salonId, appointment: appointment.id };
  await runCommand(db, invoice.createInvoice, { ctx: c, input }, { salonId });
  return input.id;
};
const line = (o: Record<string, unknown> = {}) => ({
  id: newId(),
  type: 'SERVICE' as const,
  entity: service.id,
  quantity: 1,
  price: '25,00',
  paymentType: 'CASH' as const,
  seller: master.id,
  ...o,
});
const update = (invoiceId: string, items: ReturnType<typeof line>[], o: Record<string, unknown> = {}, c = ctx) =>
  runCommand(db, invoice.updateInvoice, { ctx: c, input: { invoiceId, membership: null, items, paid: false, ...o } } as never, {
    salonId,
    form: { kind: 'invoice.edit', values: {} },
  });

describe('invoice.create on the mirror', () => {
  it("writes a draft with the appointment's service line, as the server does; only one per appointment", async () => {
    await seed();
    const id = await create();
    expect(await db.mirror('invoices').get(id)).toEqual({
      id,
      salonId,
      appointmentId: appointment.id,
      type: 'APPOINTMENT',
      administratorId: ctx.userId,
      paid: false,
      archived: false,
      totalPrice: '25.00',
      membershipId: null,
      tip: '0.00',
      tipMasterId: null,
      tipPaymentType: null,
      items: [
        {
          id: derivedId(id, 'service'),
          type: 'SERVICE',
          entityId: service.id,
          sellerId: master.id,
          sellerType: 'MASTER',
          quantity: 1,
          price: '25.00',
          paymentType: 'CASH',
          discountType: null,
          discount: '0.00',
        },
      ],
      createdAt: ctx.now,
    });
    expect(await refusalOf(create())).toMatchObject({
      code: 'AlreadyExists',
      reason: 'INVOICE_ALREADY_EXISTS',
      messageId: 'invoice.alreadyExists',
    });
    expect(
      await refusalOf(
        runCommand(db, invoice.createInvoice, { ctx, input: { id: newId(), salon: salonId, appointment: newId() } }, { salonId }),
      ),
    ).toMatchObject({ code: 'NotExists' });
  });
});

describe('invoice.update on the mirror', () => {
  it('pays: exact total, the membership use spent, the product out of stock, lines in id order', async () => {
    const m = membership(2);
    const p = product(3);
    await seed(m, p);
    const id = await create();
    const items = [
      line({ paymentType: 'MEMBERSHIP', price: '10' }),
      line({ type: 'PRODUCT', entity: p.id, quantity: 3, price: '0,10', paymentType: 'GIFT' }),
    ];
    await update(id, items, { membership: m.id, paid: true });
    const row = await db.mirror('invoices').get(id);
    expect(row).toMatchObject({ paid: true, totalPrice: '10.30', membershipId: m.id });
    expect(row?.items.map((i) => i.id)).toEqual(items.map((i) => i.id).sort());
    expect((await db.mirror('memberships').get(m.id))?.totalUses).toBe(1);
    expect((await db.mirror('products').get(p.id))?.quantity).toBe(0);
  });

  it('refuses as the server does: run out, one use only, no membership, short stock, a paid invoice, a master adding a line', async () => {
    const spent = membership(1, 1);
    const p = product(1);
    await seed(spent, p);
    const id = await create();
    const use = line({ paymentType: 'MEMBERSHIP', price: '10' });
    expect(await refusalOf(update(id, [use], { membership: spent.id }))).toMatchObject({
      reason: 'NEGATIVE_QUANTITY_OF_MEMBERSHIP_USES',
      messageId: 'invoice.membershipRunOut',
    });
    expect(await refusalOf(update(id, [use, line({ paymentType: 'MEMBERSHIP' })], { membership: spent.id }))).toMatchObject({
      messageId: 'invoice.oneMembershipUse',
    });
    expect(await refusalOf(update(id, [use]))).toMatchObject({
      reason: 'MEMBERSHIP_DOES_NOT_EXIST',
      messageId: 'invoice.membershipNotExists',
    });
    expect(await refusalOf(update(id, [line({ type: 'PRODUCT', entity: p.id, quantity: 2 })], { paid: true }))).toMatchObject({
      reason: 'NEGATIVE_PRODUCT_QUANTITY',
    });
    expect(await refusalOf(update(id, [line({ seller: newId() })]))).toMatchObject({
      field: 'items.0.seller',
      messageId: 'invoice.selectSeller',
    });
    const masterCtx = makeContext({ role: 'MASTER', isOwner: false });
    const own = (await db.mirror('invoices').get(id))?.items[0];
    expect(await refusalOf(update(id, [line({ id: own?.id }), line()], {}, masterCtx))).toMatchObject({
      code: 'Forbidden',
      reason: 'MASTER_CANNOT_ADD_INVOICE_ITEMS',
    });
    await update(id, [line({ id: own?.id, price: '20' })], { paid: true }, masterCtx);
    expect(await refusalOf(update(id, [line()]))).toMatchObject({ code: 'NotAllowed', reason: 'INVOICE_IS_PAID' });
    expect(await db.outbox.count()).toBe(2);
  });

  it('pays a product as the server takes it: short stock on no field, a product gone since not existing', async () => {
    const p = product(1);
    await seed(p);
    const id = await create();
    const sold = line({ type: 'PRODUCT', entity: p.id, quantity: 2 });
    expect(await refusalOf(update(id, [sold], { paid: true }))).toMatchObject({ reason: 'NEGATIVE_PRODUCT_QUANTITY', field: null });
    await update(id, [sold]);
    await db.mirror('products').delete(p.id);
    expect(await refusalOf(update(id, [sold], { paid: true }))).toMatchObject({ code: 'NotExists', messageId: 'product.notExists' });
    expect(
      await refusalOf(
        runCommand(db, invoice.createInvoice, { ctx, input: { id: newId(), salon: newId(), appointment: appointment.id } }, { salonId }),
      ),
    ).toMatchObject({ code: 'Forbidden', reason: 'NOT_THE_SESSION_SALON' });
  });

  it('re-bases a pending payment on newer server uses, and undoes it exactly when the server refuses it', async () => {
    const m = membership(3);
    await seed(m);
    const id = await create();
    const draft = await db.mirror('invoices').get(id);
    await update(id, [line({ paymentType: 'MEMBERSHIP', price: '10' })], { membership: m.id, paid: true });
    expect((await db.mirror('memberships').get(m.id))?.totalUses).toBe(1);
    // Another device spent a use meanwhile: the pending payment stays on top of the server's count.
    await applyPullPage(db, salonId, {
      changes: [{ entity: 'memberships', id: m.id, data: { ...m, totalUses: 1 } }],
      cursor: 9,
      hasMore: false,
      salonRev: 9,
    });
    expect((await db.mirror('memberships').get(m.id))?.totalUses).toBe(2);
    // Refused (the last use went elsewhere): the mirror is the server's again, the invoice a draft.
    await db.transaction('rw', db.tables, async () => {
      await db.outbox.filter((e) => e.name === 'invoice.update').delete();
      await rebase(db);
    });
    expect((await db.mirror('memberships').get(m.id))?.totalUses).toBe(1);
    expect(await db.mirror('invoices').get(id)).toEqual(draft);
  });
});

describe("the owner's invoice.edit and invoice.delete on the mirror (decision 039)", () => {
  const paid = async (m: MembershipRow, p: ProductRow) => {
    const id = await create();
    const items = [line({ paymentType: 'MEMBERSHIP', price: '10' }), line({ type: 'PRODUCT', entity: p.id, quantity: 2, price: '9,90' })];
    await update(id, items, { membership: m.id, paid: true });
    return { id, use: items[0] as ReturnType<typeof line>, sold: items[1] as ReturnType<typeof line> };
  };
  const edit = (input: Record<string, unknown>, c = ctx) =>
    runCommand(db, invoice.editInvoice, { ctx: c, input: { command: null, ...input } } as never, {
      salonId,
      form: { kind: 'report.editInvoice', values: {} },
    });
  const remove = (invoiceId: string, c = ctx) =>
    runCommand(db, invoice.deleteInvoice, { ctx: c, input: { userId: c.userId, invoiceId } }, { salonId });

  it('edits a line at once: the total again, the membership use given back and spent again; only the owner', async () => {
    const m = membership(2);
    const p = product(5);
    await seed(m, p);
    const { id, use, sold } = await paid(m, p);
    expect((await db.mirror('memberships').get(m.id))?.totalUses).toBe(1);
    await edit({ invoiceId: id, itemId: use.id, price: '30,00', paymentType: 'CC' });
    expect(await db.mirror('invoices').get(id)).toMatchObject({ totalPrice: '49.80' });
    expect((await db.mirror('memberships').get(m.id))?.totalUses).toBe(0);
    await edit({ invoiceId: id, itemId: use.id, price: '1', paymentType: 'MEMBERSHIP' });
    const row = await db.mirror('invoices').get(id);
    expect(row?.items.find((i) => i.id === use.id)).toMatchObject({ price: '10.00', paymentType: 'MEMBERSHIP' });
    expect(row?.totalPrice).toBe('29.80');
    expect((await db.mirror('memberships').get(m.id))?.totalUses).toBe(1);
    expect(await refusalOf(edit({ invoiceId: id, itemId: sold.id, price: '1', paymentType: 'MEMBERSHIP' }))).toMatchObject({
      reason: 'MEMBERSHIP_NOT_FOR_ITEM',
    });
    const administrator = { ...ctx, isOwner: false };
    expect(await refusalOf(edit({ invoiceId: id, itemId: sold.id, price: '1', paymentType: 'CASH' }, administrator))).toMatchObject({
      reason: 'ONLY_OWNER_EDITS_INVOICES',
    });
    expect(await refusalOf(remove(id, administrator))).toMatchObject({ reason: 'ONLY_OWNER_EDITS_INVOICES' });
  });

  it('removes a paid invoice at once: products and the use come back; a refusal restores exactly what was', async () => {
    const m = membership(2);
    const p = product(5);
    await seed(m, p);
    const { id } = await paid(m, p);
    const before = await db.mirror('invoices').get(id);
    expect((await db.mirror('products').get(p.id))?.quantity).toBe(3);
    await remove(id);
    expect(await db.mirror('invoices').get(id)).toBeUndefined();
    expect((await db.mirror('products').get(p.id))?.quantity).toBe(5);
    expect((await db.mirror('memberships').get(m.id))?.totalUses).toBe(0);
    expect(await refusalOf(remove(id))).toMatchObject({ code: 'NotExists', messageId: 'invoice.notExists' });
    // The server refused it (say the owner was demoted meanwhile): the re-base brings the invoice, stock and use back.
    await db.transaction('rw', db.tables, async () => {
      await db.outbox.filter((e) => e.name === 'invoice.delete').delete();
      await rebase(db);
    });
    expect(await db.mirror('invoices').get(id)).toEqual(before);
    expect((await db.mirror('products').get(p.id))?.quantity).toBe(3);
    expect((await db.mirror('memberships').get(m.id))?.totalUses).toBe(1);
  });
});
