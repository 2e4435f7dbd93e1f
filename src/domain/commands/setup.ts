import type { ServerErrorShape } from '../errors';
import { refusal, type RefusalDetails, type RefusalName } from '../refusals';
import { isAdministrator } from '../roles';
import { sameNameLanguage } from '../schemas/cabinet';
import type { NameVariants } from '../entities';
import type { Actor } from './appointments';

/**
 * The parts the salon-setup checks share (cabinets, services, inventory, staff: part 2 §2-§8). A check is a
 * chain `a ?? b ?? c` of these: each returns its refusal or null, and `??` stops at the first refusal, so the
 * order of the chain is the order of the rules.
 */

/** The table's refusal `name` when `broken`, else null. */
export const when = (broken: boolean, name: RefusalName, details?: RefusalDetails): ServerErrorShape | null =>
  broken ? refusal(name, details) : null;

/**
 * Administrators and sysadmins write the salon's setup; masters only read it (part 2 §2-§8). A salon the input
 * names must be the session's. The reasons are those every area gives (decision 009): a master is refused
 * MASTER_CANNOT_EDIT_SALON_SETUP, another salon NOT_THE_SESSION_SALON; both read "Not allowed for this user".
 */
export function setupWriter(actor: Actor, salon?: string): ServerErrorShape | null {
  if (!isAdministrator(actor)) return refusal('salonSetupForbidden');
  if (salon !== undefined && salon !== actor.salonId) return refusal('notSessionSalon');
  return null;
}

/** A row with an id, as the reads hand other rows of the salon over. */
export interface Other {
  id: string;
}

/** The rows other than `selfId` (null on create: every row is another). */
export const othersThan = <T extends Other>(rows: readonly T[], selfId: string | null): T[] => rows.filter((r) => r.id !== selfId);

/** The first language in which another row has the same name (case and spaces ignored), on nameVariants.<language>. */
export function nameVariantsTaken(
  name: RefusalName,
  names: NameVariants,
  others: readonly { nameVariants: NameVariants }[],
): ServerErrorShape | null {
  for (const other of others) {
    const language = sameNameLanguage(names, other.nameVariants);
    if (language) return refusal(name, { field: `nameVariants.${language}` });
  }
  return null;
}

/** Some chosen id is not among the live rows of the salon the reads found (`known`). */
export const someUnknown = (chosen: readonly string[], known: readonly string[]): boolean => chosen.some((id) => !known.includes(id));

/** delete: the writer, then the row is a live one of the salon. */
export const checkRemoval = (actor: Actor, exists: boolean, notExists: RefusalName, salon?: string): ServerErrorShape | null =>
  setupWriter(actor, salon) ?? when(!exists, notExists);
