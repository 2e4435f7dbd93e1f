import { eq } from 'drizzle-orm';
import { newId } from '../../src/domain/ids';
import { administrators, invoices, memberships, products, services } from '../../server/db/schema';
import { ok, type Loose } from '../helpers/graphql';
import { CREATE_APPOINTMENTS, CREATE_CLIENT } from '../helpers/operations';
import type { TestServer } from '../helpers/server';
import { at, clientInput, line, salonWithOwner, type SalonFixture } from './salon';

/**
 * Invoices for integration tests (tests/integration/invoices.pg.test.ts, invoice-edits.pg.test.ts): a salon with a
 * client and products, appointments of the client, their invoices, invoice lines and memberships, all made through
 * the API, and reads of the rows they change.
 */
export const INVOICE =
  'id salonId appointmentId paid archived totalPrice membershipId tip tipMasterId tipPaymentType createdAt rev items { id type entityId sellerId sellerType quantity price paymentType discountType discount }';
export const CREATE_INVOICE = `mutation C($input: CreateInvoiceInput!) { createInvoice(input: $input) { ${INVOICE} } }`;
export const UPDATE_INVOICE = `mutation U($input: UpdateInvoiceInput!) { updateInvoice(input: $input) { ${INVOICE} } }`;
export const GET_INVOICE = `query G($appointment: ID!, $salon: ID!, $client: ID) { getInvoice(appointment: $appointment, salon: $salon, client: $client) { invoice { ${INVOICE} } memberships { id totalUses quantity } } }`;
const CREATE_MEMBERSHIP = `mutation M($input: CreateMembershipInput!) { createMembership(input: $input) { id pricePerUse } }`;
const ADD_MANUFACTURER = `mutation AM($input: AddManufacturerInput!) { addManufacturer(input: $input) { id } }`;
const ADD_PRODUCT = `mutation AP($input: AddProductInput!) { addProduct(input: $input) { id } }`;

type T = Pick<TestServer, 'gql' | 'db'>;

export function invoiceHelpers(t: T) {
  const create = (f: SalonFixture, appointment: string, token = f.owner.token, overrides: Loose = {}) =>
    t.gql(CREATE_INVOICE, { input: { id: newId(), salon: f.salonId, appointment, ...overrides } }, token);
  const update = (input: Loose, token: string) => t.gql(UPDATE_INVOICE, { input }, token);
  const stockOf = async (id: string) =>
    (await t.db.select({ quantity: products.quantity }).from(products).where(eq(products.id, id)))[0]?.quantity;
  const usesOf = async (id: string) =>
    (await t.db.select({ totalUses: memberships.totalUses }).from(memberships).where(eq(memberships.id, id)))[0]?.totalUses;
  const rowOf = async (id: string) => (await t.db.select().from(invoices).where(eq(invoices.id, id)))[0];
  const priceOf = async (id: string) => (await t.db.select({ price: services.price }).from(services).where(eq(services.id, id)))[0]?.price;

  let hour = 8;
  /** A salon with a client, an appointment of the client, and products. */
  const setup = async () => {
    const f = await salonWithOwner(t, 0);
    const client = ok(await t.gql(CREATE_CLIENT, { input: clientInput(f.salonId) }, f.owner.token)).createClient.id as string;
    const brand = ok(await t.gql(ADD_MANUFACTURER, { input: { id: newId(), salon: f.salonId, name: 'Wella' } }, f.owner.token))
      .addManufacturer.id;
    const product = async (quantity: number, price: string) =>
      ok(
        await t.gql(
          ADD_PRODUCT,
          {
            input: {
              id: newId(),
              salon: f.salonId,
              name: `P ${newId().slice(0, 5)}`,
              manufacturer: brand,
              code: '',
              quantity,
              price,
              supplierPrice: '',
              type: 'SALE',
            },
          },
          f.owner.token,
        ),
      ).addProduct.id as string;
    const [admin] = await t.db.select({ id: administrators.id }).from(administrators).where(eq(administrators.salonId, f.salonId));
    return { ...f, client, product, adminId: admin?.id as string };
  };
  type Setup = Awaited<ReturnType<typeof setup>>;
  const book = async (f: Setup, overrides: Loose = {}) => {
    hour = hour >= 17 ? 8 : hour + 1;
    const input = line(f, { client: f.client, startAt: at(1, `${String(hour).padStart(2, '0')}:00`), ...overrides });
    return ok(await t.gql(CREATE_APPOINTMENTS, { input: { salon: f.salonId, appointments: [input] } }, f.owner.token))
      .createAppointments[0] as Loose;
  };
  const invoiceFor = async (f: Setup) => {
    const appointment = await book(f);
    return { appointment, invoice: ok(await create(f, appointment.id)).createInvoice as Loose };
  };
  const item = (f: Setup, overrides: Loose = {}) => ({
    id: newId(),
    type: 'SERVICE',
    entity: f.serviceIds[0],
    seller: f.masterIds[0],
    quantity: 1,
    price: '20.00',
    paymentType: 'CASH',
    ...overrides,
  });
  const buyMembership = async (f: Setup, overrides: Loose = {}) =>
    ok(
      await t.gql(
        CREATE_MEMBERSHIP,
        {
          input: {
            id: newId(),
            salon: f.salonId,
            client: f.client,
            service: f.serviceIds[0],
            serialNumber: Math.floor(Math.random() * 1e6) + 1,
            quantity: 3,
            price: '25,00',
            paymentType: 'CASH',
            createdAt: new Date().toISOString(),
            ...overrides,
          },
        },
        f.owner.token,
      ),
    ).createMembership as Loose;

  return { create, update, stockOf, usesOf, rowOf, priceOf, setup, book, invoiceFor, item, buyMembership };
}
export type InvoiceSetup = Awaited<ReturnType<ReturnType<typeof invoiceHelpers>['setup']>>;
