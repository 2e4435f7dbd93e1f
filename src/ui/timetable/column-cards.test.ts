import { describe, expect, it } from 'vitest';
import type { AppointmentRow, InvoiceRow } from '../../domain/entities';
import { sameCards } from './column-cards';
import type { GridColumn } from './grid-column';
import type { DayData, Provider } from './use-timetable-day';

const row = (id: string, patch: Partial<AppointmentRow> = {}): AppointmentRow => ({
  id,
  salonId: 's',
  masterId: 'm',
  cabinetId: null,
  clientId: null,
  serviceId: 'sv',
  authorId: null,
  authorRole: 'ADMIN',
  startAt: '2026-11-29 10:00',
  endAt: '2026-11-29 11:00',
  duration: 60,
  notes: '',
  groupId: null,
  archived: false,
  membershipId: null,
  createdAt: '2026-11-01T00:00:00Z',
  ...patch,
});
const invoice = (id: string, appointmentId: string): InvoiceRow => ({
  id,
  salonId: 's',
  appointmentId,
  type: 'APPOINTMENT',
  administratorId: null,
  paid: true,
  archived: false,
  totalPrice: '25.00',
  membershipId: null,
  items: [],
  createdAt: '2026-11-01T00:00:00Z',
});
const provider: Provider = { id: 'm', kind: 'master', name: 'Marta', serviceGroupIds: ['g'], schedule: [] };
const column = (appointments: AppointmentRow[]): GridColumn => ({ id: 'm', label: 'Marta', provider, date: '2026-11-29', appointments });
const day = (appointments: AppointmentRow[], invoices = new Map<string, InvoiceRow>()): DayData => ({
  providers: [provider],
  appointments,
  services: new Map(),
  groups: new Map(),
  clients: new Map(),
  invoices,
  names: new Map([['m', 'Marta']]),
});

describe('sameCards', () => {
  const cards = [row('a'), row('b')];
  const col = column(cards);
  const data = day(cards);

  it('is the same when another column gained a pending row and a card', () => {
    const next = { ...data, appointments: [...cards, row('z', { masterId: 'other' })] };
    expect(sameCards({ column: col, data, pending: new Set() }, { column: col, data: next, pending: new Set(['appointments:z']) })).toBe(
      true,
    );
  });

  it('differs when one of its cards becomes pending or stops being pending', () => {
    expect(sameCards({ column: col, data, pending: new Set() }, { column: col, data, pending: new Set(['appointments:b']) })).toBe(false);
    expect(sameCards({ column: col, data, pending: new Set(['appointments:a']) }, { column: col, data, pending: new Set() })).toBe(false);
  });

  it("differs when a card's invoice becomes pending", () => {
    const paid = day(cards, new Map([['a', invoice('inv-a', 'a')]]));
    expect(
      sameCards({ column: col, data: paid, pending: new Set() }, { column: col, data: paid, pending: new Set(['invoices:inv-a']) }),
    ).toBe(false);
  });

  it('differs when a lookup a card shows changed in a new map', () => {
    const paid = day(cards, new Map([['a', invoice('inv-a', 'a')]]));
    expect(sameCards({ column: col, data, pending: new Set() }, { column: col, data: paid, pending: new Set() })).toBe(false);
    const renamed = { ...data, names: new Map([['m', 'Marta K.']]) };
    expect(sameCards({ column: col, data, pending: new Set() }, { column: col, data: renamed, pending: new Set() })).toBe(true);
    const inCabinet = [row('a', { cabinetId: 'c1' })];
    const before = { ...day(inCabinet), names: new Map([['c1', 'Room 1']]) };
    const after = { ...before, names: new Map([['c1', 'Room A']]) };
    expect(
      sameCards(
        { column: column(inCabinet), data: before, pending: new Set() },
        { column: column(inCabinet), data: after, pending: new Set() },
      ),
    ).toBe(false);
  });
});
