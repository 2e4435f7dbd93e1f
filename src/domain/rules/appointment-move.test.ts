import { describe, expect, it } from 'vitest';
import { isSamePlace, moveInput, moveRefusal, placementOf, type Movable } from './appointment-move';
import { stepsOf } from './timetable';

const a: Movable = {
  id: 'a1',
  masterId: 'm1',
  cabinetId: 'c1',
  clientId: 'k1',
  serviceId: 's1',
  duration: 60,
  startAt: '2026-11-23 10:00',
  notes: 'Fringe',
  groupId: null,
};
const drop = (over: Partial<Parameters<typeof placementOf>[1]> = {}) => ({
  kind: 'master' as const,
  providerId: 'm1',
  date: '2026-11-23',
  steps: 0,
  step: 30,
  ...over,
});

describe('stepsOf', () => {
  it.each([
    [0, 0],
    [19, 0],
    [20, 1],
    [40, 1],
    [61, 2],
    [-21, -1],
    [-80, -2],
  ])('%i px is %i steps', (px, steps) => {
    expect(stepsOf(px)).toBe(steps);
  });
  it('never answers minus zero', () => {
    expect(Object.is(stepsOf(-5), 0)).toBe(true);
  });
});

describe('placementOf', () => {
  it('moves by whole salon steps on the same column', () => {
    expect(placementOf(a, drop({ steps: 3 }))).toEqual({ masterId: 'm1', cabinetId: 'c1', startAt: '2026-11-23 11:30' });
    expect(placementOf(a, drop({ steps: -2, step: 15 }))).toEqual({ masterId: 'm1', cabinetId: 'c1', startAt: '2026-11-23 09:30' });
  });
  it('a master column takes the master and keeps the cabinet; a cabinet column the reverse', () => {
    expect(placementOf(a, drop({ providerId: 'm2' }))).toMatchObject({ masterId: 'm2', cabinetId: 'c1' });
    expect(placementOf(a, drop({ kind: 'cabinet', providerId: 'c2' }))).toMatchObject({ masterId: 'm1', cabinetId: 'c2' });
  });
  it('keeps the time of day on another date (the master calendar)', () => {
    expect(placementOf(a, drop({ date: '2026-11-25', steps: 1 })).startAt).toBe('2026-11-25 10:30');
  });
  it('holds the start inside the column date', () => {
    expect(placementOf(a, drop({ steps: -40 })).startAt).toBe('2026-11-23 00:00');
    expect(placementOf(a, drop({ steps: 40 })).startAt).toBe('2026-11-23 23:59');
  });
  it('knows a drop back on the same place', () => {
    expect(isSamePlace(a, placementOf(a, drop()))).toBe(true);
    expect(isSamePlace(a, placementOf(a, drop({ steps: 1 })))).toBe(false);
  });
});

describe('moveInput', () => {
  it('sends the update with only the provider and the start changed', () => {
    expect(moveInput(a, { masterId: 'm2', cabinetId: 'c1', startAt: '2026-11-23 12:00' })).toEqual({
      appointmentId: 'a1',
      master: 'm2',
      cabinet: 'c1',
      client: 'k1',
      service: 's1',
      duration: 60,
      startAt: '2026-11-23 12:00',
      notes: 'Fringe',
    });
  });
});

describe('moveRefusal', () => {
  const to = (over: Partial<ReturnType<typeof placementOf>> = {}) => ({
    masterId: 'm1',
    cabinetId: 'c1',
    startAt: '2026-11-23 12:00',
    ...over,
  });
  it('lets an unpaid single appointment move anywhere', () => {
    expect(moveRefusal(a, to({ masterId: 'm2', startAt: '2026-11-24 09:00' }), { paid: false })).toBeNull();
  });
  it("refuses a paid appointment with the spec's locked message", () => {
    expect(moveRefusal(a, to(), { paid: true })).toMatchObject({
      code: 'NotAllowed',
      reason: 'APPOINTMENT_IS_PAID',
      messageId: 'appointment.paidLocked',
    });
  });
  it('keeps grouped appointments on their date but lets them move within it', () => {
    const grouped = { ...a, groupId: 'g1' };
    expect(moveRefusal(grouped, to({ startAt: '2026-11-24 10:00' }), { paid: false })).toMatchObject({
      reason: 'GROUPED_DATE_LOCKED',
      field: 'startDate',
    });
    expect(moveRefusal(grouped, to({ masterId: 'm2', startAt: '2026-11-23 15:00' }), { paid: false })).toBeNull();
  });
});
