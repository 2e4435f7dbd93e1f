import { describe, expect, it } from 'vitest';
import { derivedId, newId } from '../../src/domain/ids';
import { CREATE_INVOICE, GET_INVOICE, invoiceHelpers } from '../factories/invoices';
import { addStaff, clientInput } from '../factories/salon';
import { ok, refused, type Loose } from '../helpers/graphql';
import { CREATE_CLIENT, UPDATE_APPOINTMENT } from '../helpers/operations';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';
import { pullAll } from '../helpers/sync';

/** Invoices of appointments (part 1 §2-§8): createInvoice, updateInvoice and getInvoice against the real server. */
describe.each(backends(import.meta.url))('invoices on %s', (backend) => {
  const t = useTestServer(backend, ROOMY_LIMITS);
  const { create, update, stockOf, usesOf, rowOf, priceOf, setup, book, invoiceFor, item, buyMembership } = invoiceHelpers(t);

  it("creates an invoice with the appointment's service (price, quantity 1, CASH, sold by its master); pull sends it; only one per appointment", async () => {
    const f = await setup();
    const appointment = await book(f);
    const id = newId();
    const made = ok(await create(f, appointment.id, f.owner.token, { id })).createInvoice;
    const price = await priceOf(f.serviceIds[0] as string);
    expect(made).toMatchObject({
      id,
      salonId: f.salonId,
      appointmentId: appointment.id,
      paid: false,
      totalPrice: price,
      membershipId: null,
    });
    expect(made.items).toEqual([
      {
        id: derivedId(id, 'service'),
        type: 'SERVICE',
        entityId: f.serviceIds[0],
        sellerId: f.masterIds[0],
        sellerType: 'MASTER',
        quantity: 1,
        price,
        paymentType: 'CASH',
        discountType: null,
        discount: '0.00',
      },
    ]);
    const pulled = await pullAll(t, f.owner.token, f.salonId);
    const { rev: _rev, ...row } = made;
    expect(pulled.mirror.get(`invoices:${id}`)).toEqual({ ...row, type: 'APPOINTMENT', administratorId: f.owner.userId });
    refused(await create(f, appointment.id), {
      code: 'AlreadyExists',
      reason: 'INVOICE_ALREADY_EXISTS',
      messageId: 'invoice.alreadyExists',
    });
    refused(await create(f, newId()), { code: 'NotExists', messageId: 'appointment.notExists' });
    refused(await create(f, appointment.id, f.owner.token, { id: 'nope' }), {
      code: 'IllegalArgument',
      reason: 'VALIDATION_FAILED',
      field: 'id',
    });
  });

  it('saves a draft: lines replaced, the total exact in cents (3 × 0.10 + 0.20 = 0.50), stock untouched', async () => {
    const f = await setup();
    const product = await f.product(5, '0.10');
    const { invoice } = await invoiceFor(f);
    const lines = [
      item(f, { price: '0,2' }),
      item(f, { type: 'PRODUCT', entity: product, quantity: 3, price: '0.10', seller: f.adminId, paymentType: 'CC' }),
    ];
    const saved = ok(await update({ invoiceId: invoice.id, membership: null, items: lines, paid: false }, f.owner.token)).updateInvoice;
    expect(saved).toMatchObject({ paid: false, totalPrice: '0.50' });
    expect(saved.items.map((i: Loose) => [i.id, i.price, i.sellerType]).sort()).toEqual(
      [
        [lines[0]?.id, '0.20', 'MASTER'],
        [lines[1]?.id, '0.10', 'ADMINISTRATOR'],
      ].sort(),
    );
    expect((await rowOf(invoice.id))?.totalPrice).toBe('0.50');
    expect(await stockOf(product)).toBe(5);
    const pulled = await pullAll(t, f.owner.token, f.salonId);
    expect(pulled.mirror.get(`invoices:${invoice.id}`).items).toHaveLength(2);
    // The created line is gone: pull sends the invoice without it.
    expect(pulled.mirror.get(`invoices:${invoice.id}`).items.map((i: Loose) => i.id)).not.toContain(invoice.items[0].id);
  });

  it('line discounts (issue 59 item 5): a percent rounded to the cent, an amount off; the total, the pull and the report net of them', async () => {
    const f = await setup();
    const { invoice, appointment } = await invoiceFor(f);
    const lines = [
      item(f, { price: '33.35', discountType: 'PERCENT', discount: '10%' }),
      item(f, { price: '20', quantity: 1, discountType: 'AMOUNT', discount: '5,50' }),
      item(f, { price: '10.00', discountType: 'PERCENT', discount: '' }),
    ];
    const saved = ok(await update({ invoiceId: invoice.id, membership: null, items: lines, paid: true }, f.owner.token)).updateInvoice;
    // 33.35 − 3.34 (3.335 rounded half away from zero) + 20.00 − 5.50 + 10.00
    expect(saved).toMatchObject({ paid: true, totalPrice: '54.51' });
    const byId = new Map(saved.items.map((i: Loose) => [i.id, [i.discountType, i.discount]]));
    expect(lines.map((l) => byId.get(l.id))).toEqual([
      ['PERCENT', '10.00'],
      ['AMOUNT', '5.50'],
      [null, '0.00'],
    ]);
    const pulled = await pullAll(t, f.owner.token, f.salonId);
    expect(pulled.mirror.get(`invoices:${invoice.id}`)).toMatchObject({ totalPrice: '54.51' });
    const day = String(appointment.startAt).slice(0, 10);
    const report = ok(
      await t.gql(
        `query R($salon: ID!, $fromDate: String!, $toDate: String!) { getReport(salon: $salon, fromDate: $fromDate, toDate: $toDate) {
          tiles { total { total } discounts } groups { rows { price discount total } } } }`,
        { salon: f.salonId, fromDate: day, toDate: day },
        f.owner.token,
      ),
    ).getReport;
    expect(report.tiles).toEqual({ total: { total: '54.51' }, discounts: '8.84' });
    expect(
      report.groups
        .flatMap((g: Loose) => g.rows)
        .map((r: Loose) => [r.price, r.discount, r.total])
        .sort(),
    ).toEqual(
      [
        ['33.35', '3.34', '30.01'],
        ['20.00', '5.50', '14.50'],
        ['10.00', '0.00', '10.00'],
      ].sort(),
    );
  });

  it('a tip to a master (issue 59 item 5): kept apart from the total, pulled, in the report as tips by payment type', async () => {
    const f = await setup();
    const { invoice, appointment } = await invoiceFor(f);
    const master = f.masterIds[0] as string;
    const paid = ok(
      await update(
        { invoiceId: invoice.id, items: [item(f, { price: '30' })], tip: '4,50', tipMaster: master, tipPaymentType: 'CC', paid: true },
        f.owner.token,
      ),
    ).updateInvoice;
    expect(paid).toMatchObject({ totalPrice: '30.00', tip: '4.50', tipMasterId: master, tipPaymentType: 'CC' });
    const pulled = await pullAll(t, f.owner.token, f.salonId);
    expect(pulled.mirror.get(`invoices:${invoice.id}`)).toMatchObject({ tip: '4.50', tipMasterId: master, tipPaymentType: 'CC' });
    const day = String(appointment.startAt).slice(0, 10);
    const report = ok(
      await t.gql(
        `query R($salon: ID!, $fromDate: String!, $toDate: String!) { getReport(salon: $salon, fromDate: $fromDate, toDate: $toDate) {
          tiles { total { total card } tips { total cash card } } } }`,
        { salon: f.salonId, fromDate: day, toDate: day },
        f.owner.token,
      ),
    ).getReport;
    expect(report.tiles).toEqual({ total: { total: '30.00', card: '0.00' }, tips: { total: '4.50', cash: '0.00', card: '4.50' } });
  });

  it('refuses a tip that is negative, unreadable, to nobody or to someone who is no master, writing nothing', async () => {
    const f = await setup();
    const { invoice } = await invoiceFor(f);
    const cases: Array<[Loose, string, string]> = [
      [{ tip: '-2', tipMaster: f.masterIds[0] }, 'tip', 'invoice.tipInvalid'],
      [{ tip: 'two', tipMaster: f.masterIds[0] }, 'tip', 'invoice.tipInvalid'],
      [{ tip: '2' }, 'tipMaster', 'invoice.tipSelectMaster'],
      [{ tip: '2', tipMaster: f.adminId }, 'tipMaster', 'invoice.tipSelectMaster'],
      [{ tip: '2', tipMaster: newId() }, 'tipMaster', 'invoice.tipSelectMaster'],
    ];
    for (const [tip, field, messageId] of cases) {
      refused(await update({ invoiceId: invoice.id, items: [item(f)], paid: false, ...tip }, f.owner.token), { field, messageId });
    }
    expect(await rowOf(invoice.id)).toMatchObject({ paid: false, rev: invoice.rev, tip: '0.00' });
  });

  it('refuses a discount above 100% or above its line, or not a number, on its field, writing nothing', async () => {
    const f = await setup();
    const { invoice } = await invoiceFor(f);
    const cases: Array<[Loose, string]> = [
      [item(f, { discountType: 'PERCENT', discount: '100.01%' }), 'invoice.discountInvalid'],
      [item(f, { price: '20', quantity: 2, discountType: 'AMOUNT', discount: '40.01' }), 'invoice.discountAboveLine'],
      [item(f, { discountType: 'AMOUNT', discount: 'five' }), 'invoice.discountInvalid'],
      [item(f, { discountType: 'AMOUNT', discount: '-1' }), 'invoice.discountInvalid'],
      [item(f, { discountType: 'HALF', discount: '5' }), 'invoice.discountInvalid'],
    ];
    for (const [line, messageId] of cases) {
      const answer = await update({ invoiceId: invoice.id, items: [line], paid: false }, f.owner.token);
      refused(answer, { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', messageId });
      expect(JSON.stringify(answer)).toMatch(/items\.0\.discount/);
    }
    expect(await rowOf(invoice.id)).toMatchObject({ paid: false, rev: invoice.rev });
  });

  it('refuses each invalid line with the spec message on its field, writing nothing', async () => {
    const f = await setup();
    const { invoice } = await invoiceFor(f);
    const cases: Array<[Loose, string, string]> = [
      [[], 'items', 'invoice.addItem'],
      [[item(f, { type: null })], 'items.0.type', 'invoice.selectType'],
      [[item(f, { entity: null })], 'items.0.entity', 'invoice.selectEntity'],
      [[item(f, { entity: newId() })], 'items.0.entity', 'invoice.selectEntity'],
      [[item(f, { type: 'PRODUCT' })], 'items.0.entity', 'invoice.selectEntity'],
      [[item(f, { quantity: 0 })], 'items.0.quantity', 'invoice.selectQuantity'],
      [[item(f, { quantity: null })], 'items.0.quantity', 'invoice.selectQuantity'],
      [[item(f, { price: 'abc' })], 'items.0.price', 'invoice.enterPrice'],
      [[item(f, { price: '1.234' })], 'items.0.price', 'invoice.enterPrice'],
      [[item(f, { paymentType: null })], 'items.0.paymentType', 'invoice.selectPaymentType'],
      [[item(f, { seller: null })], 'items.0.seller', 'invoice.selectSeller'],
      [[item(f), item(f, { seller: newId() })], 'items.1.seller', 'invoice.selectSeller'],
      // Every price is at most €100 000 (issue 60 item 12), so no total reaches numeric(12,2)'s limit.
      [[item(f, { price: '100000.01' })], 'items.0.price', 'validation.price.tooLarge'],
    ];
    for (const [items, field, messageId] of cases) {
      refused(await update({ invoiceId: invoice.id, items, paid: false }, f.owner.token), {
        code: 'IllegalArgument',
        reason: 'VALIDATION_FAILED',
        field,
        messageId,
      });
    }
    expect(await rowOf(invoice.id)).toMatchObject({ paid: false, rev: invoice.rev });
    refused(await update({ invoiceId: newId(), items: [item(f)], paid: false }, f.owner.token), {
      code: 'NotExists',
      messageId: 'invoice.notExists',
    });
  });

  it('pays: the invoice and the appointment lock, products leave stock; a short stock refuses the whole payment', async () => {
    const f = await setup();
    const product = await f.product(2, '7.50');
    const { appointment, invoice } = await invoiceFor(f);
    const productLine = (quantity: number) => item(f, { type: 'PRODUCT', entity: product, quantity, price: '7,50', seller: f.adminId });
    const base = { invoiceId: invoice.id, membership: null, paid: true };
    refused(await update({ ...base, items: [item(f), productLine(2), productLine(1)] }, f.owner.token), {
      code: 'IllegalArgument',
      reason: 'NEGATIVE_PRODUCT_QUANTITY',
    });
    expect(await stockOf(product)).toBe(2);
    expect(await rowOf(invoice.id)).toMatchObject({ paid: false, paidAt: null });
    const paid = ok(await update({ ...base, items: [item(f), productLine(2)] }, f.owner.token)).updateInvoice;
    expect(paid).toMatchObject({ paid: true, totalPrice: '35.00' });
    expect((await rowOf(invoice.id))?.paidAt).not.toBeNull();
    expect(await stockOf(product)).toBe(0);
    refused(await update({ ...base, items: [item(f)], paid: false }, f.owner.token), {
      code: 'NotAllowed',
      reason: 'INVOICE_IS_PAID',
      messageId: 'invoice.paidLocked',
    });
    const move = {
      appointmentId: appointment.id,
      master: appointment.masterId,
      cabinet: null,
      client: f.client,
      service: appointment.serviceId,
      duration: 30,
      notes: 'x',
      startAt: appointment.startAt,
    };
    refused(await t.gql(UPDATE_APPOINTMENT, { input: move }, f.owner.token), { reason: 'APPOINTMENT_IS_PAID' });
    refused(await create(f, appointment.id), { reason: 'INVOICE_ALREADY_EXISTS' });
    const pulled = await pullAll(t, f.owner.token, f.salonId);
    expect(pulled.mirror.get(`invoices:${invoice.id}`)).toMatchObject({ paid: true, totalPrice: '35.00' });
    expect(pulled.mirror.get(`products:${product}`).quantity).toBe(0);
  });

  it("membership: one use of its service at the price per use; else 'Membership does not exist' or 'Only one use of membership is allowed'", async () => {
    const f = await setup();
    const membership = await buyMembership(f);
    const { invoice } = await invoiceFor(f);
    const use = (overrides: Loose = {}) => item(f, { paymentType: 'MEMBERSHIP', price: membership.pricePerUse, ...overrides });
    const notExists = { code: 'NotExists', reason: 'MEMBERSHIP_DOES_NOT_EXIST', messageId: 'invoice.membershipNotExists' };
    refused(await update({ invoiceId: invoice.id, membership: null, items: [use()], paid: false }, f.owner.token), notExists);
    refused(
      await update({ invoiceId: invoice.id, membership: membership.id, items: [use({ quantity: 2 })], paid: false }, f.owner.token),
      notExists,
    );
    refused(
      await update(
        { invoiceId: invoice.id, membership: membership.id, items: [use({ entity: f.serviceIds[1] })], paid: false },
        f.owner.token,
      ),
      notExists,
    );
    refused(await update({ invoiceId: invoice.id, membership: newId(), items: [use()], paid: false }, f.owner.token), notExists);
    const stranger = ok(await t.gql(CREATE_CLIENT, { input: clientInput(f.salonId) }, f.owner.token)).createClient.id;
    const theirs = await buyMembership(f, { client: stranger });
    refused(await update({ invoiceId: invoice.id, membership: theirs.id, items: [use()], paid: false }, f.owner.token), notExists);
    refused(await update({ invoiceId: invoice.id, membership: membership.id, items: [use(), use()], paid: false }, f.owner.token), {
      reason: 'VALIDATION_FAILED',
      field: 'items',
      messageId: 'invoice.oneMembershipUse',
    });
    const draft = ok(
      await update({ invoiceId: invoice.id, membership: membership.id, items: [use()], paid: false }, f.owner.token),
    ).updateInvoice;
    expect(draft).toMatchObject({ membershipId: membership.id, totalPrice: '8.33' });
    expect(await usesOf(membership.id)).toBe(0);
    const paid = ok(
      await update(
        { invoiceId: invoice.id, membership: membership.id, items: [use(), item(f, { paymentType: 'GIFT' })], paid: true },
        f.owner.token,
      ),
    ).updateInvoice;
    expect(paid).toMatchObject({ paid: true, membershipId: membership.id });
    expect(await usesOf(membership.id)).toBe(1);
    // A membership named without a MEMBERSHIP line is not used.
    const other = await invoiceFor(f);
    expect(
      ok(await update({ invoiceId: other.invoice.id, membership: membership.id, items: [item(f)], paid: true }, f.owner.token))
        .updateInvoice.membershipId,
    ).toBeNull();
    expect(await usesOf(membership.id)).toBe(1);
  });

  it("'Membership is run out of uses' once every use is spent", async () => {
    const f = await setup();
    const membership = await buyMembership(f, { quantity: 1 });
    const use = () => item(f, { paymentType: 'MEMBERSHIP', price: membership.pricePerUse });
    const first = await invoiceFor(f);
    ok(await update({ invoiceId: first.invoice.id, membership: membership.id, items: [use()], paid: true }, f.owner.token));
    const second = await invoiceFor(f);
    refused(await update({ invoiceId: second.invoice.id, membership: membership.id, items: [use()], paid: true }, f.owner.token), {
      code: 'IllegalArgument',
      reason: 'NEGATIVE_QUANTITY_OF_MEMBERSHIP_USES',
      messageId: 'invoice.membershipRunOut',
    });
    expect(await usesOf(membership.id)).toBe(1);
    expect(await rowOf(second.invoice.id)).toMatchObject({ paid: false });
  });

  it('two devices paying with the last use at once: exactly one succeeds, the other is refused as run out', async () => {
    const f = await setup();
    const membership = await buyMembership(f, { quantity: 2 });
    const use = () => item(f, { paymentType: 'MEMBERSHIP', price: membership.pricePerUse });
    const spent = await invoiceFor(f);
    ok(await update({ invoiceId: spent.invoice.id, membership: membership.id, items: [use()], paid: true }, f.owner.token));
    const a = await invoiceFor(f);
    const b = await invoiceFor(f);
    const answers = await Promise.all(
      [a, b].map((x) =>
        update(
          { invoiceId: x.invoice.id, membership: membership.id, items: [use()], paid: true, command: { clientId: newId(), seq: 1 } },
          f.owner.token,
        ),
      ),
    );
    const won = answers.filter((r) => !r.errors);
    const lost = answers.filter((r) => r.errors);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    refused(lost[0] as Loose, { reason: 'NEGATIVE_QUANTITY_OF_MEMBERSHIP_USES', messageId: 'invoice.membershipRunOut' });
    expect(await usesOf(membership.id)).toBe(2);
    const paid = await Promise.all([a, b].map(async (x) => (await rowOf(x.invoice.id))?.paid));
    expect(paid.filter(Boolean)).toHaveLength(1);
  });

  it('a repeated command is applied once: the membership use and the stock are spent once', async () => {
    const f = await setup();
    const product = await f.product(3, '1.00');
    const membership = await buyMembership(f);
    const { invoice } = await invoiceFor(f);
    const input = {
      invoiceId: invoice.id,
      membership: membership.id,
      paid: true,
      command: { clientId: newId(), seq: 1 },
      items: [
        item(f, { paymentType: 'MEMBERSHIP', price: membership.pricePerUse }),
        item(f, { type: 'PRODUCT', entity: product, price: '1', seller: f.adminId }),
      ],
    };
    const first = ok(await update(input, f.owner.token)).updateInvoice;
    expect(ok(await update(input, f.owner.token)).updateInvoice).toEqual(first);
    expect(await usesOf(membership.id)).toBe(1);
    expect(await stockOf(product)).toBe(2);
  });

  it('a master may view, create and pay an invoice but cannot add items', async () => {
    const f = await setup();
    const master = await addStaff(t, f.salonId, 'MASTER');
    const appointment = await book(f);
    const made = ok(await create(f, appointment.id, master.token)).createInvoice;
    const seen = ok(await t.gql(GET_INVOICE, { appointment: appointment.id, salon: f.salonId }, master.token)).getInvoice;
    expect(seen.invoice).toMatchObject({ id: made.id, paid: false });
    const own = made.items.map((i: Loose) => ({
      id: i.id,
      type: i.type,
      entity: i.entityId,
      seller: i.sellerId,
      quantity: i.quantity,
      price: '15,00',
      paymentType: 'CC',
    }));
    refused(await update({ invoiceId: made.id, items: [...own, item(f)], paid: false }, master.token), {
      code: 'Forbidden',
      reason: 'MASTER_CANNOT_ADD_INVOICE_ITEMS',
    });
    expect(ok(await update({ invoiceId: made.id, items: own, paid: true }, master.token)).updateInvoice).toMatchObject({
      paid: true,
      totalPrice: '15.00',
    });
  });

  it("getInvoice: the invoice (null before one is made) and the client's memberships", async () => {
    const f = await setup();
    const membership = await buyMembership(f);
    const appointment = await book(f);
    const before = ok(await t.gql(GET_INVOICE, { appointment: appointment.id, salon: f.salonId }, f.owner.token)).getInvoice;
    expect(before).toEqual({ invoice: null, memberships: [{ id: membership.id, totalUses: 0, quantity: 3 }] });
    const made = ok(await create(f, appointment.id)).createInvoice;
    expect(ok(await t.gql(GET_INVOICE, { appointment: appointment.id, salon: f.salonId }, f.owner.token)).getInvoice.invoice.id).toBe(
      made.id,
    );
  });

  it("one salon never sees nor changes another's invoices", async () => {
    const f = await setup();
    const other = await setup();
    const { appointment, invoice } = await invoiceFor(f);
    refused(await t.gql(GET_INVOICE, { appointment: appointment.id, salon: f.salonId }, other.owner.token), { code: 'Forbidden' });
    refused(await t.gql(GET_INVOICE, { appointment: appointment.id, salon: other.salonId }, other.owner.token), { code: 'NotExists' });
    refused(await create(f, appointment.id, other.owner.token), { code: 'Forbidden' });
    refused(await t.gql(CREATE_INVOICE, { input: { id: newId(), salon: other.salonId, appointment: appointment.id } }, other.owner.token), {
      code: 'NotExists',
    });
    refused(await update({ invoiceId: invoice.id, items: [item(other)], paid: true }, other.owner.token), {
      code: 'NotExists',
      messageId: 'invoice.notExists',
    });
    // Another salon's product, seller or membership is not one of this salon's.
    const theirProduct = await other.product(5, '1.00');
    refused(
      await update({ invoiceId: invoice.id, items: [item(f, { type: 'PRODUCT', entity: theirProduct })], paid: false }, f.owner.token),
      { field: 'items.0.entity' },
    );
    refused(await update({ invoiceId: invoice.id, items: [item(f, { seller: other.masterIds[0] })], paid: false }, f.owner.token), {
      field: 'items.0.seller',
    });
    const theirs = await buyMembership(other);
    refused(
      await update(
        { invoiceId: invoice.id, membership: theirs.id, items: [item(f, { paymentType: 'MEMBERSHIP' })], paid: false },
        f.owner.token,
      ),
      { reason: 'MEMBERSHIP_DOES_NOT_EXIST' },
    );
    expect(await stockOf(theirProduct)).toBe(5);
    const pulled = await pullAll(t, other.owner.token, other.salonId);
    expect(pulled.mirror.has(`invoices:${invoice.id}`)).toBe(false);
  });
});
