import { isOwnerOrSysadmin, type Access } from '../roles';

/**
 * Who may do what with a salon's administrators (part 2 §6, docs/decisions/022). The server enforces these;
 * screens use them only to hide or lock what the viewer cannot do.
 */

/** The Administrators and Owner Settings pages: the owner; a sysadmin who entered the salon (read-only). */
export const canSeeAdministrators = isOwnerOrSysadmin;

/**
 * Adding, editing and deleting administrators and handing the salon over: the owner, who is the salon's
 * administrator with the ADMIN role ('otherwise the edit form is read-only'; the server refuses adding).
 */
export const canManageAdministrators = (access: Access): boolean => access.isOwner;
