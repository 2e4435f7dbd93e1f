import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { invoiceChanges, invoiceItems, memberships } from '../../server/db/schema';
import { INVOICE, invoiceHelpers, type InvoiceSetup } from '../factories/invoices';
import { addStaff, day } from '../factories/salon';
import { ok, refused, type Loose } from '../helpers/graphql';
import { GET_REPORT } from '../helpers/operations';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';
import { pullAll } from '../helpers/sync';

const EDIT = `mutation E($input: EditInvoiceInput!) { editInvoice(input: $input) { ${INVOICE} } }`;
const DELETE = `mutation D($input: DeleteInvoiceInput!) { deleteInvoice(input: $input) { id deleted rev } }`;
const CHANGES = `query H($salon: ID!, $invoiceId: ID!) { getInvoiceChanges(salon: $salon, invoiceId: $invoiceId) {
  id itemId action userName createdAt before { price paymentType totalPrice } after { price paymentType totalPrice } } }`;
const DELETE_MEMBERSHIP = `mutation DM($input: DeleteMembershipInput!) { deleteMembership(input: $input) { membershipId } }`;
const SELL = `mutation S($input: CreateCartInvoiceInput!) { createCartInvoice(input: $input) { id } }`;

/**
 * The owner's corrections from the Report (issue 17 item 5; part 2 §2, §5-§7; decision 039): editInvoice and
 * deleteInvoice against the real server: the figures and the trace they leave, membership uses and stock, the
 * owner-only rule, every refusal writing nothing, and one salon never touching another's invoices.
 */
