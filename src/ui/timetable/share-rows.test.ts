import { describe, expect, it } from 'vitest';
import type { AppointmentRow } from '../../domain/entities';
import { sameValue, shareDay } from './share-rows';
import type { DayData } from './use-timetable-day';

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

const day = (appointments: AppointmentRow[], names = new Map([['m', 'Marta']])): DayData => ({
  providers: [{ id: 'm', kind: 'master', name: 'Marta', serviceGroupIds: ['g'], schedule: [] }],
  appointments,
  services: new Map(),
  groups: new Map(),
  clients: new Map(),
  invoices: new Map(),
  names,
});

describe('sameValue', () => {
  it('compares rows, arrays and nested objects by value', () => {
    expect(sameValue({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] })).toBe(true);
    expect(sameValue({ a: [1, { b: 'x' }] }, { a: [1, { b: 'y' }] })).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValue([1], { 0: 1 })).toBe(false);
    expect(sameValue(null, {})).toBe(false);
  });
});

describe('shareDay', () => {
  it('gives back the last day when a re-read found nothing changed', () => {
    const first = day([row('a'), row('b')]);
    expect(shareDay(first, day([row('a'), row('b')]))).toBe(first);
  });

  it('keeps unchanged rows, lists and maps and takes the changed ones', () => {
    const first = day([row('a'), row('b')]);
    const next = shareDay(first, day([row('a'), row('b', { notes: 'changed' }), row('c')]));
    expect(next).not.toBe(first);
    expect(next.appointments[0]).toBe(first.appointments[0]);
    expect(next.appointments[1]).not.toBe(first.appointments[1]);
    expect(next.appointments[1]?.notes).toBe('changed');
    expect(next.appointments.map((a) => a.id)).toEqual(['a', 'b', 'c']);
    expect(next.providers).toBe(first.providers);
    expect(next.names).toBe(first.names);
  });

  it('takes a changed map and a removed row', () => {
    const first = day([row('a'), row('b')]);
    const next = shareDay(first, day([row('a')], new Map([['m', 'Marta K.']])));
    expect(next.appointments).toEqual([first.appointments[0]]);
    expect(next.names.get('m')).toBe('Marta K.');
  });

  it('compares a read row once: the same read given again (an echo merged over it) reads only its id', () => {
    let reads = 0;
    const counted = (r: AppointmentRow) =>
      new Proxy(r, {
        get(target, key, receiver) {
          reads += 1;
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
    const first = day([row('a'), row('b')]);
    const read = [counted(row('a')), counted(row('b'))];
    const shown = shareDay(first, day(read));
    expect(shown).toBe(first);
    expect(reads).toBeGreaterThan(0);
    reads = 0;
    const echoed = shareDay(shown, day([...read, row('c')]));
    expect(echoed.appointments.slice(0, 2)).toEqual(first.appointments);
    expect(echoed.appointments[0]).toBe(first.appointments[0]);
    expect(reads).toBe(2);
  });
});
