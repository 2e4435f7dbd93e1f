/** Roles of spec part 1 §3 and §6. The server resolves the role for every operation. */
export const ROLES = ['ADMIN', 'MASTER', 'SUPPLIER', 'SYSADMIN'] as const;
export type Role = (typeof ROLES)[number];

export interface Access {
  role: Role;
  isOwner: boolean;
}

/**
 * The salon's administrators (the owner included) and sysadmins: who runs the front desk and sets the salon
 * up (clients, memberships, sales, cabinets, services, inventory, staff, schedule, settings). Masters only
 * read these (part 1 §6, part 2 §1-§7).
 */
export const isAdministrator = (access: Access): boolean => access.role === 'ADMIN' || access.role === 'SYSADMIN';

/** The salon's owner, or a sysadmin acting for the service: past-day bookings, paid removals, owner screens. */
export const isOwnerOrSysadmin = (access: Access): boolean => access.isOwner || access.role === 'SYSADMIN';

/** Where a user lands after login, sign-up or a password change (part 1 §2, part 2 §4). */
export function landingPath(role: Role, hasSalon = true): string {
  if (role === 'SUPPLIER') return '/supplier/seminars';
  // A sysadmin without a salon of his own starts at the salon list, from where he may enter any salon.
  if (role === 'SYSADMIN' && !hasSalon) return '/salon/salon-list';
  return '/salon/appointments';
}

/** Salon paths a role may open (part 1 §2, part 2 §2 and §6). */
const SYSADMIN_PATHS = ['/salon/salon-list', '/salon/suppliers-list', '/salon/statistics'];
const OWNER_PATHS = ['/salon/settings/administrators', '/salon/owner-settings', '/salon/settings/export'];

/**
 * The salon's subscription and its invoices (part 2 §2, issue 20): the salon's administrators, the owner among
 * them. A sysadmin does not pay for a salon; masters and suppliers never see it.
 */
export const canManageSubscription = (access: Access): boolean => access.role === 'ADMIN';
const SUBSCRIPTION_PATHS = ['/salon/invoices'];

export function canOpenSalonPath(access: Access, path: string): boolean {
  if (access.role === 'SUPPLIER') return false;
  // Masters: their timetable, and the seminars of the salon's suppliers (issue 19, decision 046).
  if (access.role === 'MASTER') return path === '/salon/appointments' || path === '/salon/seminars';
  if (SYSADMIN_PATHS.some((p) => path.startsWith(p))) return access.role === 'SYSADMIN';
  if (OWNER_PATHS.some((p) => path.startsWith(p))) return isOwnerOrSysadmin(access);
  if (SUBSCRIPTION_PATHS.some((p) => path.startsWith(p))) return canManageSubscription(access);
  return true;
}

/** "Create a new salon" is offered to everyone but masters (part 2 §2). */
export function canCreateSalon(access: Access): boolean {
  return access.role !== 'MASTER' && access.role !== 'SUPPLIER';
}
