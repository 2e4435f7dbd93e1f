import { createFileRoute } from '@tanstack/react-router';
import { SchedulePage } from '../ui/schedule/schedule-page';
import { searchDate } from '../ui/search-fields';

/** Schedule Settings (part 2 §2). The shown date is the page's state, in the address. */
export const Route = createFileRoute('/salon/settings/schedule')({
  validateSearch: (search): { date: string } => ({ date: searchDate(search.date) ?? '' }),
  component: SchedulePage,
});
