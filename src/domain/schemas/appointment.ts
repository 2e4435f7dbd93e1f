import * as v from 'valibot';
import { isWallTime } from '../rules/time';
import { optionalCommand } from './command';
import { idSchema } from './salon';

/** Appointment command inputs (part 1 §5, §7). Messages are catalog ids with the spec's texts. */
export const MAX_DURATION = 24 * 60;
const optionalId = v.optional(v.nullable(idSchema), null);
const duration = v.pipe(
  v.number('appointment.selectDuration'),
  v.integer('appointment.selectDuration'),
  v.minValue(5, 'appointment.selectDuration'),
  v.maxValue(MAX_DURATION, 'appointment.selectDuration'),
);
const startAt = v.pipe(
  v.string('appointment.selectTime'),
  v.check((s) => isWallTime(s), 'appointment.selectTime'),
);
const notes = v.pipe(
  v.optional(v.nullable(v.string()), ''),
  v.transform((s) => s ?? ''),
  v.maxLength(2000, 'validation.text.tooLong'),
);

/** One service line: a master or a cabinet (or both), a service, a duration and a start. */
export const appointmentLineSchema = v.pipe(
  v.object({
    id: idSchema,
    master: optionalId,
    cabinet: optionalId,
    client: optionalId,
    service: v.pipe(v.string('appointment.selectService'), v.regex(/^[0-9a-f]{24}$/, 'appointment.selectService')),
    duration,
    startAt,
    notes,
  }),
  v.forward(
    v.check((line) => Boolean(line.master || line.cabinet), 'appointment.selectMaster'),
    ['master'],
  ),
);

export const createAppointmentsSchema = v.object({
  salon: idSchema,
  /** Lines booked together share this group (part 1 §3). */
  group: optionalId,
  appointments: v.pipe(
    v.array(appointmentLineSchema),
    v.minLength(1, 'appointment.selectMaster'),
    v.maxLength(20, 'appointment.selectMaster'),
  ),
  lang: v.optional(v.picklist(['en', 'lv', 'ru']), 'lv'),
  command: optionalCommand,
});
export type CreateAppointmentsInput = v.InferInput<typeof createAppointmentsSchema>;

export const updateAppointmentSchema = v.pipe(
  v.object({
    appointmentId: idSchema,
    master: optionalId,
    cabinet: optionalId,
    /** Null keeps a walk-in; the edit form additionally requires a client (part 1 §5), a drag does not. */
    client: optionalId,
    service: v.pipe(v.string('appointment.selectService'), v.regex(/^[0-9a-f]{24}$/, 'appointment.selectService')),
    duration,
    startAt,
    notes,
    command: optionalCommand,
  }),
  v.forward(
    v.check((a) => Boolean(a.master || a.cabinet), 'appointment.selectMaster'),
    ['master'],
  ),
);
export type UpdateAppointmentInput = v.InferInput<typeof updateAppointmentSchema>;

/** `late`: the client cancelled inside the salon's window; the row is kept as a late cancellation (decision 079). */
export const deleteAppointmentSchema = v.object({
  appointmentId: idSchema,
  late: v.optional(v.boolean(), false),
  command: optionalCommand,
});
export type DeleteAppointmentInput = v.InferInput<typeof deleteAppointmentSchema>;

export const archiveAppointmentSchema = v.object({
  salon: idSchema,
  appointmentId: idSchema,
  archived: v.boolean(),
  command: optionalCommand,
});
export type ArchiveAppointmentInput = v.InferInput<typeof archiveAppointmentSchema>;

/** markNoShow (issue 57 item 5): the client did not come (`noShow`), or the mark is taken back. */
export const markNoShowSchema = v.object({
  salon: idSchema,
  appointmentId: idSchema,
  noShow: v.boolean(),
  command: optionalCommand,
});
export type MarkNoShowInput = v.InferInput<typeof markNoShowSchema>;
