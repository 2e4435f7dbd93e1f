import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { ClientsPage } from './-components/clients/clients-page';

/** Clients page (part 1 §2). The search text is the page's kept state (part 1 §1), in the address. */
const searchSchema = v.object({ q: v.optional(v.pipe(v.string(), v.maxLength(200)), '') });

export const Route = createFileRoute('/salon/clients')({
  validateSearch: (search) => v.parse(searchSchema, { q: typeof search.q === 'string' ? search.q : undefined }),
  component: ClientsPage,
});
