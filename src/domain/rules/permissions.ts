import { isAdministrator, isOwnerOrSysadmin, type Access } from '../roles';

/**
 * Who may do what with appointments and clients (part 1 §4, §6). The server enforces these; screens use the
 * same functions only to hide what a role cannot do.
 */

/** 'Adding appointments is allowed only to the owner or for today and future days' (part 1 §4). */
export const canBookPastDays = isOwnerOrSysadmin;

/** Deleting the appointment of a paid invoice (part 1 §8 USER_DOES_NOT_HAVE_PERMISSION_TO_REMOVE). */
export const canRemovePaid = isOwnerOrSysadmin;

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
