import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SalonDb } from '../salon-db';
import { SALON, testDb } from '../testing/fixtures';
import { invoiceOfAppointment, invoicesOfAppointments, invoicesOfMembership } from './invoices';
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

  it('a membership’s uses: the salon’s invoices that name it', async () => {
    const membershipId = 'm'.repeat(24);
    const uses = [invoiceRow({ membershipId, appointmentId: 'a'.repeat(24) }), invoiceRow({ membershipId, type: 'CART' })];
    await db
      .mirror('invoices')
      .bulkPut([...uses, invoiceRow({ membershipId: 'n'.repeat(24) }), invoiceRow({ membershipId, salonId: 'o'.repeat(24) })]);
    expect(ids(await invoicesOfMembership(db, SALON, membershipId))).toEqual(ids(uses));
  });
});
