import * as v from 'valibot';
import { isCalendarDate } from '../rules/time';
import type { CreateAppointmentsInput } from './appointment';

/**
 * The New Appointment form (part 1 §2, §3 'Appointment form values', §5): client (empty = walk-in), date,
 * notes and service lines. Each line has a master (required in the masters view) or a cabinet (required in
 * the cabinets view, master optional), a service, a duration and a start time in minutes from midnight,
 * converted on submit to 'YYYY-MM-DD HH:mm' on the chosen date.
 */
export type BookingMode = 'masters' | 'cabinets';

export interface AppointmentLineValues {
  id: string;
  master: string | null;
  cabinet: string | null;
  service: string | null;
  duration: number | null;
  startTime: number | null;
}

export interface NewAppointmentValues {
  client: string | null;
  date: string;
  notes: string;
  lines: AppointmentLineValues[];
}

const picked = (message: string) =>
  v.pipe(
    v.nullable(v.string()),
    v.check((s) => Boolean(s), message),
  );
const minutes = (message: string) =>
  v.pipe(
    v.nullable(v.number()),
    v.check((n) => typeof n === 'number' && Number.isInteger(n) && n >= 0, message),
  );

/** `editing`: the client is required (part 1 §5 'Client required when editing'). */
export function appointmentFormSchema(mode: BookingMode, editing = false) {
  const line = v.object({
    id: v.string(),
    master: mode === 'masters' ? picked('appointment.selectMaster') : v.nullable(v.string()),
    cabinet: mode === 'cabinets' ? picked('appointment.selectCabinet') : v.nullable(v.string()),
    service: picked('appointment.selectService'),
    duration: minutes('appointment.selectDuration'),
    startTime: minutes('appointment.selectTime'),
  });
  return v.object({
    client: editing ? picked('appointment.selectClient') : v.nullable(v.string()),
    date: v.pipe(
      v.string('appointment.enterDate'),
      v.check((s) => isCalendarDate(s), 'appointment.enterDate'),
    ),
    notes: v.pipe(v.string(), v.maxLength(2000, 'validation.text.tooLong')),
    // 'Creating needs a start date and at least one service line (otherwise the select-master error as a form error)'.
    lines: v.pipe(v.array(line), v.minLength(1, 'appointment.selectMaster')),
  });
}

/** 'HH:mm' of minutes from midnight. */
export const clockOf = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** The createAppointments input of a valid form (the command and the server check it with their schema). */
export function toCreateInput(values: NewAppointmentValues, salon: string, lang: 'en' | 'lv' | 'ru'): CreateAppointmentsInput {
  return {
    salon,
    group: null,
    lang,
    appointments: values.lines.map((l) => ({
      id: l.id,
      master: l.master,
      cabinet: l.cabinet,
      client: values.client,
      service: l.service ?? '',
      duration: l.duration ?? 0,
      startAt: `${values.date} ${clockOf(l.startTime ?? 0)}`,
      notes: values.notes,
    })),
  };
}

/** The updateAppointment input of a valid edit form (one line). */
export function toUpdateInput(appointmentId: string, values: NewAppointmentValues) {
  const l = values.lines[0] as AppointmentLineValues;
  return {
    appointmentId,
    master: l.master,
    cabinet: l.cabinet,
    client: values.client,
    service: l.service ?? '',
    duration: l.duration ?? 0,
    startAt: `${values.date} ${clockOf(l.startTime ?? 0)}`,
    notes: values.notes,
  };
}
