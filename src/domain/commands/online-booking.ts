import type { ServerErrorShape } from '../errors';
import { refusal } from '../refusals';
import type { Actor } from './appointments';
import type { CommandValues } from './inputs';
import { settingsWriterRefusal, type SalonRead } from './settings';

/**
 * updateOnlineBooking (issue 61): the writer and salon, as for every setting, then a page address no other salon has.
 * `slugTaken` needs every salon: only the server knows it (the mirror holds its own salon alone and passes false).
 */
export function checkUpdateOnlineBooking(
  input: CommandValues<'onlineBooking.update'>,
  actor: Actor,
  reads: SalonRead & { slugTaken: boolean },
): ServerErrorShape | null {
  const writer = settingsWriterRefusal(actor, input.id);
  if (writer) return writer;
  if (!reads.settings) return refusal('salonNotExists');
  if (reads.slugTaken) return refusal('bookingSlugTaken');
  return null;
}
