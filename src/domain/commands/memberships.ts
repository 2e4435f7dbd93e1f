import type { ServerErrorShape } from '../errors';
import { refusal } from '../refusals';
import { isAdministrator } from '../roles';
import type { Actor } from './appointments';
import type { CommandValues } from './inputs';

/**
 * The rules of the membership commands (part 1 §2, §5, §7, §8) as pure checks, run by the local command
 * against the mirror (src/db/commands/memberships.ts) and by the server inside its transaction
 * (server/modules/memberships/service.ts). Administrators and sysadmins sell and delete memberships; masters
 * are refused (part 1 §6). The order is the server's.
 */

function managerRefusal(actor: Actor, salonId?: string): ServerErrorShape | null {
  if (!isAdministrator(actor)) return refusal('masterCannotManageMemberships');
  if (salonId !== undefined && salonId !== actor.salonId) return refusal('notSessionSalon');
  return null;
}

/**
 * createMembership: a manager in the session's salon; a fresh id; the client a live one of the salon; the
 * service one of the salon (a deleted one too: the picker offers 'all services … including deleted ones',
 * part 1 §2); the serial number free among the salon's live memberships.
 * `idTaken` is global on the server (any salon, deleted rows too); locally the mirror's memberships only.
 * `serviceExists` null: this side cannot tell (the mirror holds live services only, so a service not in it may
 * be a deleted one): the server decides.
 */
export function checkAddMembership(
  input: CommandValues<'membership.add'>,
  actor: Actor,
  reads: { idTaken: boolean; clientExists: boolean; serviceExists: boolean | null; serialTaken: boolean },
): ServerErrorShape | null {
  const manager = managerRefusal(actor, input.salon);
  if (manager) return manager;
  if (reads.idTaken) return refusal('idTaken');
  if (!reads.clientExists) return refusal('clientNotExists', { field: 'client' });
  if (reads.serviceExists === false) return refusal('membershipUnknownService');
  if (reads.serialTaken) return refusal('membershipSerialTaken');
  return null;
}

/** deleteMembership: a manager; the membership a live one of the session's salon. */
export function checkDeleteMembership(actor: Actor, reads: { exists: boolean }): ServerErrorShape | null {
  return managerRefusal(actor) ?? (reads.exists ? null : refusal('membershipNotExists'));
}
