import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { administrators } from '../../server/db/schema';
import { addStaff, at, clientInput, day, line, salonWithOwner, type SalonFixture } from '../factories/salon';
import { ok, refused, type Loose } from '../helpers/graphql';
import { CREATE_APPOINTMENTS, CREATE_CLIENT, GET_REPORT } from '../helpers/operations';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';

const RATING = `query C($salon: ID!) { getClientRating(salon: $salon) { id firstName lastName phone totalVisits firstAppointment lastAppointment } }`;
const CREATE_INVOICE = `mutation C($input: CreateInvoiceInput!) { createInvoice(input: $input) { id } }`;
const UPDATE_INVOICE = `mutation U($input: UpdateInvoiceInput!) { updateInvoice(input: $input) { id paid totalPrice } }`;
const SELL = `mutation S($input: CreateCartInvoiceInput!) { createCartInvoice(input: $input) { id } }`;
const ADD_MANUFACTURER = `mutation M($input: AddManufacturerInput!) { addManufacturer(input: $input) { id } }`;
const ADD_PRODUCT = `mutation P($input: AddProductInput!) { addProduct(input: $input) { id } }`;
const ARCHIVE_APPOINTMENT = `mutation A($input: ArchiveAppointmentInput!) { archiveAppointment(input: $input) { appointment { id archived } } }`;
const SELL_MEMBERSHIP = `mutation M($input: CreateMembershipInput!) { createMembership(input: $input) { id } }`;
const MEMBERSHIPS_SOLD = `query R($salon: ID!, $fromDate: String!, $toDate: String!, $reportFilter: String) {
  getReport(salon: $salon, fromDate: $fromDate, toDate: $toDate, reportFilter: $reportFilter) {
    tiles { total { total } }
    membershipsSold { count total cash card gift rows { membershipId date clientId serviceId sellerId serialNumber quantity price paymentType } }
  }
}`;

