import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { SchedulePage } from './-components/schedule/schedule-page';

/** Schedule Settings (part 2 §2). The shown date is the page's state, in the address. */
const searchSchema = v.object({ date: v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/)), '') });

export const Route = createFileRoute('/salon/settings/schedule')({
  validateSearch: (search) => {
    const parsed = v.safeParse(searchSchema, { date: typeof search.date === 'string' ? search.date : undefined });
    return parsed.success ? parsed.output : { date: '' };
  },
  component: SchedulePage,
});
