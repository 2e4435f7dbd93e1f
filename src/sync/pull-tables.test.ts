import { describe, expect, it } from 'vitest';
import { changesOfTables } from './pull-tables';

describe('changesOfTables (decision 067)', () => {
  it("makes each row an object of its table's keys, and each tombstone a change with no row", () => {
    const changes = changesOfTables([
      {
        entity: 'clients',
        columns: ['id', 'salonId', 'firstName', 'phone'],
        rows: [
          ['c1', 's', 'Anna', null],
          ['c2', 's', 'Ilze', '+371'],
        ],
        deleted: ['c0'],
      },
      { entity: 'appointments', columns: [], rows: [], deleted: ['a1'] },
    ]);
    expect(changes).toEqual([
      { entity: 'clients', id: 'c1', data: { id: 'c1', salonId: 's', firstName: 'Anna', phone: null } },
      { entity: 'clients', id: 'c2', data: { id: 'c2', salonId: 's', firstName: 'Ilze', phone: '+371' } },
      { entity: 'clients', id: 'c0', data: null },
      { entity: 'appointments', id: 'a1', data: null },
    ]);
    // The keys keep the server's order, as the row's JSON object had them.
    expect(Object.keys(changes[0]?.data ?? {})).toEqual(['id', 'salonId', 'firstName', 'phone']);
  });
});