describe.each(backends(import.meta.url))('invoice corrections on %s', (backend) => {
  const t = useTestServer(backend, ROOMY_LIMITS);
  const { update, stockOf, usesOf, rowOf, setup, invoiceFor, item, buyMembership, create } = invoiceHelpers(t);
  const edit = (input: Loose, token: string) => t.gql(EDIT, { input }, token);
  const remove = (input: Loose, token: string) => t.gql(DELETE, { input }, token);
  const changesOf = (invoiceId: string) =>
    t.db.select().from(invoiceChanges).where(eq(invoiceChanges.invoiceId, invoiceId)).orderBy(asc(invoiceChanges.id));
  const linesOf = (invoiceId: string) =>
    t.db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, invoiceId)).orderBy(asc(invoiceItems.id));

  /** A paid invoice of an appointment: a 20.00 CASH service line and, when given, two of a product at 7.50 by card. */
  const paidInvoice = async (f: InvoiceSetup, extra: Loose[] = [], membership: string | null = null) => {
    const { appointment, invoice } = await invoiceFor(f);
    const items = [item(f), ...extra];
    ok(await update({ invoiceId: invoice.id, membership, items, paid: true }, f.owner.token));
    return { appointment, invoiceId: invoice.id as string, items };
  };

  it('edits a line of a paid invoice: price and payment type, the total again in cents, a trace of who and what; report and pull follow', async () => {
    const f = await setup();
    const product = await f.product(5, '7.50');
    const { invoiceId, items } = await paidInvoice(f, [
      item(f, { type: 'PRODUCT', entity: product, quantity: 2, price: '7.50', seller: f.adminId, paymentType: 'CC' }),
    ]);
    const service = items[0] as Loose;
    const edited = ok(await edit({ invoiceId, itemId: service.id, price: '15,5', paymentType: 'GIFT' }, f.owner.token)).editInvoice;
    expect(edited).toMatchObject({ id: invoiceId, paid: true, totalPrice: '30.50' });
    expect(edited.items.find((i: Loose) => i.id === service.id)).toMatchObject({ price: '15.50', paymentType: 'GIFT', quantity: 1 });
    expect((await rowOf(invoiceId))?.totalPrice).toBe('30.50');
    expect(await stockOf(product)).toBe(3);
    const [change, ...more] = await changesOf(invoiceId);
    expect(more).toEqual([]);
    expect(change).toMatchObject({
      salonId: f.salonId,
      itemId: service.id,
      userId: f.owner.userId,
      action: 'EDIT',
      before: { price: '20.00', paymentType: 'CASH', totalPrice: '35.00' },
      after: { price: '15.50', paymentType: 'GIFT', totalPrice: '30.50' },
    });
    expect(change?.createdAt).toBeInstanceOf(Date);
    // The same values again change nothing and leave no second trace.
    ok(await edit({ invoiceId, itemId: service.id, price: '15.50', paymentType: 'GIFT' }, f.owner.token));
    expect(await changesOf(invoiceId)).toHaveLength(1);
    ok(await edit({ invoiceId, itemId: service.id, price: '16', paymentType: 'GIFT' }, f.owner.token));
    // The owner reads the trace back, newest first, with who made each edit.
    const history = ok(await t.gql(CHANGES, { salon: f.salonId, invoiceId }, f.owner.token)).getInvoiceChanges;
    expect(history.map((h: Loose) => [h.itemId, h.action, h.before.price, h.after.price, h.after.paymentType])).toEqual([
      [service.id, 'EDIT', '15.50', '16.00', 'GIFT'],
      [service.id, 'EDIT', '20.00', '15.50', 'GIFT'],
    ]);
    expect(history[0].userName).toMatch(/\S+ \S+/);
    expect(Number.isNaN(Date.parse(history[0].createdAt))).toBe(false);
    ok(await edit({ invoiceId, itemId: service.id, price: '15.50', paymentType: 'GIFT' }, f.owner.token));

    const report = ok(await t.gql(GET_REPORT, { salon: f.salonId, fromDate: day(0), toDate: day(2) }, f.owner.token)).getReport;
    expect(report.tiles.services).toMatchObject({ total: '15.50', gift: '15.50', cash: '0.00' });
    expect(report.tiles.total.total).toBe('30.50');
    const pulled = await pullAll(t, f.owner.token, f.salonId);
    expect(pulled.mirror.get(`invoices:${invoiceId}`)).toMatchObject({ totalPrice: '30.50' });
    expect(pulled.mirror.get(`invoices:${invoiceId}`).items.find((i: Loose) => i.id === service.id)).toMatchObject({
      price: '15.50',
      paymentType: 'GIFT',
    });
  });

  it('the membership item: away from MEMBERSHIP gives the use back, back to it spends one at the price per use; no other line may', async () => {
    const f = await setup();
    const product = await f.product(5, '7.50');
    const membership = await buyMembership(f, { quantity: 2, price: '25,00' });
    const productLine = item(f, { type: 'PRODUCT', entity: product, quantity: 1, price: '7.50', seller: f.adminId });
    // A membership payment: the service line by MEMBERSHIP at the price per use (12.50).
    const { invoice } = await invoiceFor(f);
    const useLine = item(f, { paymentType: 'MEMBERSHIP', price: membership.pricePerUse });
    ok(await update({ invoiceId: invoice.id, membership: membership.id, items: [useLine, productLine], paid: true }, f.owner.token));
    expect(await usesOf(membership.id)).toBe(1);

    const away = ok(await edit({ invoiceId: invoice.id, itemId: useLine.id, price: '30', paymentType: 'CASH' }, f.owner.token)).editInvoice;
    expect(away).toMatchObject({ totalPrice: '37.50', membershipId: membership.id });
    expect(await usesOf(membership.id)).toBe(0);
    // Back to MEMBERSHIP: whatever was typed, the line costs the price per use; a use is spent again.
    const back = ok(
      await edit({ invoiceId: invoice.id, itemId: useLine.id, price: '99', paymentType: 'MEMBERSHIP' }, f.owner.token),
    ).editInvoice;
    expect(back.items.find((i: Loose) => i.id === useLine.id)).toMatchObject({ price: '12.50', paymentType: 'MEMBERSHIP' });
    expect(back.totalPrice).toBe('20.00');
    expect(await usesOf(membership.id)).toBe(1);
    // A product line is not the membership's one use.
    const before = await linesOf(invoice.id);
    refused(await edit({ invoiceId: invoice.id, itemId: productLine.id, price: '7.50', paymentType: 'MEMBERSHIP' }, f.owner.token), {
      code: 'IllegalArgument',
      reason: 'MEMBERSHIP_NOT_FOR_ITEM',
      field: 'paymentType',
      messageId: 'invoice.membershipNotForItem',
    });
    // With every use spent elsewhere, switching back is refused as run out.
    ok(await edit({ invoiceId: invoice.id, itemId: useLine.id, price: '20', paymentType: 'CASH' }, f.owner.token));
    await t.db.update(memberships).set({ totalUses: 2 }).where(eq(memberships.id, membership.id));
    refused(await edit({ invoiceId: invoice.id, itemId: useLine.id, price: '20', paymentType: 'MEMBERSHIP' }, f.owner.token), {
      reason: 'NEGATIVE_QUANTITY_OF_MEMBERSHIP_USES',
      field: 'paymentType',
    });
    expect(await usesOf(membership.id)).toBe(2);
    expect((await linesOf(invoice.id)).find((l) => l.id === productLine.id)).toEqual(before.find((l) => l.id === productLine.id));
    // A line of an invoice that never used a membership has no MEMBERSHIP to go to.
    const plain = await paidInvoice(f);
    refused(
      await edit(
        { invoiceId: plain.invoiceId, itemId: (plain.items[0] as Loose).id, price: '1', paymentType: 'MEMBERSHIP' },
        f.owner.token,
      ),
      {
        reason: 'MEMBERSHIP_NOT_FOR_ITEM',
      },
    );
  });

  it('refuses a bad price or payment type on its field, and an unknown invoice or line, writing nothing', async () => {
    const f = await setup();
    const { invoiceId, items } = await paidInvoice(f);
    const itemId = (items[0] as Loose).id;
    const cases: Array<[Loose, string, string]> = [
      [{ price: 'abc' }, 'price', 'invoice.enterPrice'],
      [{ price: '' }, 'price', 'invoice.enterPrice'],
      [{ price: null }, 'price', 'invoice.enterPrice'],
      [{ price: '1.234' }, 'price', 'invoice.enterPrice'],
      [{ paymentType: 'BITCOIN' }, 'paymentType', 'invoice.selectPaymentType'],
      [{ paymentType: null }, 'paymentType', 'invoice.selectPaymentType'],
      [{ itemId: 'nope' }, 'itemId', 'validation.id.invalid'],
    ];
    for (const [patch, field, messageId] of cases) {
      refused(await edit({ invoiceId, itemId, price: '10', paymentType: 'CC', ...patch }, f.owner.token), {
        code: 'IllegalArgument',
        reason: 'VALIDATION_FAILED',
        field,
        messageId,
      });
    }
    refused(await edit({ invoiceId: newId(), itemId, price: '10', paymentType: 'CC' }, f.owner.token), {
      code: 'NotExists',
      messageId: 'invoice.notExists',
    });
    refused(await edit({ invoiceId, itemId: newId(), price: '10', paymentType: 'CC' }, f.owner.token), {
      code: 'NotExists',
      messageId: 'invoice.itemNotExists',
    });
    refused(await remove({ userId: f.owner.userId, invoiceId: newId() }, f.owner.token), {
      code: 'NotExists',
      messageId: 'invoice.notExists',
    });
    expect((await linesOf(invoiceId)).filter((l) => !l.deletedAt).map((l) => [l.price, l.paymentType])).toEqual([['20.00', 'CASH']]);
    expect(await changesOf(invoiceId)).toEqual([]);
  });

  it('owner only: an administrator and a master are refused on the server; another salon finds nothing', async () => {
    const f = await setup();
    const product = await f.product(3, '5.00');
    const { invoiceId, items } = await paidInvoice(f, [
      item(f, { type: 'PRODUCT', entity: product, quantity: 1, price: '5', seller: f.adminId }),
    ]);
    const itemId = (items[0] as Loose).id;
    const admin = await addStaff(t, f.salonId, 'ADMIN');
    const master = await addStaff(t, f.salonId, 'MASTER');
    for (const token of [admin.token, master.token]) {
      refused(await edit({ invoiceId, itemId, price: '1', paymentType: 'CC' }, token), {
        code: 'Forbidden',
        reason: 'ONLY_OWNER_EDITS_INVOICES',
      });
      refused(await remove({ userId: f.owner.userId, invoiceId }, token), { code: 'Forbidden', reason: 'ONLY_OWNER_EDITS_INVOICES' });
    }
    for (const token of [admin.token, master.token]) {
      refused(await t.gql(CHANGES, { salon: f.salonId, invoiceId }, token), { code: 'Forbidden', reason: 'ONLY_OWNER_EDITS_INVOICES' });
    }
    const other = await setup();
    refused(await t.gql(CHANGES, { salon: f.salonId, invoiceId }, other.owner.token), { code: 'Forbidden' });
    expect(ok(await t.gql(CHANGES, { salon: other.salonId, invoiceId }, other.owner.token)).getInvoiceChanges).toEqual([]);
    refused(await edit({ invoiceId, itemId, price: '1', paymentType: 'CC' }, other.owner.token), { code: 'NotExists' });
    refused(await remove({ userId: other.owner.userId, invoiceId }, other.owner.token), { code: 'NotExists' });
    expect(await rowOf(invoiceId)).toMatchObject({ totalPrice: '25.00', deletedAt: null });
    expect(await stockOf(product)).toBe(2);
    expect(await changesOf(invoiceId)).toEqual([]);
    const theirs = await pullAll(t, other.owner.token, other.salonId);
    expect(theirs.mirror.has(`invoices:${invoiceId}`)).toBe(false);
  });

  it('removes an invoice: products back to stock, the membership use back, a trace of the whole invoice; pull sends the tombstone; once only', async () => {
    const f = await setup();
    const product = await f.product(4, '2.00');
    const membership = await buyMembership(f);
    const { appointment, invoice } = await invoiceFor(f);
    const lines = [
      item(f, { paymentType: 'MEMBERSHIP', price: membership.pricePerUse }),
      item(f, { type: 'PRODUCT', entity: product, quantity: 3, price: '2', seller: f.adminId }),
    ];
    ok(await update({ invoiceId: invoice.id, membership: membership.id, items: lines, paid: true }, f.owner.token));
    expect([await stockOf(product), await usesOf(membership.id)]).toEqual([1, 1]);
    const input = { userId: newId(), invoiceId: invoice.id, command: { clientId: newId(), seq: 1 } };
    const first = ok(await remove(input, f.owner.token)).deleteInvoice;
    expect(first).toMatchObject({ id: invoice.id, deleted: true });
    // The same command again is answered as before and undoes nothing twice.
    expect(ok(await remove(input, f.owner.token)).deleteInvoice).toEqual(first);
    expect([await stockOf(product), await usesOf(membership.id)]).toEqual([4, 0]);
    expect((await rowOf(invoice.id))?.deletedAt).toBeInstanceOf(Date);
    expect((await linesOf(invoice.id)).every((l) => l.deletedAt !== null)).toBe(true);
    const changes = await changesOf(invoice.id);
    // Who removed it is the session's user, whatever userId was sent.
    expect(changes.map((c) => [c.action, c.userId, c.itemId, c.after])).toEqual([['DELETE', f.owner.userId, null, null]]);
    expect(changes[0]?.before).toMatchObject({ id: invoice.id, paid: true, totalPrice: '14.33', membershipId: membership.id });
    expect((changes[0]?.before as Loose).items).toHaveLength(2);
    refused(await remove({ userId: f.owner.userId, invoiceId: invoice.id }, f.owner.token), { code: 'NotExists' });
    const pulled = await pullAll(t, f.owner.token, f.salonId);
    expect(pulled.mirror.has(`invoices:${invoice.id}`)).toBe(false);
    expect(pulled.mirror.get(`products:${product}`).quantity).toBe(4);
    // The appointment is free of its invoice: a new one may be made.
    ok(await create(f, appointment.id));
  });

  it('removes a sale: its products go back; a draft took nothing and gives nothing back', async () => {
    const f = await setup();
    const product = await f.product(5, '3.00');
    const sale = {
      id: newId(),
      salon: f.salonId,
      administrator: f.owner.userId,
      items: [{ id: newId(), entity: product, quantity: 2, price: '3', paymentType: 'CASH' }],
    };
    ok(await t.gql(SELL, { input: sale }, f.owner.token));
    expect(await stockOf(product)).toBe(3);
    ok(await remove({ userId: f.owner.userId, invoiceId: sale.id }, f.owner.token));
    expect(await stockOf(product)).toBe(5);
    const { invoice } = await invoiceFor(f);
    ok(
      await update(
        {
          invoiceId: invoice.id,
          membership: null,
          items: [item(f, { type: 'PRODUCT', entity: product, quantity: 2, price: '3', seller: f.adminId })],
          paid: false,
        },
        f.owner.token,
      ),
    );
    ok(await remove({ userId: f.owner.userId, invoiceId: invoice.id }, f.owner.token));
    expect(await stockOf(product)).toBe(5);
  });

  it('a use goes back to a membership deleted since, so its count stays the number of its paid uses', async () => {
    const f = await setup();
    const membership = await buyMembership(f);
    const { invoice } = await invoiceFor(f);
    const use = item(f, { paymentType: 'MEMBERSHIP', price: membership.pricePerUse });
    ok(await update({ invoiceId: invoice.id, membership: membership.id, items: [use], paid: true }, f.owner.token));
    ok(await t.gql(DELETE_MEMBERSHIP, { input: { id: membership.id } }, f.owner.token));
    // Nothing may be spent from it any more; giving back still counts.
    ok(await edit({ invoiceId: invoice.id, itemId: use.id, price: '20', paymentType: 'CASH' }, f.owner.token));
    expect(await usesOf(membership.id)).toBe(0);
    refused(await edit({ invoiceId: invoice.id, itemId: use.id, price: '20', paymentType: 'MEMBERSHIP' }, f.owner.token), {
      reason: 'MEMBERSHIP_DOES_NOT_EXIST',
      field: 'paymentType',
    });
  });
});
