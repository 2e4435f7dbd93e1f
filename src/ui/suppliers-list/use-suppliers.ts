import { useInfiniteQuery } from '@tanstack/react-query';
import { Docs, request } from '../../api';
import { SUPPLIER_PAGE_SIZE } from '../../domain/schemas/supplier';
import { queryClient } from '../query-client';
import { useServerQuery } from '../use-server-query';
import { keepRowsWhileSearching } from '../use-load-more';

export type Supplier = Docs.SupplierFieldsFragment;
export type ManufacturerEntry = Docs.GetManufacturerListQuery['getManufacturerList'][number];

/** Every query of this screen starts with it: a save or delete refreshes them all. */
const ROOT = 'suppliers';

/**
 * getSuppliers as an infinite query (part 2 §9: pages of 20, cursor paging on the server), one per search.
 * Online only (DESIGN.md §5); the pages read last stay in the persisted cache, so the list shows offline.
 */
export function useSupplierPages(search: string, online: boolean) {
  return useInfiniteQuery(
    {
      queryKey: [ROOT, 'list', search],
      queryFn: ({ pageParam }) => request(Docs.GetSuppliersDocument, { search, first: SUPPLIER_PAGE_SIZE, after: pageParam }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => (last.getSuppliers.pageInfo.hasNextPage ? last.getSuppliers.pageInfo.endCursor : undefined),
      enabled: online,
      placeholderData: keepRowsWhileSearching(online),
    },
    queryClient,
  );
}

/** The salons and every salon's manufacturers, for the Connections tab. */
export function useConnectionChoices(online: boolean) {
  const salons = useServerQuery({ queryKey: [ROOT, 'salons'], queryFn: () => request(Docs.GetSalonListDocument, {}), enabled: online });
  const manufacturers = useServerQuery({
    queryKey: [ROOT, 'manufacturers'],
    queryFn: () => request(Docs.GetManufacturerListDocument, {}),
    enabled: online,
  });
  return { salons: salons.data?.getSalonList, manufacturers: manufacturers.data?.getManufacturerList };
}

/** After a write: the list is read again from its first page. */
export const refreshSuppliers = () => queryClient.invalidateQueries({ queryKey: [ROOT, 'list'] });
