import type { NewAppointmentValues } from '../schemas/appointment-form';

/**
 * The values a refused booking reopens its form with (DESIGN.md §5.4): as they were sent, except a start time the
 * refusal is about (an overlap, out of the salon's hours), which is left unselected so that the form does not
 * offer the refused time first (issue 63). `lines.N.startTime` names one line; `startTime`, every line. Apart from
 * the form's schema, so the timetable's first paint does not load valibot for it.
 */
export function reopenedValues<T extends NewAppointmentValues>(values: T, refusal: { field?: string | null } | null | undefined): T {
  const field = refusal?.field ?? '';
  const one = /^lines\.(\d+)\.startTime$/.exec(field);
  if (field !== 'startTime' && !one) return values;
  const index = one ? Number(one[1]) : null;
  return { ...values, lines: values.lines.map((l, i) => (index === null || i === index ? { ...l, startTime: null } : l)) };
}
