import type { ServerErrorShape } from '../errors';
import type { NameVariants } from '../entities';
import type { Actor } from './appointments';
import type { CommandValues } from './inputs';
import { checkRemoval, nameVariantsTaken, othersThan, setupWriter, someUnknown, when, type Other } from './setup';

/**
 * The rules of the cabinet commands (part 2 §2, §5, §8) as pure checks, run by the local command against the
 * mirror (src/db/commands/cabinets.ts) and by the server inside its transaction
 * (server/modules/cabinets/service.ts). Each returns the first refusal, in the server's order, or null.
 */
export interface CabinetReads {
  /** The chosen service groups that are live groups of the salon. */
  knownGroups: readonly string[];
  /** The salon's live cabinets (the cabinet itself may be among them). */
  cabinets: readonly (Other & { nameVariants: NameVariants })[];
}

/** The chosen groups exist, then no other cabinet has the same name in a language. */
function checkFields(input: CommandValues<'cabinet.create' | 'cabinet.update'>, reads: CabinetReads, selfId: string | null) {
  return (
    when(someUnknown(input.serviceGroups, reads.knownGroups), 'cabinetUnknownServiceGroup') ??
    nameVariantsTaken('cabinetNameTaken', input.nameVariants, othersThan(reads.cabinets, selfId))
  );
}

/**
 * createCabinet: the writer and the session's salon, a new id (on the server ids are global: any salon's,
 * deleted ones too; the mirror knows this salon's live rows), the groups, the name.
 */
export function checkCreateCabinet(
  input: CommandValues<'cabinet.create'>,
  actor: Actor,
  reads: CabinetReads & { idTaken: boolean },
): ServerErrorShape | null {
  return setupWriter(actor, input.salon) ?? when(reads.idTaken, 'idTaken') ?? checkFields(input, reads, null);
}

/** updateCabinet: the writer and the session's salon, the cabinet exists, the groups, the name. */
export function checkUpdateCabinet(
  input: CommandValues<'cabinet.update'>,
  actor: Actor,
  reads: CabinetReads & { exists: boolean },
): ServerErrorShape | null {
  return setupWriter(actor, input.salon) ?? when(!reads.exists, 'cabinetNotExists') ?? checkFields(input, reads, input.id);
}

/** deleteCabinet: the writer, the cabinet exists. */
export const checkDeleteCabinet = (actor: Actor, reads: { exists: boolean }): ServerErrorShape | null =>
  checkRemoval(actor, reads.exists, 'cabinetNotExists');
