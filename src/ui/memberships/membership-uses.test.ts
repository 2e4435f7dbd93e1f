import { describe, expect, it } from 'vitest';
import type { AppointmentRow, InvoiceItemRow, InvoiceRow } from '../../domain/entities';
import { membershipUses } from './membership-uses';

const item = (id: string, overrides: Partial<InvoiceItemRow> = {}): InvoiceItemRow => ({
  id,
  type: 'SERVICE',
  entityId: 'svc',
  sellerId: null,
  sellerType: null,
  quantity: 1,
  price: '12.00',
  paymentType: 'MEMBERSHIP',
  ...overrides,
});
const invoice = (id: string, items: InvoiceItemRow[], overrides: Partial<InvoiceRow> = {}): InvoiceRow => ({
  id,
  salonId: 's',
  appointmentId: null,
  type: 'APPOINTMENT',
  administratorId: null,
  paid: true,
  archived: false,
  totalPrice: '0.00',
  membershipId: 'm1',
  items,
  createdAt: '2026-03-02T08:00:00.000Z',
  ...overrides,
});
const appointment = (id: string, startAt: string, overrides: Partial<AppointmentRow> = {}): AppointmentRow => ({
  id,
  salonId: 's',
  masterId: 'master-a',
  cabinetId: null,
  clientId: 'c',
  serviceId: 'svc',
  authorId: null,
  authorRole: 'ADMIN',
  startAt,
  endAt: startAt,
  duration: 60,
  notes: '',
  groupId: null,
  archived: false,
  membershipId: 'm1',
  createdAt: '2026-03-01T00:00:00.000Z',
  ...overrides,
});

describe('membershipUses', () => {
  it('lists the MEMBERSHIP items of paid invoices of this membership, newest first, with the appointment date and master', () => {
    const appointments = new Map([
      ['a1', appointment('a1', '2026-03-01 10:00')],
      ['a2', appointment('a2', '2026-03-05 09:30', { masterId: null, cabinetId: 'cab-1' })],
    ]);
    const invoices = [
      invoice('i1', [item('x1'), item('x2', { paymentType: 'CASH', type: 'PRODUCT', entityId: 'prod', price: '5.00' })], {
        appointmentId: 'a1',
      }),
      invoice('i2', [item('x3', { price: '11.50' })], { appointmentId: 'a2' }),
      invoice('i3', [item('x4')], { paid: false, appointmentId: 'a1' }),
      invoice('i4', [item('x5')], { membershipId: 'other' }),
      invoice('i5', [item('x6', { sellerType: 'MASTER', sellerId: 'master-b' })]),
    ];
    expect(membershipUses('m1', invoices, appointments)).toEqual([
      { id: 'x3', date: '2026-03-05 09:30', masterId: null, cabinetId: 'cab-1', serviceId: 'svc', price: '11.50' },
      { id: 'x6', date: '2026-03-02T08:00:00.000Z', masterId: 'master-b', cabinetId: null, serviceId: 'svc', price: '12.00' },
      { id: 'x1', date: '2026-03-01 10:00', masterId: 'master-a', cabinetId: null, serviceId: 'svc', price: '12.00' },
    ]);
  });

  it('is empty when the membership has not been used', () => {
    expect(membershipUses('m1', [invoice('i1', [item('x1', { paymentType: 'CC' })])], new Map())).toEqual([]);
  });
});
