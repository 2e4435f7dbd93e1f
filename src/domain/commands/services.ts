import type { ServerErrorShape } from '../errors';
import type { NameVariants } from '../entities';
import type { Actor } from './appointments';
import type { CommandValues } from './inputs';
import { checkRemoval, nameVariantsTaken, othersThan, setupWriter, when, type Other } from './setup';

/**
 * The rules of the service group and service commands (part 2 §2, §5, §7, §8) as pure checks, run by the local
 * commands against the mirror (src/db/commands/services.ts) and by the server inside its transaction
 * (server/modules/services/service.ts). Each returns the first refusal, in the server's order, or null. A
 * missing group or service is 'This service does not exist' (serviceNotExists) either way.
 */
type Named = Other & { nameVariants: NameVariants };

/**
 * createServiceGroup: the writer and the session's salon, a new id (on the server ids are global: any salon's,
 * deleted ones too; the mirror knows this salon's live rows), no other group of the salon has the name.
 */
export function checkCreateServiceGroup(
  input: CommandValues<'serviceGroup.create'>,
  actor: Actor,
  reads: { idTaken: boolean; groups: readonly Named[] },
): ServerErrorShape | null {
  return (
    setupWriter(actor, input.salon) ??
    when(reads.idTaken, 'idTaken') ??
    nameVariantsTaken('serviceGroupNameTaken', input.nameVariants, reads.groups)
  );
}

/** updateServiceGroup: the writer, the group exists, no other group of the salon has the name. */
export function checkUpdateServiceGroup(
  input: CommandValues<'serviceGroup.update'>,
  actor: Actor,
  reads: { exists: boolean; groups: readonly Named[] },
): ServerErrorShape | null {
  return (
    setupWriter(actor) ??
    when(!reads.exists, 'serviceNotExists') ??
    nameVariantsTaken('serviceGroupNameTaken', input.nameVariants, othersThan(reads.groups, input.id))
  );
}

/** deleteServiceGroup: the writer, the group exists. */
export const checkDeleteServiceGroup = (actor: Actor, reads: { exists: boolean }): ServerErrorShape | null =>
  checkRemoval(actor, reads.exists, 'serviceNotExists');

export interface ServiceReads {
  /** The chosen group is a live group of the salon. */
  groupExists: boolean;
  /** Live services of the salon (at least those of the chosen group; the service itself may be among them). */
  services: readonly (Named & { groupId: string })[];
}

/** No other service of the chosen group has the same name in a language. */
const serviceNameTaken = (input: CommandValues<'service.create' | 'service.update'>, reads: ServiceReads, selfId: string | null) =>
  nameVariantsTaken(
    'serviceNameTaken',
    input.nameVariants,
    othersThan(reads.services, selfId).filter((s) => s.groupId === input.serviceGroupId),
  );

/** createService: the writer, a new id (global on the server, as for groups), the group exists, the name in the group. */
export function checkCreateService(
  input: CommandValues<'service.create'>,
  actor: Actor,
  reads: ServiceReads & { idTaken: boolean },
): ServerErrorShape | null {
  return (
    setupWriter(actor) ??
    when(reads.idTaken, 'idTaken') ??
    when(!reads.groupExists, 'serviceNotExists') ??
    serviceNameTaken(input, reads, null)
  );
}

/** updateService: the writer, the service exists, the (maybe new) group exists, the name in that group. */
export function checkUpdateService(
  input: CommandValues<'service.update'>,
  actor: Actor,
  reads: ServiceReads & { exists: boolean },
): ServerErrorShape | null {
  return (
    setupWriter(actor) ??
    when(!reads.exists, 'serviceNotExists') ??
    when(!reads.groupExists, 'serviceNotExists') ??
    serviceNameTaken(input, reads, input.id)
  );
}

/** deleteService: the writer, the service exists. */
export const checkDeleteService = (actor: Actor, reads: { exists: boolean }): ServerErrorShape | null =>
  checkRemoval(actor, reads.exists, 'serviceNotExists');
