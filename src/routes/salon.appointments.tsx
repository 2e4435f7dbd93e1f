import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { AppointmentsPage } from './-components/timetable/appointments-page';

/** Appointments (part 1 §2): the day and the tab are the page's kept state, in the address. */
const searchSchema = v.object({
  date: v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/))),
  tab: v.optional(v.picklist(['masters', 'cabinets'])),
});

export const Route = createFileRoute('/salon/appointments')({
  validateSearch: (search) => {
    const parsed = v.safeParse(searchSchema, { date: search.date, tab: search.tab });
    return parsed.success ? parsed.output : {};
  },
  component: AppointmentsPage,
});
