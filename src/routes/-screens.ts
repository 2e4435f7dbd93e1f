import type { MessageId } from '../i18n';

/** Salon screens of later issues, by path under /salon, with their title id (part 1 §2, part 2 §2). */
export const SALON_SCREENS: Record<string, MessageId> = {};

/** Sysadmin screens open without a salon of one's own. */
export const SALONLESS_PATHS = ['/salon/salon-list', '/salon/suppliers-list', '/salon/statistics'];
