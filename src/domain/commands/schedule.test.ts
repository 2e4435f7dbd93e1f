import { describe, expect, it } from 'vitest';
import type { Role } from '../roles';
import type { WorkingTimeSpan } from '../rules/working-time';
import type { Actor } from './appointments';
import { checkAddWorkingTime, checkDeleteWorkingTime, checkGenerateSchedule, checkUpdateWorkingTime, daysOfUpdate } from './schedule';
import { setupWriter } from './setup';

const SALON = 's'.repeat(24);
const OTHER = 'x'.repeat(24);
const admin: Actor = { role: 'ADMIN', isOwner: false, salonId: SALON };
const as = (role: Role): Actor => ({ ...admin, role });
const reason = (shape: { reason?: string | null } | null) => shape?.reason ?? null;
const schedule = { startAt: 480, endAt: 1200, step: 30 };
const span = (id: string, startAt: string, endAt: string, masterId: string | null = 'm1'): WorkingTimeSpan => ({
  id,
  masterId,
  startAt,
  endAt,
});

describe('the setup writer', () => {
  it('is an administrator or a sysadmin of the session salon', () => {
    expect(reason(setupWriter(as('MASTER'), SALON))).toBe('MASTER_CANNOT_EDIT_SALON_SETUP');
    expect(reason(setupWriter(admin, OTHER))).toBe('NOT_THE_SESSION_SALON');
    expect(setupWriter(admin, SALON)).toBeNull();
    expect(setupWriter(as('SYSADMIN'))).toBeNull();
  });
});

describe('addWorkingTime check', () => {
  const input = { id: 'w1', salon: SALON, master: 'm1', startAt: '2026-11-25 09:00', endAt: '2026-11-25 12:00', command: null };
  const ok = { schedule, idTaken: false, masterExists: true, others: [] };
  it('refuses a master user, another salon, a taken id and a master not of the salon, in that order', () => {
    expect(reason(checkAddWorkingTime(input, as('MASTER'), { ...ok, idTaken: true }))).toBe('MASTER_CANNOT_EDIT_SALON_SETUP');
    expect(reason(checkAddWorkingTime({ ...input, salon: OTHER }, admin, { ...ok, idTaken: true }))).toBe('NOT_THE_SESSION_SALON');
    expect(reason(checkAddWorkingTime(input, admin, { ...ok, idTaken: true, masterExists: false }))).toBe('ID_ALREADY_EXISTS');
    expect(checkAddWorkingTime(input, admin, { ...ok, masterExists: false })).toMatchObject({
      code: 'NotExists',
      messageId: 'workingTime.masterNotExists',
      field: null,
    });
  });
  it('checks the span: end after start, the salon range and step, no overlap with the same master', () => {
    expect(reason(checkAddWorkingTime({ ...input, endAt: '2026-11-25 08:30' }, admin, ok))).toBe('END_BEFORE_START');
    expect(checkAddWorkingTime({ ...input, startAt: '2026-11-25 07:00' }, admin, ok)).toMatchObject({
      reason: 'TIME_OUT_OF_RANGE',
      field: 'startAt',
    });
    expect(checkAddWorkingTime({ ...input, startAt: '2026-11-25 09:10' }, admin, ok)).toMatchObject({
      reason: 'TIME_OUT_OF_RANGE',
      field: 'startAt',
    });
    expect(checkAddWorkingTime({ ...input, startAt: '2026-11-25 07:00' }, admin, { ...ok, schedule: null })).toBeNull();
    expect(reason(checkAddWorkingTime(input, admin, { ...ok, others: [span('w2', '2026-11-25 11:00', '2026-11-25 13:00')] }))).toBe(
      'TIME_OVERLAPS_WITH_OTHER_RECORD',
    );
    expect(checkAddWorkingTime(input, admin, { ...ok, others: [span('w2', '2026-11-25 11:00', '2026-11-25 13:00', 'm2')] })).toBeNull();
    expect(checkAddWorkingTime(input, as('SYSADMIN'), ok)).toBeNull();
  });
});

