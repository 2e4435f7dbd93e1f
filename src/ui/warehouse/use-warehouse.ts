import { useInfiniteQuery } from '@tanstack/react-query';
import { Docs, request } from '../../api';
import { SUPPLIER_PRODUCTS_PAGE } from '../../domain/schemas/warehouse';
import { queryClient } from '../query-client';
import { useServerQuery } from '../use-server-query';
import { keepRowsWhileSearching } from '../use-load-more';

export type SupplierSalon = Docs.GetSupplierSalonsQuery['getSupplierSalons'][number];
export type WarehouseReport = Docs.GetSupplierReportQuery['getSupplierReport'];

/** The supplier's connected salons with their people and manufacturers: the filters' options. */
export function useSupplierSalons(online: boolean) {
  return useServerQuery({ queryKey: ['warehouse', 'salons'], queryFn: () => request(Docs.GetSupplierSalonsDocument, {}), enabled: online });
}

export interface ReportFilters {
  from: string;
  to: string;
  salons: string[];
  manufacturers: string[];
  masters: string[];
}

/** Supplier getReport for the filters (online; the last answers stay in the persisted cache). */
export function useWarehouseReport(filters: ReportFilters, lang: string, online: boolean) {
  return useServerQuery({
    queryKey: ['warehouse', 'report', filters, lang],
    queryFn: () =>
      request(Docs.GetSupplierReportDocument, {
        fromDate: filters.from,
        toDate: filters.to,
        salonFilter: filters.salons,
        manufacturerFilter: filters.manufacturers,
        masterFilter: filters.masters,
        lang,
      }),
    enabled: online,
  });
}

/** Supplier getProducts as an infinite query: pages of 20, one per salons filter and search. */
export function useSupplierProducts(salons: string[], search: string, online: boolean) {
  return useInfiniteQuery(
    {
      queryKey: ['warehouse', 'products', salons, search],
      queryFn: ({ pageParam }) =>
        request(Docs.GetSupplierProductsDocument, { first: SUPPLIER_PRODUCTS_PAGE, after: pageParam, salonFilter: salons, search }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => (last.getSupplierProducts.pageInfo.hasNextPage ? last.getSupplierProducts.pageInfo.endCursor : undefined),
      enabled: online,
      placeholderData: keepRowsWhileSearching(online),
    },
    queryClient,
  );
}
