import * as v from 'valibot';
import { isCalendarDate } from '../rules/time';
import { idSchema } from './salon';

/**
 * Seminars (part 2 §3, §5, §9; issue 19): name, description, date and time (a Riga wall time), duration, type,
 * place count and the banner. Messages are catalog ids; texts are the spec's.
 */
export const SEMINAR_TYPES = ['ALL', 'HAIRDRESSER', 'MANICURE', 'COSMETOLOGY'] as const;
export type SeminarType = (typeof SEMINAR_TYPES)[number];
/** 25 start times from 08:00 in 30-minute steps (minutes from midnight). */
export const SEMINAR_TIMES = Array.from({ length: 25 }, (_, i) => 480 + 30 * i);
/** 24 durations, 30 minutes to 12 hours. */
export const SEMINAR_DURATIONS = Array.from({ length: 24 }, (_, i) => 30 * (i + 1));
export const SEMINAR_PAGE_SIZE = 20;

const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const trimmed = v.pipe(
  v.optional(v.nullable(v.string()), ''),
  v.transform((s) => (s ?? '').trim()),
);
const name = v.pipe(trimmed, v.nonEmpty('seminar.enterName'), v.maxLength(200, 'validation.text.tooLong'));
const description = v.pipe(trimmed, v.maxLength(5000, 'validation.text.tooLong'));
const type = v.picklist(SEMINAR_TYPES, 'seminar.selectType');
const duration = v.pipe(
  v.number('seminar.invalidDuration'),
  v.check((d) => SEMINAR_DURATIONS.includes(d), 'seminar.invalidDuration'),
);
/** The most places a seminar may offer: a hall, not a stadium. */
export const MAX_PLACES = 100_000;
const placeCount = v.pipe(
  v.number('seminar.invalidNumber'),
  v.integer('seminar.invalidNumber'),
  v.minValue(1, 'seminar.invalidNumber'),
  v.maxValue(MAX_PLACES, 'seminar.invalidNumber'),
);
/** A seminar's day: a real one of this century (1900 or 9999 is a typing slip, not a seminar; issue 56). */
export const isSeminarDay = (day: string): boolean => isCalendarDate(day) && day >= '2000-01-01' && day <= '2099-12-31';

/** 'YYYY-MM-DD HH:mm' on a real day, at one of the listed times. */
const startAt = v.pipe(
  v.string('seminar.invalidDate'),
  v.check((s) => isSeminarDay(s.slice(0, 10)), 'seminar.invalidDate'),
  v.check((s) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(s) && SEMINAR_TIMES.map(clock).includes(s.slice(11)), 'seminar.invalidTime'),
);

/** addSeminar (part 2 §7) without the banner file, which travels beside it. `supplier` is the caller's own. */
export const addSeminarSchema = v.object({
  name,
  description,
  type,
  duration,
  placeCount,
  startAt,
  supplier: v.optional(v.nullable(idSchema), null),
});
export const updateSeminarSchema = v.object({ seminarId: idSchema, ...addSeminarSchema.entries });
export const deleteSeminarSchema = v.object({ seminarId: idSchema });
export const getSeminarsSchema = v.object({
  search: v.pipe(
    v.optional(v.nullable(v.string()), ''),
    v.transform((s) => (s ?? '').trim()),
    v.maxLength(100, 'validation.text.tooLong'),
  ),
  first: v.pipe(
    v.optional(v.nullable(v.number()), SEMINAR_PAGE_SIZE),
    v.transform((n) => n ?? SEMINAR_PAGE_SIZE),
    v.integer('validation.number.invalid'),
    v.minValue(1, 'validation.number.invalid'),
    v.maxValue(SEMINAR_PAGE_SIZE, 'validation.number.invalid'),
  ),
  after: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(400, 'validation.id.invalid'))), null),
});
/** A master signing up for (or cancelling) a seminar from his salon. */
export const seminarSignUpSchema = v.object({ salon: idSchema, seminar: idSchema });

export interface SeminarFormValues {
  name: string;
  description: string;
  date: string;
  time: number | null;
  duration: number | null;
  type: SeminarType | null;
  placeCount: string;
  /** Whether a banner file is chosen (the file itself is kept beside the form). */
  hasBanner: boolean;
}

/**
 * The seminar dialog (part 2 §5): the banner is required when adding; the place count may not fall below the
 * visitors already signed up ('Place count should not be less than people already attended to seminar').
 */
export function seminarFormSchema(adding: boolean, visitors: number) {
  return v.object({
    name,
    description,
    date: v.pipe(
      v.string(),
      v.check((s) => isSeminarDay(s), 'seminar.invalidDate'),
    ),
    time: v.pipe(
      v.nullable(v.number()),
      v.check((m) => m !== null && SEMINAR_TIMES.includes(m), 'seminar.invalidTime'),
    ),
    duration: v.pipe(
      v.nullable(v.number()),
      v.check((d) => d !== null && SEMINAR_DURATIONS.includes(d), 'seminar.invalidDuration'),
    ),
    type: v.pipe(
      v.nullable(v.string()),
      v.check((t) => t !== null && (SEMINAR_TYPES as readonly string[]).includes(t), 'seminar.selectType'),
    ),
    placeCount: v.pipe(
      v.string(),
      v.check((s) => /^\d{1,6}$/.test(s.trim()), 'seminar.invalidNumber'),
      // Fewer places than visitors is the spec's own message, 0 included (issue 60 item 8).
      v.check((s) => Number(s) >= visitors, 'seminar.placeCountBelowVisitors'),
      v.check((s) => Number(s) >= 1 && Number(s) <= MAX_PLACES, 'seminar.invalidNumber'),
    ),
    hasBanner: v.pipe(
      v.boolean(),
      v.check((b) => b || !adding, 'seminar.selectFile'),
    ),
  });
}

/** The API input of a valid form. */
export function seminarInput(values: SeminarFormValues) {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    type: values.type as SeminarType,
    duration: values.duration as number,
    placeCount: Number(values.placeCount),
    startAt: `${values.date} ${clock(values.time as number)}`,
  };
}

/** 'HH:mm' of minutes (the Duration column, part 2 §2). */
export const durationText = (minutes: number) => clock(minutes);