describe('updateWorkingTime and deleteWorkingTime checks', () => {
  const current = span('w1', '2026-11-25 09:00', '2026-11-25 12:00');
  const input = { workingTimeId: 'w1', startAt: '2026-11-26 10:00', endAt: '2026-11-26 12:00', command: null };
  const ok = { schedule, current, daysWithAppointments: [], others: [] };
  it("refuses a master user, a gone working time and a cabinet's", () => {
    expect(reason(checkUpdateWorkingTime(input, as('MASTER'), { ...ok, current: null }))).toBe('MASTER_CANNOT_EDIT_SALON_SETUP');
    expect(checkUpdateWorkingTime(input, admin, { ...ok, current: null })).toMatchObject({
      code: 'NotExists',
      messageId: 'workingTime.notExists',
    });
    expect(reason(checkUpdateWorkingTime(input, admin, { ...ok, current: span('w1', current.startAt, current.endAt, null) }))).toBe(
      'ID_DOES_NOT_EXISTS',
    );
    expect(reason(checkDeleteWorkingTime(as('MASTER'), { current, daysWithAppointments: [] }))).toBe('MASTER_CANNOT_EDIT_SALON_SETUP');
    expect(reason(checkDeleteWorkingTime(admin, { current: null, daysWithAppointments: [] }))).toBe('ID_DOES_NOT_EXISTS');
  });
  it('refuses an edit when the master has appointments on the old day or the new one', () => {
    expect(daysOfUpdate(current, input.startAt)).toEqual(['2026-11-25', '2026-11-26']);
    expect(daysOfUpdate(current, '2026-11-25 10:00')).toEqual(['2026-11-25']);
    expect(checkUpdateWorkingTime(input, admin, { ...ok, daysWithAppointments: ['2026-11-25'] })).toMatchObject({
      reason: 'APPOINTMENTS_EXIST_THAT_DAY',
      messageId: 'workingTime.cannotChange',
    });
    expect(reason(checkUpdateWorkingTime(input, admin, { ...ok, daysWithAppointments: ['2026-11-26'] }))).toBe(
      'APPOINTMENTS_EXIST_THAT_DAY',
    );
    expect(checkUpdateWorkingTime(input, admin, { ...ok, daysWithAppointments: ['2026-11-27'] })).toBeNull();
  });
  it('checks the new span, its own old time excluded from the overlap', () => {
    expect(
      checkUpdateWorkingTime({ ...input, startAt: '2026-11-25 10:00', endAt: '2026-11-25 13:00' }, admin, { ...ok, others: [current] }),
    ).toBeNull();
    const taken = { ...ok, others: [current, span('w2', '2026-11-26 11:30', '2026-11-26 14:00')] };
    expect(reason(checkUpdateWorkingTime(input, admin, taken))).toBe('TIME_OVERLAPS_WITH_OTHER_RECORD');
    expect(reason(checkUpdateWorkingTime({ ...input, endAt: '2026-11-26 09:00' }, admin, ok))).toBe('END_BEFORE_START');
  });
  it('refuses a delete when the master has appointments that day', () => {
    expect(checkDeleteWorkingTime(admin, { current, daysWithAppointments: ['2026-11-25'] })).toMatchObject({
      reason: 'APPOINTMENTS_EXIST_THAT_DAY',
      messageId: 'workingTime.cannotDelete',
    });
    expect(checkDeleteWorkingTime(admin, { current, daysWithAppointments: ['2026-11-26'] })).toBeNull();
  });
});

describe('generateSchedule check', () => {
  const input = {
    salonId: SALON,
    seed: 'e'.repeat(24),
    masterId: 'm1',
    firstRangeFrom: '2026-11-02',
    firstRangeTo: '2026-11-08',
    secondRangeFrom: '2026-11-09',
    secondRangeTo: '2026-11-30',
    command: null,
  };
  it('refuses a master user and another salon before the ranges', () => {
    const bad = { ...input, firstRangeTo: '2026-11-01' };
    expect(reason(checkGenerateSchedule(bad, as('MASTER'), { masterExists: true }))).toBe('MASTER_CANNOT_EDIT_SALON_SETUP');
    expect(reason(checkGenerateSchedule({ ...bad, salonId: OTHER }, admin, { masterExists: true }))).toBe('NOT_THE_SESSION_SALON');
  });
  it('refuses bad ranges on their fields before a missing master', () => {
    expect(checkGenerateSchedule({ ...input, firstRangeTo: '2026-11-09' }, admin, { masterExists: false })).toMatchObject({
      field: 'firstRangeTo',
      messageId: 'schedule.generate.firstTooLong',
    });
    expect(checkGenerateSchedule({ ...input, secondRangeFrom: '2026-11-08' }, admin, { masterExists: true })).toMatchObject({
      field: 'secondRangeFrom',
    });
  });
  it('needs the chosen master live in the salon; every master (null) needs none', () => {
    expect(checkGenerateSchedule(input, admin, { masterExists: false })).toMatchObject({
      code: 'NotExists',
      messageId: 'workingTime.masterNotExists',
    });
    expect(checkGenerateSchedule(input, admin, { masterExists: true })).toBeNull();
    expect(checkGenerateSchedule({ ...input, masterId: null }, admin, { masterExists: false })).toBeNull();
  });
});
