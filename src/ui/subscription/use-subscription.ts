import { useInfiniteQuery } from '@tanstack/react-query';
import { Docs, request } from '../../api';
import { INVOICE_PAGE_SIZE, type SubscriptionFormValues } from '../../domain/schemas/subscription';
import { queryClient } from '../query-client';
import { useServerQuery } from '../use-server-query';

/** Every query of the subscription starts with it: a new subscription refreshes them all. */
const ROOT = 'subscription';

/**
 * The salon's subscription as the server knows it now (the banner, Owner Settings). Online only; the answer read
 * last stays in the persisted cache, so offline the banner keeps showing what it showed.
 */
export function useSalonSubscription(salonId: string | null, online: boolean) {
  const query = useServerQuery({
    queryKey: [ROOT, 'state', salonId],
    queryFn: () => request(Docs.SalonSubscriptionDocument, {}),
    enabled: online && Boolean(salonId),
  });
  const salon = query.data?.viewer?.salon;
  return { query, subscription: salon && salon.id === salonId ? salon.subscription : null };
}

/** Whether this server takes card payments, and the key Stripe.js needs. */
export function usePaymentSettings(online: boolean) {
  return useServerQuery({
    queryKey: [ROOT, 'payments'],
    queryFn: () => request(Docs.PaymentSettingsDocument, {}),
    enabled: online,
  });
}

/** Billing (issue 59 item 1): the plan, its state, the next charge and the card, as Stripe has them now. */
export function useBilling(salonId: string, online: boolean) {
  return useServerQuery({
    queryKey: [ROOT, 'billing', salonId],
    queryFn: () => request(Docs.BillingDocument, { salon: salonId }),
    enabled: online && Boolean(salonId),
  });
}

/** The company on the invoices (Billing's) as the subscription form's values, so a new card keeps it. */
export const companyFormValues = (company: { name: string; reg: string; address: string } | null): SubscriptionFormValues => ({
  needInvoice: company !== null,
  companyName: company?.name ?? '',
  companyReg: company?.reg ?? '',
  companyAddress: company?.address ?? '',
});

/** getInvoices as an infinite query (part 2 §9: pages of 20): further pages are appended as they load. */
export function useInvoicePages(salonId: string, online: boolean) {
  return useInfiniteQuery(
    {
      queryKey: [ROOT, 'invoices', salonId],
      queryFn: ({ pageParam }) => request(Docs.GetInvoicesDocument, { salon: salonId, first: INVOICE_PAGE_SIZE, after: pageParam }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => (last.getInvoices.pageInfo.hasNextPage ? last.getInvoices.pageInfo.endCursor : undefined),
      enabled: online,
    },
    queryClient,
  );
}

/** After subscribing: the banner, Owner Settings and the invoices read again (part 2 §4 "refetches active queries"). */
export const refreshSubscription = () => queryClient.invalidateQueries({ queryKey: [ROOT] });
