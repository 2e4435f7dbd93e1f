import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { addStaff, at, clientInput, line, salonWithOwner, type SalonFixture } from '../factories/salon';
import { ok, refused, type Loose } from '../helpers/graphql';
import { CREATE_APPOINTMENTS, CREATE_CLIENT } from '../helpers/operations';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';

const STATS = `query S($salon: ID!, $client: ID!) { getClientStats(salon: $salon, client: $client) {
  totalAppointments failedAppointments successAppointments lastAppointment { id serviceId startAt notes invoiceTotal } } }`;
const CREATE_INVOICE = `mutation C($input: CreateInvoiceInput!) { createInvoice(input: $input) { id totalPrice items { id } } }`;
const UPDATE_INVOICE = `mutation U($input: UpdateInvoiceInput!) { updateInvoice(input: $input) { id paid totalPrice } }`;

/** getClientStats (part 1 §3 Stats, §4 'Paying turns one failed appointment into one successful'; decision 028). */
describe.each(backends(import.meta.url))('client stats on %s', (backend) => {
  const t = useTestServer(backend, ROOMY_LIMITS);
  const stats = (f: SalonFixture, client: string, token = f.owner.token) => t.gql(STATS, { salon: f.salonId, client }, token);
  const newClient = async (f: SalonFixture) =>
    ok(await t.gql(CREATE_CLIENT, { input: clientInput(f.salonId) }, f.owner.token)).createClient.id as string;
  const book = async (f: SalonFixture, client: string, startAt: string, notes = '') =>
    ok(
      await t.gql(CREATE_APPOINTMENTS, { input: { salon: f.salonId, appointments: [line(f, { client, startAt, notes })] } }, f.owner.token),
    ).createAppointments[0] as Loose;
  const pay = async (f: SalonFixture, appointment: string, price: string) => {
    const invoice = ok(await t.gql(CREATE_INVOICE, { input: { id: newId(), salon: f.salonId, appointment } }, f.owner.token)).createInvoice;
    const items = [
      { id: newId(), type: 'SERVICE', entity: f.serviceIds[0], seller: f.masterIds[0], quantity: 1, price, paymentType: 'CASH' },
    ];
    return ok(await t.gql(UPDATE_INVOICE, { input: { invoiceId: invoice.id, membership: null, items, paid: true } }, f.owner.token))
      .updateInvoice;
  };

  it('counts past unpaid as failed, paid as successful, coming ones in the total only; paying moves one failed to successful', async () => {
    const f = await salonWithOwner(t, 0);
    const client = await newClient(f);
    expect(ok(await stats(f, client)).getClientStats).toEqual({
      totalAppointments: 0,
      failedAppointments: 0,
      successAppointments: 0,
      lastAppointment: null,
    });

    const older = await book(f, client, at(-3, '10:00'));
    const latest = await book(f, client, at(-1, '11:00'), 'colour refresh');
    await book(f, client, at(2, '12:00'));
    const before = ok(await stats(f, client)).getClientStats;
    expect(before).toEqual({
      totalAppointments: 3,
      failedAppointments: 2,
      successAppointments: 0,
      lastAppointment: { id: latest.id, serviceId: f.serviceIds[0], startAt: at(-1, '11:00'), notes: 'colour refresh', invoiceTotal: null },
    });

    const paid = await pay(f, latest.id, '42,50');
    expect(paid).toMatchObject({ paid: true, totalPrice: '42.50' });
    const after = ok(await stats(f, client)).getClientStats;
    expect(after).toMatchObject({ totalAppointments: 3, failedAppointments: 1, successAppointments: 1 });
    expect(after.lastAppointment).toMatchObject({ id: latest.id, invoiceTotal: '42.50' });

    await pay(f, older.id, '10.00');
    expect(ok(await stats(f, client)).getClientStats).toMatchObject({ failedAppointments: 0, successAppointments: 2 });
  });

  it("does not count another client's appointments, and refuses masters, unknown clients and other salons", async () => {
    const f = await salonWithOwner(t, 0);
    const [client, other] = [await newClient(f), await newClient(f)];
    await book(f, other, at(-1, '09:00'));
    expect(ok(await stats(f, client)).getClientStats).toMatchObject({ totalAppointments: 0, failedAppointments: 0 });

    const master = await addStaff(t, f.salonId, 'MASTER');
    refused(await stats(f, client, master.token), { code: 'Forbidden' });
    const admin = await addStaff(t, f.salonId, 'ADMIN');
    expect(ok(await stats(f, other, admin.token)).getClientStats).toMatchObject({ totalAppointments: 1, failedAppointments: 1 });

    refused(await stats(f, newId()), { code: 'NotExists', messageId: 'client.notExists' });
    const g = await salonWithOwner(t, 0);
    refused(await stats(g, client, g.owner.token), { code: 'NotExists' });
    refused(await t.gql(STATS, { salon: f.salonId, client }, g.owner.token), { code: 'Forbidden' });
  });
});
