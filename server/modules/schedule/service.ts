import { and, eq, gt, gte, inArray, isNull, lt } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Actor } from '../../../src/domain/commands/appointments';
import {
  checkAddWorkingTime,
  checkDeleteWorkingTime,
  checkGenerateSchedule,
  checkUpdateWorkingTime,
  daysOfUpdate,
} from '../../../src/domain/commands/schedule';
import type { ServerErrorShape } from '../../../src/domain/errors';
import { generatedWorkingTimeId, plannedWorkingTimes, type WorkingTimeSpan } from '../../../src/domain/rules/working-time';
import { addDays } from '../../../src/domain/rules/time';
import { dateOf } from '../../../src/domain/rules/time';
import type {
  addWorkingTimeSchema,
  deleteWorkingTimeSchema,
  generateScheduleSchema,
  updateWorkingTimeSchema,
} from '../../../src/domain/schemas/working-time';
import { appointments, masters, workingTimes } from '../../db/schema';
import { fromShape } from '../../graphql/refusals';
import type { Writer } from '../../sync/command';
import { workingTimeRow } from '../../sync/rows';
import { currentSalon } from '../appointments/checks';

/**
 * Masters' working time (part 2 §4, §5, §7): add, update, delete and Generate schedule. Administrators and
 * sysadmins write; masters only read. The rules are the shared checks of src/domain/commands/schedule.ts, run
 * on what this reads after `w.rev()` locked the salon, so two devices cannot both add overlapping time.
 */
type In<S extends v.GenericSchema> = v.InferOutput<S>;
type WorkingTimeDbRow = typeof workingTimes.$inferSelect;

const view = (row: WorkingTimeDbRow) => ({ ...workingTimeRow(row), rev: row.rev });

/** The caller as the shared checks take it. */
const actorOf = (w: Writer): Actor => ({ role: w.viewer.role, isOwner: w.viewer.isOwner, salonId: w.salonId });
const check = (broken: ServerErrorShape | null) => {
  if (broken) throw fromShape(broken);
};

/** Whether the master is a live master of this salon. */
async function masterExists(w: Writer, masterId: string): Promise<boolean> {
  const [row] = await w.tx
    .select({ id: masters.id })
    .from(masters)
    .where(and(eq(masters.id, masterId), eq(masters.salonId, w.salonId), isNull(masters.deletedAt)));
  return Boolean(row);
}

/** A live working time of this salon, or null. */
async function workingTimeOf(w: Writer, id: string): Promise<WorkingTimeDbRow | null> {
  const [row] = await w.tx
    .select()
    .from(workingTimes)
    .where(and(eq(workingTimes.id, id), eq(workingTimes.salonId, w.salonId), isNull(workingTimes.deletedAt)));
  return row ?? null;
}

/** The master's live working times that touch [from, to) (wall times). */
async function masterTimes(w: Writer, masterIds: string[], from: string, to: string): Promise<WorkingTimeSpan[]> {
  if (masterIds.length === 0) return [];
  const rows = await w.tx
    .select()
    .from(workingTimes)
    .where(
      and(
        eq(workingTimes.salonId, w.salonId),
        inArray(workingTimes.masterId, masterIds),
        isNull(workingTimes.deletedAt),
        lt(workingTimes.startAt, to),
        gt(workingTimes.endAt, from),
      ),
    );
  return rows.map(workingTimeRow);
}

/** The master's working times around the day of `startAt`: what a span there may overlap. */
function dayTimes(w: Writer, masterId: string, startAt: string): Promise<WorkingTimeSpan[]> {
  const day = dateOf(startAt);
  return masterTimes(w, [masterId], `${day} 00:00`, `${addDays(day, 1)} 00:01`);
}

/** 'Appointments exist that day' (part 2 §4): the days among `days` with a live, not archived appointment of the master. */
async function daysWithAppointments(w: Writer, masterId: string, days: readonly string[]): Promise<string[]> {
  const busy = await Promise.all(
    days.map(async (day) => {
      const [row] = await w.tx
        .select({ id: appointments.id })
        .from(appointments)
        .where(
          and(
            eq(appointments.salonId, w.salonId),
            eq(appointments.masterId, masterId),
            isNull(appointments.deletedAt),
            eq(appointments.archived, false),
            gte(appointments.startAt, `${day} 00:00`),
            lt(appointments.startAt, `${addDays(day, 1)} 00:00`),
          ),
        )
        .limit(1);
      return Boolean(row);
    }),
  );
  return days.filter((_, i) => busy[i]);
}

