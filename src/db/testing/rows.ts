import { newId } from '../../domain/ids';
import type { AppointmentRow, InvoiceRow, WorkingTimeRow } from '../../domain/entities';
import { SALON } from './fixtures';

/** Mirror rows as the server sends them, for the query tests (src/db/queries) (never imported by the app). */
export const appointmentRow = (startAt: string, overrides: Partial<AppointmentRow> = {}): AppointmentRow => ({
  id: newId(),
  salonId: SALON,
  masterId: null,
  cabinetId: null,
  clientId: null,
  serviceId: 's'.repeat(24),
  authorId: null,
  authorRole: 'ADMIN',
  startAt,
  endAt: startAt,
  duration: 60,
  notes: '',
  groupId: null,
  archived: false,
  membershipId: null,
  createdAt: '2026-11-01T08:00:00.000Z',
  ...overrides,
});

export const workingTimeRow = (startAt: string, overrides: Partial<WorkingTimeRow> = {}): WorkingTimeRow => ({
  id: newId(),
  salonId: SALON,
  masterId: 'm'.repeat(24),
  cabinetId: null,
  startAt,
  endAt: startAt,
  ...overrides,
});

export const invoiceRow = (overrides: Partial<InvoiceRow> = {}): InvoiceRow => ({
  id: newId(),
  salonId: SALON,
  appointmentId: null,
  type: 'APPOINTMENT',
  administratorId: null,
  paid: false,
  archived: false,
  totalPrice: '10.00',
  membershipId: null,
  items: [],
  createdAt: '2026-11-01T08:00:00.000Z',
  ...overrides,
});
