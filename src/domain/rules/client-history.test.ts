import { describe, expect, it } from 'vitest';
import { clientAppointmentsView, lastBoughtProduct, nextShown } from './client-history';

const at = (day: number) => ({ startAt: `2031-03-${String(day).padStart(2, '0')} 10:00` });
// Days 1..28, newest first; now is day 10 at noon: 18 future (11..28), 10 past (1..10).
const history = Array.from({ length: 28 }, (_, i) => at(28 - i));
const now = '2031-03-10 12:00';

describe('clientAppointmentsView', () => {
  it('shows the 10 nearest future appointments, newest first, and counts the later ones', () => {
    const view = clientAppointmentsView(history, now, 20);
    expect(view.future.map((a) => a.startAt.slice(8, 10))).toEqual(['20', '19', '18', '17', '16', '15', '14', '13', '12', '11']);
    expect(view.laterHidden).toBe(8);
  });

  it('pages the past: as many as asked for, and how many are left', () => {
    expect(clientAppointmentsView(history, now, 4)).toMatchObject({ pastHidden: 6 });
    expect(clientAppointmentsView(history, now, 4).past.map((a) => a.startAt.slice(8, 10))).toEqual(['10', '09', '08', '07']);
    expect(clientAppointmentsView(history, now, 20)).toMatchObject({ pastHidden: 0 });
  });
});

describe('lastBoughtProduct', () => {
  const invoices = new Map([
    ['a3', { paid: false, items: [{ type: 'PRODUCT', entityId: 'unpaid' }] }],
    ['a2', { paid: true, items: [{ type: 'SERVICE', entityId: 's' }] }],
    [
      'a1',
      {
        paid: true,
        items: [
          { type: 'SERVICE', entityId: 's' },
          { type: 'PRODUCT', entityId: 'p1' },
          { type: 'PRODUCT', entityId: 'p0' },
        ],
      },
    ],
    ['a0', { paid: true, items: [{ type: 'PRODUCT', entityId: 'older' }] }],
  ]);
  it('names one product: the first of the latest paid invoice that has one', () => {
    expect(lastBoughtProduct([{ id: 'a3' }, { id: 'a2' }, { id: 'a1' }, { id: 'a0' }], invoices)).toBe('p1');
    expect(lastBoughtProduct([{ id: 'a3' }, { id: 'a2' }], invoices)).toBeNull();
  });
});

describe('nextShown (the clients list, 20 a page)', () => {
  it('adds a page once the last shown row is in view, up to the total', () => {
    expect(nextShown(20, 10, 100, 20)).toBe(20);
    expect(nextShown(20, 19, 100, 20)).toBe(40);
    expect(nextShown(40, 39, 45, 20)).toBe(45);
    expect(nextShown(45, 44, 45, 20)).toBe(45);
  });
});
