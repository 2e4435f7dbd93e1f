import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { ClientsPage } from '../ui/clients/clients-page';
import { searchField } from '../ui/search-fields';

/** Clients page (part 1 §2). The search text is the page's kept state (part 1 §1), in the address. */
const q = v.pipe(v.string(), v.maxLength(200));

export const Route = createFileRoute('/salon/clients')({
  validateSearch: (search): { q: string } => ({ q: searchField(q, search.q) ?? '' }),
  component: ClientsPage,
});