export async function addWorkingTime(w: Writer, input: In<typeof addWorkingTimeSchema>) {
  const rev = await w.rev();
  // Ids are global: one taken in any salon, even by a deleted working time, is refused.
  const [taken] = await w.tx.select({ id: workingTimes.id }).from(workingTimes).where(eq(workingTimes.id, input.id));
  const { settings } = await currentSalon(w);
  check(
    checkAddWorkingTime(input, actorOf(w), {
      schedule: settings.schedule,
      idTaken: Boolean(taken),
      masterExists: await masterExists(w, input.master),
      others: await dayTimes(w, input.master, input.startAt),
    }),
  );
  const [row] = await w.tx
    .insert(workingTimes)
    .values({ id: input.id, salonId: w.salonId, masterId: input.master, startAt: input.startAt, endAt: input.endAt, rev })
    .returning();
  return { workingTime: view(row as WorkingTimeDbRow) };
}

/**
 * Refused (not `updated: false`) when the master has appointments that day, old or new: a refusal is what
 * reaches an offline form again (docs/decisions/014-cabinets-and-working-time.md). `updated` is true on success.
 */
export async function updateWorkingTime(w: Writer, input: In<typeof updateWorkingTimeSchema>) {
  const rev = await w.rev();
  const row = await workingTimeOf(w, input.workingTimeId);
  const current = row ? workingTimeRow(row) : null;
  const masterId = current?.masterId ?? null;
  const { settings } = await currentSalon(w);
  check(
    checkUpdateWorkingTime(input, actorOf(w), {
      schedule: settings.schedule,
      current,
      daysWithAppointments: current && masterId ? await daysWithAppointments(w, masterId, daysOfUpdate(current, input.startAt)) : [],
      others: masterId ? await dayTimes(w, masterId, input.startAt) : [],
    }),
  );
  const [updated] = await w.tx
    .update(workingTimes)
    .set({ startAt: input.startAt, endAt: input.endAt, rev })
    .where(eq(workingTimes.id, input.workingTimeId))
    .returning();
  return { workingTime: view(updated as WorkingTimeDbRow), updated: true };
}

export async function deleteWorkingTime(w: Writer, input: In<typeof deleteWorkingTimeSchema>) {
  const rev = await w.rev();
  const row = await workingTimeOf(w, input.workingTimeId);
  const current = row ? workingTimeRow(row) : null;
  check(
    checkDeleteWorkingTime(actorOf(w), {
      current,
      daysWithAppointments: current?.masterId ? await daysWithAppointments(w, current.masterId, [dateOf(current.startAt)]) : [],
    }),
  );
  await w.tx.update(workingTimes).set({ deletedAt: new Date(), rev }).where(eq(workingTimes.id, input.workingTimeId));
  return { workingTimeId: input.workingTimeId, deleted: true };
}

/**
 * Generate schedule (part 2 §5, §7): the first range's working times repeated over the second range, for one
 * master or all; copies that would overlap existing working time are skipped (src/domain/rules/working-time.ts).
 */
export async function generateSchedule(w: Writer, input: In<typeof generateScheduleSchema>) {
  const rev = await w.rev();
  check(checkGenerateSchedule(input, actorOf(w), { masterExists: input.masterId ? await masterExists(w, input.masterId) : false }));
  let masterIds: string[];
  if (input.masterId) {
    masterIds = [input.masterId];
  } else {
    const rows = await w.tx
      .select({ id: masters.id })
      .from(masters)
      .where(and(eq(masters.salonId, w.salonId), isNull(masters.deletedAt)));
    masterIds = rows.map((r) => r.id);
  }
  const [template, target] = await Promise.all([
    masterTimes(w, masterIds, `${input.firstRangeFrom} 00:00`, `${addDays(input.firstRangeTo, 1)} 00:00`),
    masterTimes(w, masterIds, `${input.secondRangeFrom} 00:00`, `${addDays(input.secondRangeTo, 1)} 00:00`),
  ]);
  // Only spans starting inside the first range are the pattern.
  const pattern = template.filter((t) => dateOf(t.startAt) >= input.firstRangeFrom && dateOf(t.startAt) <= input.firstRangeTo);
  const planned = plannedWorkingTimes(input, masterIds, [...pattern, ...target]);
  if (planned.length > 0) {
    await w.tx.insert(workingTimes).values(
      planned.map((p) => ({
        id: generatedWorkingTimeId(input.seed, p),
        salonId: w.salonId,
        masterId: p.masterId,
        startAt: p.startAt,
        endAt: p.endAt,
        rev,
      })),
    );
  }
  return { salonId: w.salonId, masterId: input.masterId, created: planned.length };
}
