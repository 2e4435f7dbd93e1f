import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SalonDb } from '../salon-db';
import { SALON, testDb } from '../testing/fixtures';
import { invoiceOfAppointment, invoicesOfAppointments, invoicesOfMembership, salonInvoicesOfAppointments } from './invoices';
import { invoiceRow } from '../testing/rows';

let db: SalonDb;
beforeEach(() => {
  db = testDb();
});
afterEach(async () => {
  await db.delete();
});

const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();

describe('invoice reads', () => {
  it('an appointment’s invoice, and those of many appointments', async () => {
    const [a, b, c] = ['a1'.repeat(12), 'b2'.repeat(12), 'c3'.repeat(12)];
    const ofA = invoiceRow({ appointmentId: a });
    const ofB = invoiceRow({ appointmentId: b });
    await db.mirror('invoices').bulkPut([ofA, ofB, invoiceRow({ type: 'CART' })]);
    expect(await invoiceOfAppointment(db, a)).toEqual(ofA);
    expect(await invoiceOfAppointment(db, c)).toBeUndefined();
    expect(ids(await invoicesOfAppointments(db, [a, b, c]))).toEqual(ids([ofA, ofB]));
    expect(await invoicesOfAppointments(db, [])).toEqual([]);
  });

  it('the salon’s invoices of many appointments: the same sought one by one (few) or read with the salon’s (many)', async () => {
    const appointment = (n: number) => n.toString(16).padStart(24, '0');
    // 70 invoices: 60 of appointments 0-59, 10 sales; and one of appointment 1000 in another salon.
    const rows = [
      ...Array.from({ length: 60 }, (_, n) => invoiceRow({ appointmentId: appointment(n) })),
      ...Array.from({ length: 10 }, () => invoiceRow({ type: 'CART' })),
    ];
    const elsewhere = invoiceRow({ appointmentId: appointment(1000), salonId: 'o'.repeat(24) });
    await db.mirror('invoices').bulkPut([...rows, elsewhere]);
    const expected = (ns: number[]) => ids(rows.filter((r) => ns.some((n) => r.appointmentId === appointment(n))));
    // Two appointments (one without an invoice) are sought: 2 x 30 under the salon's 70 invoices.
    expect(ids(await salonInvoicesOfAppointments(db, SALON, [appointment(3), appointment(500)]))).toEqual(expected([3]));
    // Forty (ten without an invoice, one of them another salon's): the salon's invoices are read and picked.
    const many = [...Array.from({ length: 30 }, (_, n) => n * 2), ...Array.from({ length: 9 }, (_, n) => 600 + n), 1000];
    expect(ids(await salonInvoicesOfAppointments(db, SALON, many.map(appointment)))).toEqual(expected(many));
    expect(await salonInvoicesOfAppointments(db, SALON, [])).toEqual([]);
  });

  it('a membership’s uses: the salon’s invoices that name it', async () => {
    const membershipId = 'm'.repeat(24);
    const uses = [invoiceRow({ membershipId, appointmentId: 'a'.repeat(24) }), invoiceRow({ membershipId, type: 'CART' })];
    await db
      .mirror('invoices')
      .bulkPut([...uses, invoiceRow({ membershipId: 'n'.repeat(24) }), invoiceRow({ membershipId, salonId: 'o'.repeat(24) })]);
    expect(ids(await invoicesOfMembership(db, SALON, membershipId))).toEqual(ids(uses));
  });
});
