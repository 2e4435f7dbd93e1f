import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { generalSettingsFormSchema, updateSalonSchema } from '../schemas/settings';
import {
  archiveRangeProblem,
  canArchiveHistory,
  canChangeArchiveSetting,
  canToggleArchiveView,
  endOptions,
  formatMinutes,
  formatStep,
  initialHistoryRange,
  scheduleProblem,
  startOptions,
} from './settings';
import { isAdministrator } from '../roles';

describe('schedule options (part 2 §5)', () => {
  it.each([
    [15, 0, 1425, 96],
    [30, 0, 1410, 48],
    [60, 0, 1380, 24],
  ])('step %i: starts from %i to %i (%i options)', (step, first, last, count) => {
    const starts = startOptions(step);
    expect([starts[0], starts.at(-1), starts.length]).toEqual([first, last, count]);
  });

  it.each([15, 30, 60])('step %i: ends go up to 1440', (step) => {
    const ends = endOptions(step);
    expect([ends[0], ends.at(-1)]).toEqual([step, 1440]);
  });

  it.each([
    [0, 'HH:mm', '00:00'],
    [510, 'HH:mm', '08:30'],
    [1440, 'HH:mm', '24:00'],
    [0, 'hh:mm a', '12:00 AM'],
    [510, 'hh:mm a', '08:30 AM'],
    [720, 'hh:mm a', '12:00 PM'],
    [1170, 'hh:mm a', '07:30 PM'],
    [1440, 'hh:mm a', '12:00 AM'],
  ] as const)('%i as %s is %s', (minutes, format, text) => {
    expect(formatMinutes(minutes, format)).toBe(text);
  });

  it('shows steps as 00:15, 00:30, 01:00', () => {
    expect([15, 30, 60].map(formatStep)).toEqual(['00:15', '00:30', '01:00']);
  });
});

describe('scheduleProblem', () => {
  it.each([
    [{ startAt: 480, endAt: 1200, step: 30 }, null],
    [{ startAt: 0, endAt: 1440, step: 60 }, null],
    [{ startAt: 495, endAt: 1200, step: 15 }, null],
    [{ startAt: 510, endAt: 1200, step: 60 }, 'startAt'],
    [{ startAt: 480, endAt: 1230, step: 60 }, 'endAt'],
    [{ startAt: 495, endAt: 1200, step: 30 }, 'startAt'],
    [{ startAt: 600, endAt: 600, step: 30 }, 'endAt'],
    [{ startAt: 700, endAt: 600, step: 20 }, 'endAt'],
    [{ startAt: 1440, endAt: 1440, step: 60 }, 'startAt'],
    [{ startAt: -30, endAt: 600, step: 30 }, 'startAt'],
    [{ startAt: 0, endAt: 1470, step: 30 }, 'endAt'],
  ])('%o → %s', (schedule, field) => {
    expect(scheduleProblem(schedule)?.field ?? null).toBe(field);
  });

  it('uses the spec messages', () => {
    expect(scheduleProblem({ startAt: 510, endAt: 1200, step: 60 })?.messageId).toBe('settings.enterStartTime');
    expect(scheduleProblem({ startAt: 480, endAt: 1230, step: 60 })?.messageId).toBe('settings.enterEndTime');
  });
});

describe('archiveRangeProblem', () => {
  it.each([
    ['2025-03-01', '2025-03-05', '2025-03-05', null],
    ['2025-03-05', '2025-03-05', '2025-03-10', null],
    ['2025-03-06', '2025-03-05', '2025-03-10', 'settings.deleteHistory.badRange'],
    ['2025-03-01', '2025-03-11', '2025-03-10', 'settings.deleteHistory.future'],
  ])('%s..%s with today %s → %s', (from, to, today, problem) => {
    expect(archiveRangeProblem(from, to, today)).toBe(problem);
  });
});

describe('initialHistoryRange (part 1 §9: start of year to 2 months ago)', () => {
  it.each([
    ['2026-12-06', '2026-01-01', '2026-10-06'],
    ['2026-05-31', '2026-01-01', '2026-03-31'],
    ['2026-04-30', '2026-01-01', '2026-02-28'],
    ['2028-04-30', '2028-01-01', '2028-02-29'],
    ['2026-02-15', '2025-01-01', '2025-12-15'],
    ['2026-01-31', '2025-01-01', '2025-11-30'],
    ['2026-03-01', '2026-01-01', '2026-01-01'],
  ])('on %s: %s – %s, a range the deletion accepts', (today, from, to) => {
    expect(initialHistoryRange(today)).toEqual({ from, to });
    expect(archiveRangeProblem(from, to, today)).toBeNull();
  });
});

describe('settings permissions (part 2 §6, docs/decisions/013)', () => {
  const owner = { role: 'ADMIN', isOwner: true } as const;
  const admin = { role: 'ADMIN', isOwner: false } as const;
  const master = { role: 'MASTER', isOwner: false } as const;
  const sysadmin = { role: 'SYSADMIN', isOwner: false } as const;
  const supplier = { role: 'SUPPLIER', isOwner: false } as const;
  const on = { enableArchive: true };
  const off = { enableArchive: false };

  it.each([
    ['owner', owner, [true, true, true, true, true, true]],
    ['administrator', admin, [true, false, true, false, true, false]],
    ['sysadmin', sysadmin, [true, true, true, true, true, true]],
    ['master', master, [false, false, false, false, false, false]],
    ['supplier', supplier, [false, false, false, false, false, false]],
  ] as const)('%s', (_, access, expected) => {
    expect([
      isAdministrator(access),
      canChangeArchiveSetting(access) && access.role !== 'MASTER' && access.role !== 'SUPPLIER',
      canArchiveHistory(access, on),
      canArchiveHistory(access, off),
      canToggleArchiveView(access, on),
      canToggleArchiveView(access, off),
    ]).toEqual(expected);
  });
});

describe('settings schemas', () => {
  const valid = { name: ' Studija ', address: 'Rīga', startAt: 480, endAt: 1200, step: 30, format: 'HH:mm' };
  it('trims and accepts the form', () => {
    expect(v.parse(generalSettingsFormSchema, valid)).toMatchObject({ name: 'Studija', address: 'Rīga' });
  });

  it.each([
    [{ name: ' ' }, 'name', 'settings.enterName'],
    [{ address: '' }, 'address', 'settings.enterAddress'],
    [{ startAt: 510, step: 60 }, 'startAt', 'settings.enterStartTime'],
    [{ endAt: 1230, step: 60, startAt: 480 }, 'endAt', 'settings.enterEndTime'],
    [{ step: 20 }, 'step', 'settings.selectStep'],
    [{ format: 'H:m' }, 'format', 'settings.selectFormat'],
  ])('refuses %o on %s', (patch, field, message) => {
    const result = v.safeParse(generalSettingsFormSchema, { ...valid, ...patch });
    expect(result.success).toBe(false);
    const issue = result.issues?.[0];
    expect([issue?.path?.map((p) => p.key).join('.'), issue?.message]).toEqual([field, message]);
  });

  it('puts a schedule problem of updateSalon on settings.schedule.<field>', () => {
    const result = v.safeParse(updateSalonSchema, {
      id: 'a'.repeat(24),
      name: 'x',
      address: 'y',
      settings: { schedule: { startAt: 480, endAt: 1230, step: 60, format: 'HH:mm' } },
    });
    expect(result.issues?.[0]?.path?.map((p) => p.key).join('.')).toBe('settings.schedule.endAt');
  });
});
