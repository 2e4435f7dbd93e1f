import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { MasterAppointmentsPage } from './-components/master-appointments/master-appointments-page';
import { searchDate, searchField } from './-components/search-fields';

/** Master Appointments (part 1 §2, part 2 §2): the chosen master and the date range are the page's state, in the address. */
const master = v.pipe(v.string(), v.regex(/^[0-9a-f]{24}$/));

export const Route = createFileRoute('/salon/master-appointments')({
  validateSearch: (search): { master?: string; from?: string; to?: string } => ({
    master: searchField(master, search.master),
    from: searchDate(search.from),
    to: searchDate(search.to),
  }),
  component: MasterAppointmentsPage,
});
