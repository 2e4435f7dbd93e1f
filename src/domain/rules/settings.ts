import type { ScheduleSettings } from './salon-defaults';
import { isAdministrator, isOwnerOrSysadmin, type Access } from '../roles';
import type { MessageId } from '../../i18n/messages/message-id';

/** General settings (part 2 §2 'General Settings page', §5 'General settings', §9). Pure; both sides use it. */

/** Step options: 15, 30, 60 minutes, shown 00:15, 00:30, 01:00 (part 2 §5). */
export const STEP_OPTIONS = [15, 30, 60] as const;
export type ScheduleStep = (typeof STEP_OPTIONS)[number];
/** Time formats of the schedule (part 2 §5). */
export const TIME_FORMATS = ['HH:mm', 'hh:mm a'] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];
/** End of the day: the last end option (part 2 §9). */
export const DAY_END = 1440;

/** Start options begin at 0 and go one step apart; the last start leaves one step before midnight. */
export function startOptions(step: number): number[] {
  const out: number[] = [];
  for (let m = 0; m < DAY_END; m += step) out.push(m);
  return out;
}

/** End options go one step apart up to 1440 (24:00). */
export function endOptions(step: number): number[] {
  const out: number[] = [];
  for (let m = step; m <= DAY_END; m += step) out.push(m);
  return out;
}

/** Minutes from midnight as the salon's time format: '08:30' or '08:30 AM'; 1440 reads 24:00 (or 12:00 AM). */
export function formatMinutes(minutes: number, format: TimeFormat = 'HH:mm'): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const mm = String(m).padStart(2, '0');
  if (format === 'HH:mm') return `${String(h).padStart(2, '0')}:${mm}`;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${String(h12).padStart(2, '0')}:${mm} ${h % 24 < 12 ? 'AM' : 'PM'}`;
}

/** A step as the spec shows it: 00:15, 00:30, 01:00. */
export const formatStep = (step: number) => formatMinutes(step, 'HH:mm');

export interface ScheduleProblem {
  field: 'startAt' | 'endAt';
  messageId: MessageId;
}

/**
 * The schedule's own rules: start and end fall on the step (with step 60 that is the spec's whole-hour rule),
 * start within [0, 1440 - step], end within [step, 1440] and after start. Messages are the spec's.
 */
export function scheduleProblem(s: Pick<ScheduleSettings, 'startAt' | 'endAt'> & { step: number }): ScheduleProblem | null {
  const start = { field: 'startAt', messageId: 'settings.enterStartTime' } as const;
  const end = { field: 'endAt', messageId: 'settings.enterEndTime' } as const;
  if (!Number.isInteger(s.startAt) || s.startAt < 0 || s.startAt > DAY_END - s.step || s.startAt % s.step !== 0) return start;
  if (!Number.isInteger(s.endAt) || s.endAt < s.step || s.endAt > DAY_END || s.endAt % s.step !== 0) return end;
  if (s.endAt <= s.startAt) return end;
  return null;
}

/**
 * Bulk archive range ('Delete appointments', part 2 §2, §4): dates 'YYYY-MM-DD', first not after last, last
 * not after the salon's today.
 */
export function archiveRangeProblem(fromDate: string, toDate: string, today: string): MessageId | null {
  if (fromDate > toDate) return 'settings.deleteHistory.badRange';
  if (toDate > today) return 'settings.deleteHistory.future';
  return null;
}

/**
 * The range 'Delete appointments' opens with (part 1 §9 'Initial salon date range'): from the start of the year to
 * the same day two months ago (the month's last day when shorter), e.g. 2026-01-01 – 2026-10-06 on 2026-12-06. In
 * January and February the year is the one two months ago.
 */
export function initialHistoryRange(today: string): { from: string; to: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 2;
  const y = month < 1 ? year - 1 : year;
  const m = month < 1 ? month + 12 : month;
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const day = Math.min(Number(today.slice(8, 10)), lastDay);
  const to = `${y}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return { from: `${y}-01-01`, to };
}

/** The exact word that enables the delete button (part 2 §5, §9). */
export const DELETE_CONFIRMATION_WORD = 'Delete';

/**
 * 'Enable archive for common administrators' is a grant to the other administrators: only the owner (or a
 * sysadmin) changes it (docs/decisions/013).
 */
export const canChangeArchiveSetting = isOwnerOrSysadmin;

/**
 * Deleting appointment history archives every appointment of the range, paid ones included, so it needs what
 * archiving a paid appointment needs (part 1 §6): the archive setting, or owner, or sysadmin; never a master.
 */
export function canArchiveHistory(access: Access, settings: { enableArchive: boolean }): boolean {
  if (!isAdministrator(access)) return false;
  return settings.enableArchive || canChangeArchiveSetting(access);
}

/** Show/Hide Archive in the settings menu: when archive is enabled, or for the owner or a sysadmin (part 2 §2). */
export function canToggleArchiveView(access: Access, settings: { enableArchive: boolean } | null): boolean {
  if (!isAdministrator(access)) return false;
  return Boolean(settings?.enableArchive) || canChangeArchiveSetting(access);
}
