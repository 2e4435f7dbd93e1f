import { describe, expect, it } from 'vitest';
import type { Found } from './pull-sources';
import { pullTables } from './pull-tables';

const put = (entity: Found['entity'], data: Record<string, unknown>): Found => ({
  entity,
  id: data.id as string,
  rev: 1,
  deleted: false,
  data,
});
const gone = (entity: Found['entity'], id: string): Found => ({ entity, id, rev: 2, deleted: true, data: null });

describe('pull tables (decision 067)', () => {
  it("sends each entity's keys once and its rows as values, tombstones apart", () => {
    const page = [
      put('clients', { id: 'c1', salonId: 's', firstName: 'Anna', phone: null }),
      put('appointments', { id: 'a1', salonId: 's', startAt: '2026-03-02 10:00', archived: false }),
      gone('clients', 'c0'),
      put('clients', { id: 'c2', salonId: 's', firstName: 'Ilze', phone: '+371' }),
    ];
    expect(pullTables(page)).toEqual([
      {
        entity: 'clients',
        columns: ['id', 'salonId', 'firstName', 'phone'],
        rows: [
          ['c1', 's', 'Anna', null],
          ['c2', 's', 'Ilze', '+371'],
        ],
        deleted: ['c0'],
      },
      {
        entity: 'appointments',
        columns: ['id', 'salonId', 'startAt', 'archived'],
        rows: [['a1', 's', '2026-03-02 10:00', false]],
        deleted: [],
      },
    ]);
  });

  it('gives rows of other keys, or of keys in another order, a table of their own, and leaves out undefined as JSON does', () => {
    const page = [
      gone('invoices', 'i0'),
      put('invoices', { id: 'i1', total: '1.00', items: [{ id: 'x', price: '1.00' }] }),
      put('invoices', { total: '2.00', id: 'i2', items: [] }),
      put('invoices', { id: 'i3', total: '3.00', items: [], note: undefined }),
      put('invoices', { id: 'i4', total: '4.00' }),
    ];
    expect(pullTables(page)).toEqual([
      { entity: 'invoices', columns: ['id', 'total', 'items'], rows: [['i1', '1.00', [{ id: 'x', price: '1.00' }]]], deleted: ['i0'] },
      { entity: 'invoices', columns: ['total', 'id', 'items'], rows: [['2.00', 'i2', []]], deleted: [] },
      { entity: 'invoices', columns: ['id', 'total', 'items'], rows: [['i3', '3.00', []]], deleted: [] },
      { entity: 'invoices', columns: ['id', 'total'], rows: [['i4', '4.00']], deleted: [] },
    ]);
  });

  it('sends an entity with only tombstones as a table of no columns', () => {
    expect(pullTables([gone('appointments', 'a1'), gone('appointments', 'a2')])).toEqual([
      { entity: 'appointments', columns: [], rows: [], deleted: ['a1', 'a2'] },
    ]);
  });
});
