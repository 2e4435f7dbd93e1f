import { salonAdministrators } from '../../db/queries/staff';
import { canManageAdministrators } from '../../domain/rules/administrators';
import type { AdministratorRow } from '../../domain/entities';
import { useSession } from '../session/use-session';
import { useSalon } from './use-salon';
import { useSalonRows } from '../sync/use-salon-rows';

/**
 * The salon's administrators other than its owner, from the mirror (offline as online); undefined while the
 * mirror or the salon row is still being read. The owner is not listed: he is never edited or removed here.
 */
export function useAdministrators(): AdministratorRow[] | undefined {
  const salon = useSalon();
  const rows = useSalonRows(salonAdministrators);
  if (rows === undefined || salon === undefined) return undefined;
  return rows.filter((a) => a.userId !== (salon?.administratorId ?? null));
}

/** Whether the viewer adds, edits and removes administrators (the owner); others see them read-only. */
export function useMayManageAdministrators(): boolean {
  const session = useSession();
  return canManageAdministrators({ role: session?.role ?? 'MASTER', isOwner: Boolean(session?.isOwner) });
}