/** getReport and getClientRating (issue 17; part 2 §7): the figures to the cent, who may ask, and what is refused. */
describe.each(backends(import.meta.url))('reports on %s', (backend) => {
  const t = useTestServer(backend, ROOMY_LIMITS);
  const report = (f: SalonFixture, vars: Loose, token = f.owner.token) =>
    t.gql(GET_REPORT, { salon: f.salonId, fromDate: day(-1), toDate: day(1), ...vars }, token);
  const newClient = async (f: SalonFixture) =>
    ok(await t.gql(CREATE_CLIENT, { input: clientInput(f.salonId) }, f.owner.token)).createClient.id as string;
  const book = async (f: SalonFixture, overrides: Loose) =>
    (
      ok(await t.gql(CREATE_APPOINTMENTS, { input: { salon: f.salonId, appointments: [line(f, overrides)] } }, f.owner.token))
        .createAppointments[0] as Loose
    ).id as string;
  /** Pays the appointment's invoice with the given lines (service by its master unless a seller is named). */
  const pay = async (f: SalonFixture, appointment: string, items: Loose[], paid = true) => {
    const invoice = ok(await t.gql(CREATE_INVOICE, { input: { id: newId(), salon: f.salonId, appointment } }, f.owner.token)).createInvoice;
    const lines = items.map((i) => ({
      id: newId(),
      type: 'SERVICE',
      entity: f.serviceIds[0],
      seller: f.masterIds[0],
      quantity: 1,
      paymentType: 'CASH',
      ...i,
    }));
    ok(await t.gql(UPDATE_INVOICE, { input: { invoiceId: invoice.id, membership: null, items: lines, paid } }, f.owner.token));
    return invoice.id as string;
  };

  it('counts paid lines by payment type, groups them by seller with hours, and leaves drafts out', async () => {
    const f = await salonWithOwner(t, 0);
    const client = await newClient(f);
    const [m0, m1] = f.masterIds as [string, string];
    const a1 = await book(f, { client, master: m0, startAt: at(0, '09:00'), duration: 60 });
    const a2 = await book(f, { client, master: m1, startAt: at(0, '11:00'), duration: 90 });
    const a3 = await book(f, { client, master: m1, startAt: at(0, '14:00'), duration: 30 });
    await pay(f, a1, [{ price: '30.00', paymentType: 'CASH' }]);
    await pay(f, a2, [
      { seller: m1, price: '45,50', paymentType: 'CC' },
      { seller: m1, price: '10.00', quantity: 2, paymentType: 'GIFT' },
    ]);
    await pay(f, a3, [{ seller: m1, price: '99.00' }], false);
    // A sale of two products by the owner, by card.
    const brand = ok(await t.gql(ADD_MANUFACTURER, { input: { id: newId(), salon: f.salonId, name: 'Wella' } }, f.owner.token))
      .addManufacturer.id;
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
            quantity: 9,
            price: '12.25',
            supplierPrice: '',
            type: 'SALE',
          },
        },
        f.owner.token,
      ),
    ).addProduct.id;
    const [admin] = await t.db
      .select({ id: administrators.id })
      .from(administrators)
      .where(and(eq(administrators.salonId, f.salonId), eq(administrators.userId, f.owner.userId)));
    const items = [{ id: newId(), entity: product, quantity: 2, price: '12.25', paymentType: 'CC' }];
    ok(await t.gql(SELL, { input: { id: newId(), salon: f.salonId, administrator: f.owner.userId, items } }, f.owner.token));

    const all = ok(await report(f, {})).getReport;
    expect(all.tiles).toEqual({
      services: { total: '95.50', cash: '30.00', card: '45.50', gift: '20.00', membership: '0.00' },
      products: { total: '24.50', cash: '0.00', card: '24.50', gift: '0.00', membership: '0.00' },
      total: { total: '120.00', cash: '30.00', card: '70.00', gift: '20.00', membership: '0.00' },
      servicesSold: 4,
      itemsSold: 2,
      discounts: '0.00',
      tips: { total: '0.00', cash: '0.00', card: '0.00' },
    });
    expect(all.groups.map((g: Loose) => [g.kind, g.id, g.minutes, g.services, g.products, g.revenue.total, g.rows.length])).toEqual([
      ['MASTER', m0, 60, 1, 0, '30.00', 1],
      ['MASTER', m1, 90, 3, 0, '65.50', 2],
      ['ADMINISTRATOR', admin?.id, 0, 0, 2, '24.50', 1],
    ]);
    expect(all.groups[0].rows[0]).toMatchObject({
      date: day(0),
      clientId: client,
      type: 'SERVICE',
      quantity: 1,
      price: '30.00',
      total: '30.00',
    });

    const products = ok(await report(f, { reportFilter: 'products' })).getReport;
    expect(products.tiles.total.total).toBe('24.50');
    expect(products.tiles.servicesSold).toBe(0);
    const grouped = ok(await report(f, { reportFilter: 'grouped_by_services' })).getReport;
    expect(grouped.groups).toHaveLength(1);
    expect(grouped.groups[0]).toMatchObject({ kind: 'SERVICE_GROUP', services: 4, revenue: { total: '95.50' } });
    // Another range has none of it.
    expect(ok(await report(f, { fromDate: day(-30), toDate: day(-2) })).getReport.groups).toEqual([]);
  });

  it('says how much archived revenue the range leaves out, and counts it with showArchive (issue 59 item 2)', async () => {
    const f = await salonWithOwner(t, 0);
    const a1 = await book(f, { master: f.masterIds[0], startAt: at(0, '09:00'), duration: 60 });
    const a2 = await book(f, { master: f.masterIds[0], startAt: at(0, '11:00'), duration: 60 });
    await pay(f, a1, [{ price: '30.00' }]);
    await pay(f, a2, [{ price: '12.40' }, { price: '5.00', quantity: 2 }]);
    ok(await t.gql(ARCHIVE_APPOINTMENT, { input: { salon: f.salonId, appointmentId: a2, archived: true } }, f.owner.token));

    const left = ok(await report(f, {})).getReport;
    expect(left.tiles.total.total).toBe('30.00');
    expect(left.archived).toEqual({ total: '22.40', invoices: 1, included: false });
    const shown = ok(await report(f, { showArchive: true })).getReport;
    expect(shown.tiles.total.total).toBe('52.40');
    expect(shown.archived).toEqual({ total: '22.40', invoices: 1, included: true });
    expect(ok(await report(f, { fromDate: day(-30), toDate: day(-2) })).getReport.archived).toEqual({
      total: '0.00',
      invoices: 0,
      included: false,
    });
  });

  it('counts memberships sold on their salon day by payment type, outside Total revenue (decision 071)', async () => {
    const f = await salonWithOwner(t, 0);
    const other = await salonWithOwner(t, 0);
    const client = await newClient(f);
    const sell = (target: SalonFixture, who: string, serialNumber: number, price: string, paymentType: string, createdAt: string) =>
      t.gql(
        SELL_MEMBERSHIP,
        {
          input: {
            id: newId(),
            salon: target.salonId,
            client: who,
            service: target.serviceIds[0],
            serialNumber,
            quantity: 5,
            price,
            paymentType,
            createdAt,
          },
        },
        target.owner.token,
      );
    const noon = `${day(0)}T10:00:00.000Z`;
    const cash = ok(await sell(f, client, 1, '100', 'CASH', noon)).createMembership.id;
    ok(await sell(f, client, 2, '50,50', 'CC', noon));
    ok(await sell(f, client, 3, '20', 'GIFT', `${day(-5)}T10:00:00.000Z`));
    ok(await sell(other, await newClient(other), 4, '999', 'CASH', noon));

    const range = { salon: f.salonId, fromDate: day(-1), toDate: day(1) };
    const all = ok(await t.gql(MEMBERSHIPS_SOLD, range, f.owner.token)).getReport;
    expect(all.tiles.total.total).toBe('0.00');
    expect(all.membershipsSold).toMatchObject({ count: 2, total: '150.50', cash: '100.00', card: '50.50', gift: '0.00' });
    expect(all.membershipsSold.rows.find((r: Loose) => r.membershipId === cash)).toEqual({
      membershipId: cash,
      date: day(0),
      clientId: client,
      serviceId: f.serviceIds[0],
      sellerId: f.owner.userId,
      serialNumber: 1,
      quantity: 5,
      price: '100.00',
      paymentType: 'CASH',
    });
    const products = ok(await t.gql(MEMBERSHIPS_SOLD, { ...range, reportFilter: 'products' }, f.owner.token)).getReport;
    expect(products.membershipsSold.count).toBe(0);
  });

  it('rates clients by visits that have started', async () => {
    const f = await salonWithOwner(t, 0);
    const [regular, once] = [await newClient(f), await newClient(f)];
    await book(f, { client: regular, startAt: at(-10, '10:00') });
    await book(f, { client: regular, startAt: at(-3, '10:00') });
    await book(f, { client: regular, startAt: at(5, '10:00') });
    await book(f, { client: once, startAt: at(-1, '12:00') });
    const rating = ok(await t.gql(RATING, { salon: f.salonId }, f.owner.token)).getClientRating;
    expect(rating.map((e: Loose) => [e.id, e.totalVisits, e.firstAppointment, e.lastAppointment])).toEqual([
      [regular, 2, at(-10, '10:00'), at(-3, '10:00')],
      [once, 1, at(-1, '12:00'), at(-1, '12:00')],
    ]);
  });

  it('refuses masters, another salon and bad filters on their field, and never shows another salon', async () => {
    const f = await salonWithOwner(t, 0);
    const master = await addStaff(t, f.salonId, 'MASTER');
    refused(await report(f, {}, master.token), { code: 'Forbidden', reason: 'MASTER_CANNOT_SEE_REPORTS' });
    refused(await t.gql(RATING, { salon: f.salonId }, master.token), { code: 'Forbidden' });
    const admin = await addStaff(t, f.salonId, 'ADMIN');
    expect(ok(await report(f, {}, admin.token)).getReport.groups).toEqual([]);

    const g = await salonWithOwner(t, 0);
    await pay(g, await book(g, { startAt: at(0, '10:00') }), [{ price: '50.00' }]);
    refused(await report(f, {}, g.owner.token), { code: 'Forbidden' });
    expect(ok(await report(f, {})).getReport.tiles.total.total).toBe('0.00');
    expect(ok(await report(g, {})).getReport.tiles.total.total).toBe('50.00');

    refused(await report(f, { fromDate: '2026-02-30' }), { field: 'fromDate', messageId: 'report.rangeInvalid' });
    refused(await report(f, { fromDate: day(1), toDate: day(-1) }), { field: 'toDate', messageId: 'report.rangeInvalid' });
    refused(await report(f, { fromDate: day(-400), toDate: day(0) }), { field: 'toDate', messageId: 'report.rangeInvalid' });
    refused(await report(f, { reportFilter: 'client_rating' }), { field: 'reportFilter', messageId: 'report.kindInvalid' });
  });
});
