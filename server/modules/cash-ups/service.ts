import { and, eq, isNull } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type * as v from 'valibot';
import { checkCloseCashUp } from '../../../src/domain/commands/cash-ups';
import { centsToDecimal } from '../../../src/domain/rules/money';
import type { closeCashUpSchema } from '../../../src/domain/schemas/cash-up';
import { cashUps } from '../../db/schema';
import type { Writer } from '../../sync/command';
import { cashUpRow } from '../../sync/rows';
import { actorOf, check } from '../appointments/service';
import { cashOfDay } from '../reports/queries';

/**
 * Closing the till (issue 59 item 3). Administrators and sysadmins close; masters are refused. The day's cash is
 * counted here, under the salon's lock, from the rows the Report reads: what the device sent is its own view.
 */
type In<S extends v.GenericSchema> = v.InferOutput<S>;

export async function closeCashUp(w: Writer, input: In<typeof closeCashUpSchema>) {
  const rev = await w.rev();
  const timeZone = (await w.lockedSalon())?.timeZone ?? 'Europe/Riga';
  const today = Temporal.Now.plainDateISO(timeZone).toString();
  // Ids are global: an id taken in any salon is refused.
  const [[taken], [closed]] = await Promise.all([
    w.tx.select({ id: cashUps.id }).from(cashUps).where(eq(cashUps.id, input.id)),
    w.tx
      .select({ id: cashUps.id })
      .from(cashUps)
      .where(and(eq(cashUps.salonId, w.salonId), eq(cashUps.date, input.date), isNull(cashUps.deletedAt))),
  ]);
  check(checkCloseCashUp(input, actorOf(w), { idTaken: Boolean(taken), closed: Boolean(closed), today }));
  const expected = await cashOfDay(w.tx, w.salonId, input.date, timeZone);
  const [row] = await w.tx
    .insert(cashUps)
    .values({
      id: input.id,
      salonId: w.salonId,
      date: input.date,
      expectedCash: centsToDecimal(expected),
      countedCash: input.countedCash,
      note: input.note,
      closedBy: w.viewer.user.id,
      rev,
    })
    .returning();
  const made = row as typeof cashUps.$inferSelect;
  return { ...cashUpRow(made), rev: made.rev };
}
