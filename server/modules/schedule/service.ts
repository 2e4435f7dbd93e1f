import { and, eq, gt, gte, inArray, isNull, lt } from 'drizzle-orm';
import type * as v from 'valibot';
import {
  addDays, cannotChangeWithAppointments, cannotDeleteWithAppointments, checkGenerateRanges, checkWorkingTime, generatedWorkingTimeId, plannedWorkingTimes,
  type WorkingTimeSpan,
} from '../../../src/domain/rules/working-time';
import { dateOf } from '../../../src/domain/rules/time';
import type { addWorkingTimeSchema, deleteWorkingTimeSchema, generateScheduleSchema, updateWorkingTimeSchema } from '../../../src/domain/schemas/working-time';
import { appointments, masters, workingTimes } from '../../db/schema';
import { fromShape, refused } from '../../graphql/refusals';
import type { Writer } from '../../sync/command';
import { workingTimeRow } from '../../sync/rows';
import { currentSalon } from '../appointments/checks';
import { requireSetupWriter } from '../cabinets/service';

/**
 * Masters' working time (part 2 §4, §5, §7): add, update, delete and Generate schedule. Administrators and
 * sysadmins write; masters only read. Every rule of src/domain/rules/working-time.ts is checked again here,
 * after `w.rev()` locked the salon, so two devices cannot both add overlapping time.
 */
type In<S extends v.GenericSchema> = v.InferOutput<S>;
type WorkingTimeDbRow = typeof workingTimes.$inferSelect;

const view = (row: WorkingTimeDbRow) => ({ ...workingTimeRow(row), rev: row.rev });

async function requireMaster(w: Writer, masterId: string) {
  const [row] = await w.tx.select({ id: masters.id }).from(masters).where(and(eq(masters.id, masterId), eq(masters.salonId, w.salonId), isNull(masters.deletedAt)));
  if (!row) throw refused('scheduleMasterNotExists');
}

async function findWorkingTime(w: Writer, id: string): Promise<WorkingTimeDbRow> {
  const [row] = await w.tx.select().from(workingTimes).where(and(eq(workingTimes.id, id), eq(workingTimes.salonId, w.salonId), isNull(workingTimes.deletedAt)));
  if (!row || !row.masterId) throw refused('workingTimeNotExists');
  return row;
}

/** The master's live working times that touch [from, to) (wall times). */
async function masterTimes(w: Writer, masterIds: string[], from: string, to: string): Promise<WorkingTimeSpan[]> {
  if (masterIds.length === 0) return [];
  const rows = await w.tx
    .select()
    .from(workingTimes)
    .where(and(eq(workingTimes.salonId, w.salonId), inArray(workingTimes.masterId, masterIds), isNull(workingTimes.deletedAt), lt(workingTimes.startAt, to), gt(workingTimes.endAt, from)));
  return rows.map(workingTimeRow);
}

async function assertRules(w: Writer, candidate: WorkingTimeSpan) {
  const { settings } = await currentSalon(w);
  const day = dateOf(candidate.startAt);
  const others = await masterTimes(w, [candidate.masterId as string], `${day} 00:00`, `${addDays(day, 1)} 00:01`);
  const broken = checkWorkingTime(candidate, settings.schedule, others);
  if (broken) throw fromShape(broken);
}

/** 'Appointments exist that day' (part 2 §4): a live, not archived appointment of the master on that date. */
async function hasAppointments(w: Writer, masterId: string, day: string): Promise<boolean> {
  const [row] = await w.tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(
      eq(appointments.salonId, w.salonId), eq(appointments.masterId, masterId), isNull(appointments.deletedAt), eq(appointments.archived, false),
      gte(appointments.startAt, `${day} 00:00`), lt(appointments.startAt, `${addDays(day, 1)} 00:00`),
    ))
    .limit(1);
  return Boolean(row);
}

export async function addWorkingTime(w: Writer, input: In<typeof addWorkingTimeSchema>) {
  requireSetupWriter(w, input.salon);
  const rev = await w.rev();
  const [taken] = await w.tx.select({ id: workingTimes.id }).from(workingTimes).where(eq(workingTimes.id, input.id));
  if (taken) throw refused('idTaken');
  await requireMaster(w, input.master);
  await assertRules(w, { id: input.id, masterId: input.master, startAt: input.startAt, endAt: input.endAt });
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
  requireSetupWriter(w);
  const rev = await w.rev();
  const current = await findWorkingTime(w, input.workingTimeId);
  const masterId = current.masterId as string;
  for (const day of new Set([dateOf(workingTimeRow(current).startAt), dateOf(input.startAt)])) {
    if (await hasAppointments(w, masterId, day)) throw fromShape(cannotChangeWithAppointments());
  }
  await assertRules(w, { id: current.id, masterId, startAt: input.startAt, endAt: input.endAt });
  const [row] = await w.tx.update(workingTimes).set({ startAt: input.startAt, endAt: input.endAt, rev }).where(eq(workingTimes.id, current.id)).returning();
  return { workingTime: view(row as WorkingTimeDbRow), updated: true };
}

export async function deleteWorkingTime(w: Writer, input: In<typeof deleteWorkingTimeSchema>) {
  requireSetupWriter(w);
  const rev = await w.rev();
  const current = await findWorkingTime(w, input.workingTimeId);
  if (await hasAppointments(w, current.masterId as string, dateOf(workingTimeRow(current).startAt))) throw fromShape(cannotDeleteWithAppointments());
  await w.tx.update(workingTimes).set({ deletedAt: new Date(), rev }).where(eq(workingTimes.id, current.id));
  return { workingTimeId: current.id, deleted: true };
}

/**
 * Generate schedule (part 2 §5, §7): the first range's working times repeated over the second range, for one
 * master or all; copies that would overlap existing working time are skipped (src/domain/rules/working-time.ts).
 */
export async function generateSchedule(w: Writer, input: In<typeof generateScheduleSchema>) {
  requireSetupWriter(w, input.salonId);
  const broken = checkGenerateRanges(input);
  if (broken) throw fromShape(broken);
  const rev = await w.rev();
  let masterIds: string[];
  if (input.masterId) {
    await requireMaster(w, input.masterId);
    masterIds = [input.masterId];
  } else {
    const rows = await w.tx.select({ id: masters.id }).from(masters).where(and(eq(masters.salonId, w.salonId), isNull(masters.deletedAt)));
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
    await w.tx.insert(workingTimes).values(planned.map((p) => ({ id: generatedWorkingTimeId(input.seed, p), salonId: w.salonId, masterId: p.masterId, startAt: p.startAt, endAt: p.endAt, rev })));
  }
  return { salonId: w.salonId, masterId: input.masterId, created: planned.length };
}

