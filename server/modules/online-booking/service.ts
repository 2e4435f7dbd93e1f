import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { checkUpdateOnlineBooking } from '../../../src/domain/commands/online-booking';
import type { SalonSettings } from '../../../src/domain/rules/salon-defaults';
import type { updateOnlineBookingSchema } from '../../../src/domain/schemas/online-booking';
import { salons } from '../../db/schema';
import { fromShape } from '../../graphql/refusals';
import type { Writer } from '../../sync/command';
import { salonView } from '../salons/views';

type Input = v.InferOutput<typeof updateOnlineBookingSchema>;

/** The expression the unique index salons_booking_slug holds (migration 0018). */
export const bookingSlugOf = sql`lower(${salons.settings} -> 'onlineBooking' ->> 'slug')`;

/**
 * updateOnlineBooking (issue 61): the salon's online booking settings, whole, after the shared check with whether
 * another live salon has the address (a deleted salon's address is free again; the unique index says the same).
 */
export async function updateOnlineBooking(w: Writer, input: Input) {
  const rev = await w.rev();
  const [current] = await w.tx.select().from(salons).where(eq(salons.id, w.salonId));
  if (!current) throw new Error(`salon ${w.salonId} not found`);
  const [taken] = await w.tx
    .select({ id: salons.id })
    .from(salons)
    .where(and(eq(bookingSlugOf, input.onlineBooking.slug), isNull(salons.deletedAt), ne(salons.id, w.salonId)))
    .limit(1);
  const broken = checkUpdateOnlineBooking(
    input,
    { role: w.viewer.role, isOwner: w.viewer.isOwner, salonId: w.salonId },
    { settings: current.settings as SalonSettings, slugTaken: Boolean(taken) },
  );
  if (broken) throw fromShape(broken);
  const settings = { ...(current.settings as SalonSettings), onlineBooking: { ...input.onlineBooking } };
  const [row] = await w.tx.update(salons).set({ settings, rowRev: rev }).where(eq(salons.id, w.salonId)).returning();
  return salonView(row!);
}
