import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { addStaff, at, day, line, salonWithOwner, type SalonFixture } from '../factories/salon';
import { ok, refused, type Loose } from '../helpers/graphql';
import { CREATE_APPOINTMENTS } from '../helpers/operations';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';
import { pullAll } from '../helpers/sync';

const CLOSE = `mutation C($input: CloseCashUpInput!) { closeCashUp(input: $input) { id salonId date expectedCash countedCash note closedBy closedAt } }`;
const CREATE_INVOICE = `mutation C($input: CreateInvoiceInput!) { createInvoice(input: $input) { id } }`;
const UPDATE_INVOICE = `mutation U($input: UpdateInvoiceInput!) { updateInvoice(input: $input) { id } }`;
const ADD_MANUFACTURER = `mutation M($input: AddManufacturerInput!) { addManufacturer(input: $input) { id } }`;
const ADD_PRODUCT = `mutation P($input: AddProductInput!) { addProduct(input: $input) { id } }`;
const SELL = `mutation S($input: CreateCartInvoiceInput!) { createCartInvoice(input: $input) { id } }`;
const ARCHIVE_SALE = `mutation A($input: ArchiveCartInvoiceInput!) { archiveCartInvoice(input: $input) { id } }`;

/** closeCashUp (issue 59 item 3): the day's cash counted by the server, once a day, administrators only. */
describe.each(backends(import.meta.url))('cash-ups on %s', (backend) => {
  const t = useTestServer(backend, ROOMY_LIMITS);
  const close = (f: SalonFixture, input: Loose, token = f.owner.token) =>
    t.gql(CLOSE, { input: { id: newId(), salon: f.salonId, date: day(0), countedCash: '40,00', note: '', ...input } }, token);

  /** Today: a visit paid 30.00 in cash and 20.00 by card, and a cash sale of 12.50 then archived. */
  async function dayWithPayments() {
    const f = await salonWithOwner(t, 0);
    const [appointment] = ok(
      await t.gql(
        CREATE_APPOINTMENTS,
        { input: { salon: f.salonId, appointments: [line(f, { startAt: at(0, '09:00') })] } },
        f.owner.token,
      ),
    ).createAppointments as Loose[];
    const invoice = ok(
      await t.gql(CREATE_INVOICE, { input: { id: newId(), salon: f.salonId, appointment: appointment?.id } }, f.owner.token),
    ).createInvoice.id as string;
    const lines = [
      { price: '30.00', paymentType: 'CASH' },
      { price: '20.00', paymentType: 'CC' },
    ].map((l) => ({ id: newId(), type: 'SERVICE', entity: f.serviceIds[0], seller: f.masterIds[0], quantity: 1, ...l }));
    ok(await t.gql(UPDATE_INVOICE, { input: { invoiceId: invoice, membership: null, items: lines, paid: true } }, f.owner.token));
    const brand = ok(await t.gql(ADD_MANUFACTURER, { input: { id: newId(), salon: f.salonId, name: 'Wella' } }, f.owner.token))
      .addManufacturer.id as string;
    const product = ok(
      await t.gql(
        ADD_PRODUCT,
        {
          input: {
            id: newId(),
            salon: f.salonId,
            name: 'Serum',
            manufacturer: brand,
            code: '',
            quantity: 3,
            price: '12.50',
            supplierPrice: '',
            type: 'SALE',
          },
        },
        f.owner.token,
      ),
    ).addProduct.id as string;
    const sale = newId();
    const items = [{ id: newId(), entity: product, quantity: 1, price: '12.50', paymentType: 'CASH' }];
    ok(await t.gql(SELL, { input: { id: sale, salon: f.salonId, administrator: f.owner.userId, items } }, f.owner.token));
    ok(await t.gql(ARCHIVE_SALE, { input: { invoiceId: sale, archived: true } }, f.owner.token));
    return f;
  }

  it("counts the day's cash itself, archived sales included, beside what was counted; pull sends it", async () => {
    const f = await dayWithPayments();
    // The device's own figure is its view: the server counts the cash afresh.
    const made = ok(await close(f, { expectedCash: '1.00', note: ' Two coins short ' })).closeCashUp;
    expect(made).toMatchObject({
      salonId: f.salonId,
      date: day(0),
      expectedCash: '42.50',
      countedCash: '40.00',
      note: 'Two coins short',
      closedBy: f.owner.userId,
    });
    const pulled = await pullAll(t, f.owner.token, f.salonId);
    expect(pulled.mirror.get(`cashUps:${made.id}`)).toMatchObject({ date: day(0), expectedCash: '42.50', countedCash: '40.00' });
  });

  it('closes a day once, a day that has begun, with the cash as a price; refuses masters and another salon', async () => {
    const f = await salonWithOwner(t, 0);
    refused(await close(f, { countedCash: 'abc' }), { code: 'IllegalArgument', field: 'countedCash', messageId: 'cashUp.enterCounted' });
    refused(await close(f, { countedCash: '100000,01' }), {
      code: 'IllegalArgument',
      field: 'countedCash',
      messageId: 'validation.price.tooLarge',
    });
    refused(await close(f, { date: day(1) }), { code: 'IllegalArgument', reason: 'CASH_UP_DAY_NOT_OVER', field: 'date' });
    const master = await addStaff(t, f.salonId, 'MASTER');
    refused(await close(f, {}, master.token), { code: 'Forbidden' });
    const other = await salonWithOwner(t, 0);
    refused(await close(f, {}, other.owner.token), { code: 'Forbidden' });

    const admin = await addStaff(t, f.salonId, 'ADMIN');
    const first = ok(await close(f, { countedCash: '0' }, admin.token)).closeCashUp;
    expect(first).toMatchObject({ expectedCash: '0.00', countedCash: '0.00', closedBy: admin.userId });
    refused(await close(f, { countedCash: '5' }), {
      code: 'AlreadyExists',
      reason: 'CASH_UP_ALREADY_EXISTS',
      field: 'countedCash',
      messageId: 'cashUp.closed',
    });
    // Yesterday is still open, and another salon's day is its own.
    expect(ok(await close(f, { date: day(-1) })).closeCashUp.date).toBe(day(-1));
    expect(ok(await close(other, {})).closeCashUp.salonId).toBe(other.salonId);
  });
});
