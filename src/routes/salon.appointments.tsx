import { createFileRoute } from '@tanstack/react-router';
import { AppointmentsPage } from '../ui/appointments/appointments-page';
import { searchChoice, searchDate } from '../ui/search-fields';

/** Appointments (part 1 §2): the day, the tab, the view and a master's 'only me' are the page's kept state, in the address. */
const TABS = ['masters', 'cabinets'] as const;
/** The day as a grid or as a list (issue 63); a master's own appointments or everyone's. */
const VIEWS = ['grid', 'list'] as const;
const WHO = ['me', 'all'] as const;

export const Route = createFileRoute('/salon/appointments')({
  validateSearch: (search): { date?: string; tab?: (typeof TABS)[number]; view?: (typeof VIEWS)[number]; who?: (typeof WHO)[number] } => ({
    date: searchDate(search.date),
    tab: searchChoice(TABS, search.tab),
    view: searchChoice(VIEWS, search.view),
    who: searchChoice(WHO, search.who),
  }),
  component: AppointmentsPage,
});
