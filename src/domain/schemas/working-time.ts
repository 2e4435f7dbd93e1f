import * as v from 'valibot';
import { isCalendarDate, isWallTime } from '../rules/time';
import { optionalCommand } from './command';
import { idSchema } from './salon';

/** Working time and Generate schedule inputs (part 2 §7). Times are salon wall time 'YYYY-MM-DD HH:mm'. */
const wallTime = (field: 'start' | 'end') =>
  v.pipe(
    v.string(`workingTime.${field}Required`),
    v.trim(),
    v.check((s) => isWallTime(s), `workingTime.${field}Required`),
  );

/** addWorkingTime: salon, master, startAt, endAt; the id is made by the client (DESIGN.md §4). */
export const addWorkingTimeSchema = v.object({
  id: idSchema,
  salon: idSchema,
  master: idSchema,
  startAt: wallTime('start'),
  endAt: wallTime('end'),
  command: optionalCommand,
});
export type AddWorkingTimeInput = v.InferInput<typeof addWorkingTimeSchema>;

export const updateWorkingTimeSchema = v.object({
  workingTimeId: idSchema,
  startAt: wallTime('start'),
  endAt: wallTime('end'),
  command: optionalCommand,
});
export type UpdateWorkingTimeInput = v.InferInput<typeof updateWorkingTimeSchema>;

export const deleteWorkingTimeSchema = v.object({ workingTimeId: idSchema, command: optionalCommand });
export type DeleteWorkingTimeInput = v.InferInput<typeof deleteWorkingTimeSchema>;

/** A day; the first range's ends may come 'with time' (part 2 §7), which is dropped: ranges are whole days. */
const day = (withTime: boolean) =>
  v.pipe(
    v.string('schedule.generate.dateRequired'),
    v.trim(),
    v.transform((s) => (withTime ? s.slice(0, 10) : s)),
    v.check((s) => isCalendarDate(s), 'schedule.generate.dateRequired'),
  );

/** generateSchedule: salonId, masterId (null: every master), the pattern range and the range to fill. */
export const generateScheduleSchema = v.object({
  salonId: idSchema,
  /** A new id made by the client; each created working time's id derives from it (generatedWorkingTimeId). */
  seed: idSchema,
  masterId: v.optional(v.nullable(idSchema), null),
  firstRangeFrom: day(true),
  firstRangeTo: day(true),
  secondRangeFrom: day(false),
  secondRangeTo: day(false),
  command: optionalCommand,
});
export type GenerateScheduleInput = v.InferInput<typeof generateScheduleSchema>;

/** The working-time dialog: a day and start and end as minutes from midnight ('' until chosen). */
export const workingTimeFormSchema = v.pipe(
  v.object({
    start: v.pipe(
      v.union([v.number(), v.literal('')]),
      v.check((x) => x !== '', 'workingTime.startRequired'),
    ),
    end: v.pipe(
      v.union([v.number(), v.literal('')]),
      v.check((x) => x !== '', 'workingTime.endRequired'),
    ),
  }),
  v.forward(
    v.check((f) => f.start === '' || f.end === '' || Number(f.end) > Number(f.start), 'workingTime.endBeforeStart'),
    ['end'],
  ),
);
export interface WorkingTimeFormValues {
  start: number | '';
  end: number | '';
}
