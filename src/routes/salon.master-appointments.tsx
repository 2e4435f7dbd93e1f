import { createFileRoute } from '@tanstack/react-router';
import { MasterAppointmentsPage } from '../ui/master-appointments/master-appointments-page';
import { searchDate, searchId } from '../ui/search-fields';

/** Master Appointments (part 1 §2, part 2 §2): the chosen master and the date range are the page's state, in the address. */
export const Route = createFileRoute('/salon/master-appointments')({
  validateSearch: (search): { master?: string; from?: string; to?: string } => ({
    master: searchId(search.master),
    from: searchDate(search.from),
    to: searchDate(search.to),
  }),
  component: MasterAppointmentsPage,
});
