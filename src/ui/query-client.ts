import { QueryClient } from '@tanstack/react-query';

/** Online-only reads (DESIGN.md §3); cleared at logout with the rest of the cached data. */
export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, networkMode: 'offlineFirst' } } });
