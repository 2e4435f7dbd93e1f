import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { MasterAppointmentsPage } from './-components/master-appointments/master-appointments-page';

/** Master Appointments (part 1 §2, part 2 §2): the chosen master and the date range are the page's state, in the address. */
const day = v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/)));
const searchSchema = v.object({ master: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{24}$/))), from: day, to: day });

export const Route = createFileRoute('/salon/master-appointments')({
  validateSearch: (search) => {
    const parsed = v.safeParse(searchSchema, { master: search.master, from: search.from, to: search.to });
    return parsed.success ? parsed.output : {};
  },
  component: MasterAppointmentsPage,
});
