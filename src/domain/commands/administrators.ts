import type { ServerErrorShape } from '../errors';
import { refusal } from '../refusals';
import { canManageAdministrators } from '../rules/administrators';
import type { Actor } from './appointments';
import type { CommandValues } from './inputs';

/**
 * The rules of the administrator commands (part 2 §6-§8, docs/decisions/022) as pure checks, run by the local
 * commands against the mirror (src/db/commands/administrators.ts) and by the server inside its transaction,
 * after the salon's write lock (server/modules/administrators/service.ts, which uses them for the online-only
 * addAdministrator and transferSalonOwnership too). Each side reads what a check needs and hands it over; the
 * check returns the first refusal, from the one table (src/domain/refusals.ts), or null.
 */

/** The actor and its user: only the salon's owner manages its administrators. */
export interface OwnerActor extends Actor {
  userId: string;
}

/** What every administrator check reads: the salon's owner (its user id) as the side sees it now. */
export interface OwnerRead {
  /**
   * The server reads it under the salon's write lock, so a hand-over racing this write is seen; the mirror
   * has it in the salon's row (a hand-over pulled since the session began is seen). Null: refused.
   */
  ownerId: string | null;
}

/** The administrator the command names: a live one of the session's salon (its account's user id), or null. */
export interface AdministratorRead {
  current: { userId: string } | null;
}

/**
 * The owner's right (docs/decisions/022): the session says owner and names its own salon, and the salon's
 * owner is still this user. `name` is the refusal to give: adding has the spec's own.
 */
export function ownerRefusal(
  salonId: string,
  actor: OwnerActor,
  reads: OwnerRead,
  name: 'notOwner' | 'cannotAddAdministrators' = 'notOwner',
): ServerErrorShape | null {
  if (!canManageAdministrators(actor) || salonId !== actor.salonId) return refusal(name);
  if (reads.ownerId !== actor.userId) return refusal(name);
  return null;
}

/** The owner acts, on an administrator the salon has: the first refusal of every owner-on-administrator check. */
const ownerOnAdministrator = (salonId: string, actor: OwnerActor, reads: OwnerRead & AdministratorRead): ServerErrorShape | null =>
  ownerRefusal(salonId, actor, reads) ?? (reads.current ? null : refusal('administratorNotExists'));

/**
 * updateAdministrator: the owner; the administrator exists; its account is this salon's alone (its name and
 * phone are the person's own elsewhere). `usedElsewhere` needs other salons and the account's kind: only the
 * server knows it (the mirror holds this salon alone).
 */
export function checkUpdateAdministrator(
  input: CommandValues<'administrator.update'>,
  actor: OwnerActor,
  reads: OwnerRead & AdministratorRead & { usedElsewhere: boolean },
): ServerErrorShape | null {
  return ownerOnAdministrator(input.salonId, actor, reads) ?? (reads.usedElsewhere ? refusal('accountShared') : null);
}

/** deleteAdministrator: the owner; the administrator exists; never the owner. */
export function checkDeleteAdministrator(
  input: CommandValues<'administrator.delete'>,
  actor: OwnerActor,
  reads: OwnerRead & AdministratorRead,
): ServerErrorShape | null {
  return ownerOnAdministrator(input.salonId, actor, reads) ?? (reads.current?.userId === reads.ownerId ? refusal('ownerLocked') : null);
}

/** transferSalonOwnership (online only): the owner; the administrator exists and is not the owner already. */
export function checkTransferOwnership(
  input: { salonId: string; administratorId: string },
  actor: OwnerActor,
  reads: OwnerRead & AdministratorRead,
): ServerErrorShape | null {
  return ownerOnAdministrator(input.salonId, actor, reads) ?? (reads.current?.userId === reads.ownerId ? refusal('alreadyOwner') : null);
}
