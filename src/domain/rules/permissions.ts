import { isAdministrator, isOwnerOrSysadmin, type Access } from '../roles';

/**
 * Who may do what with appointments and clients (part 1 §4, §6). The server enforces these; screens use the
 * same functions only to hide what a role cannot do.
 */

/** 'Adding appointments is allowed only to the owner or for today and future days' (part 1 §4). */
export const canBookPastDays = isOwnerOrSysadmin;

/** Deleting the appointment of a paid invoice (part 1 §8 USER_DOES_NOT_HAVE_PERMISSION_TO_REMOVE). */
export const canRemovePaid = isOwnerOrSysadmin;

/** Whether the salon lets masters change colleagues' appointments: the spec's rule (decision 033) unless turned off. */
export const mastersChangeOthers = (settings: { mastersEditOthers?: boolean } | null): boolean => settings?.mastersEditOthers !== false;

/**
 * A master of a salon that turned 'Masters may change colleagues' appointments' off books, edits, moves, deletes and
 * archives only appointments of their own master rows (issue 63); everyone else as before.
 */
export const limitedToOwnAppointments = (access: Access, settings: { mastersEditOthers?: boolean } | null): boolean =>
  access.role === 'MASTER' && !mastersChangeOthers(settings);

/** Every master of `masterIds` is one of the actor's own (an appointment without a master is nobody's). */
export const ownsAll = (own: readonly string[], masterIds: readonly (string | null)[]): boolean =>
  masterIds.every((id) => id !== null && own.includes(id));

/** Archiving a paid appointment: the archive setting, or owner, or sysadmin; never a master (part 1 §6). */
export function canArchivePaid(access: Access, settings: { enableArchive: boolean }): boolean {
  if (!isAdministrator(access)) return false;
  return settings.enableArchive || isOwnerOrSysadmin(access);
}

/**
 * 'Birthday: owner can pick any date; others only today or later' (part 1 §5). Applies to a birthday being
 * set or changed; an unchanged one is kept whoever saves. Dates are 'YYYY-MM-DD'.
 */
export function canSetBirthday(access: Access, birthday: string | null, previous: string | null, today: string): boolean {
  if (!birthday || birthday === previous) return true;
  if (isOwnerOrSysadmin(access)) return true;
  return birthday >= today;
}
