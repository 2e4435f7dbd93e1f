import { createFileRoute } from '@tanstack/react-router';
import { AppointmentsPage } from '../ui/appointments/appointments-page';
import { searchChoice, searchDate } from '../ui/search-fields';

/** Appointments (part 1 §2): the day and the tab are the page's kept state, in the address. */
const TABS = ['masters', 'cabinets'] as const;

export const Route = createFileRoute('/salon/appointments')({
  validateSearch: (search): { date?: string; tab?: (typeof TABS)[number] } => ({
    date: searchDate(search.date),
    tab: searchChoice(TABS, search.tab),
  }),
  component: AppointmentsPage,
});
