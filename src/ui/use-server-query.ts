import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { queryClient } from './query-client';

/**
 * An online-only read (DESIGN.md §3) with the app's query client. There is no QueryClientProvider at the
 * root: react-query loads with the screens that read through it, not with the first paint (DESIGN.md §10).
 */
export function useServerQuery<T, K extends QueryKey = QueryKey>(options: UseQueryOptions<T, Error, T, K>) {
  return useQuery(options, queryClient);
}
