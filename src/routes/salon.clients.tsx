import { createFileRoute } from '@tanstack/react-router';
import { ClientsPage } from '../ui/clients/clients-page';
import { searchText } from '../ui/search-fields';

/** Clients page (part 1 §2). The search text is the page's kept state (part 1 §1), in the address. */
export const Route = createFileRoute('/salon/clients')({
  validateSearch: (search): { q: string } => ({ q: searchText(search.q, 200) ?? '' }),
  component: ClientsPage,
});
