import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { AppointmentsPage } from '../ui/appointments/appointments-page';
import { searchDate, searchField } from '../ui/search-fields';

/** Appointments (part 1 §2): the day and the tab are the page's kept state, in the address. */
const tab = v.picklist(['masters', 'cabinets']);

export const Route = createFileRoute('/salon/appointments')({
  validateSearch: (search): { date?: string; tab?: v.InferOutput<typeof tab> } => ({
    date: searchDate(search.date),
    tab: searchField(tab, search.tab),
  }),
  component: AppointmentsPage,
});
