import { useInfiniteQuery } from '@tanstack/react-query';
import { Docs, request } from '../../api';
import { SEMINAR_PAGE_SIZE } from '../../domain/schemas/seminar';
import { queryClient } from '../query-client';
import { useServerQuery } from '../use-server-query';
import { keepRowsWhileSearching } from '../use-load-more';

export type Seminar = Docs.SeminarFieldsFragment;
export type SalonSeminar = Docs.GetSalonSeminarsQuery['getSalonSeminars'][number];

/** The supplier's seminars (getSeminars): pages of 20, one query per search; the last pages stay offline. */
export function useSeminarPages(search: string, online: boolean) {
  return useInfiniteQuery(
    {
      queryKey: ['seminars', 'list', search],
      queryFn: ({ pageParam }) => request(Docs.GetSeminarsDocument, { search, first: SEMINAR_PAGE_SIZE, after: pageParam }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => (last.getSeminars.pageInfo.hasNextPage ? last.getSeminars.pageInfo.endCursor : undefined),
      enabled: online,
      placeholderData: keepRowsWhileSearching(online),
    },
    queryClient,
  );
}

/** The upcoming seminars a salon's masters may sign up for. */
export function useSalonSeminars(salon: string | null, online: boolean) {
  return useServerQuery({
    queryKey: ['seminars', 'salon', salon],
    queryFn: () => request(Docs.GetSalonSeminarsDocument, { salon: salon ?? '' }),
    enabled: online && Boolean(salon),
  });
}

export const refreshSeminars = () => queryClient.invalidateQueries({ queryKey: ['seminars'] });
