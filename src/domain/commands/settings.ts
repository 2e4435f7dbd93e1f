import type { ServerErrorShape } from '../errors';
import { refusal } from '../refusals';
import { isAdministrator } from '../roles';
import { archiveRangeProblem, canArchiveHistory, canChangeArchiveSetting } from '../rules/settings';
import type { SalonSettings } from '../rules/salon-defaults';
import type { SettingSwitch } from '../schemas/settings';
import type { Actor, SalonNow } from './appointments';
import type { CommandValues } from './inputs';

/**
 * The rules of the general settings commands (part 2 §2, §4, §5, §7) as pure checks, run by the local
 * commands against the mirror (src/db/commands/settings.ts) and by the server inside its transaction,
 * after the salon's write lock (server/modules/settings/service.ts). Each side reads what a check needs and
 * hands it over; the check returns the first refusal, from the one table (src/domain/refusals.ts), or null.
 *
 * `settings` is the salon's as the side has it: the server always has its session's salon; the mirror has it
 * after the first pull, and without it there is nothing to change locally (SALON_DOES_NOT_EXIST).
 */
export interface SalonRead {
  settings: SalonSettings | null;
}

/** Administrators and sysadmins of the session's salon change its settings; masters never (part 2 §6). */
export function settingsWriterRefusal(actor: Actor, salonId: string): ServerErrorShape | null {
  if (!isAdministrator(actor)) return refusal('settingsForbidden');
  if (salonId !== actor.salonId) return refusal('notSessionSalon');
  return null;
}

/**
 * updateSalon: the writer and salon, then a name no other live salon has, whatever its case (part 2 §8).
 * `nameTaken` needs every salon: only the server knows it (the mirror holds its own salon alone).
 */
export function checkUpdateSalon(
  input: CommandValues<'salon.update'>,
  actor: Actor,
  reads: SalonRead & { nameTaken: boolean },
): ServerErrorShape | null {
  const writer = settingsWriterRefusal(actor, input.id);
  if (writer) return writer;
  if (!reads.settings) return refusal('salonNotExists');
  if (reads.nameTaken) return refusal('salonNameTaken');
  return null;
}

/**
 * One of the switches (updateSalon*Settings): the writer and salon; 'Enable archive for common
 * administrators' is a grant to the others, the owner's or a sysadmin's alone (docs/decisions/013).
 */
export function checkUpdateSwitch(key: SettingSwitch, input: { id: string }, actor: Actor, reads: SalonRead): ServerErrorShape | null {
  const writer = settingsWriterRefusal(actor, input.id);
  if (writer) return writer;
  if (key === 'enableArchive' && !canChangeArchiveSetting(actor)) return refusal('archiveSettingForbidden');
  if (!reads.settings) return refusal('salonNotExists');
  return null;
}

/**
 * updateSalonClientMessages (issue 57): the writer and salon, as for every setting; SMS are switched on only where
 * the server has an SMS provider (`smsConfigured`: the server knows it, a device does not and passes true). A salon
 * whose SMS were on keeps them on, so its other choices can still be saved while a provider is away.
 */
export function checkUpdateClientMessages(
  input: CommandValues<'salon.updateClientMessages'>,
  actor: Actor,
  reads: SalonRead & { smsConfigured: boolean },
): ServerErrorShape | null {
  const writer = settingsWriterRefusal(actor, input.id);
  if (writer) return writer;
  if (!reads.settings) return refusal('salonNotExists');
  if (input.clientMessages.sms && !reads.smsConfigured && !reads.settings.clientMessages?.sms) return refusal('smsNotConfigured');
  return null;
}

/** updateSalonMessageTemplate (decision 080): the writer and salon, as for every setting. */
export function checkUpdateMessageTemplate(
  input: CommandValues<'salon.updateMessageTemplate'>,
  actor: Actor,
  reads: SalonRead,
): ServerErrorShape | null {
  const writer = settingsWriterRefusal(actor, input.id);
  if (writer) return writer;
  return reads.settings ? null : refusal('salonNotExists');
}

/**
 * archiveSelectedAppointments ('Delete appointments', part 2 §4): the writer and salon; it archives paid ones
 * too, so it needs the archive setting, the owner or a sysadmin; then a range not upside down and not past the
 * salon's today (on the range field, the message id saying which).
 */
export function checkArchiveSelectedAppointments(
  input: CommandValues<'salon.archiveAppointments'>,
  actor: Actor,
  reads: { salon: SalonNow },
): ServerErrorShape | null {
  const writer = settingsWriterRefusal(actor, input.salon);
  if (writer) return writer;
  const { settings, today } = reads.salon;
  if (!settings) return refusal('salonNotExists');
  if (!canArchiveHistory(actor, settings)) return refusal('archiveHistoryForbidden');
  const problem = archiveRangeProblem(input.fromDate, input.toDate, today);
  if (problem) return refusal('badArchiveRange', { messageId: problem });
  return null;
}
