import { openDialogStore } from '../open-dialog-store';

/**
 * Selling a membership from the front desk (issue 63, decision 071): the client dialog and the Sale dialog open
 * the New membership form here, with the client chosen when there is one; the salon layout draws it.
 */
export type MembershipSaleState = { clientId: string | null };

const store = openDialogStore<MembershipSaleState>();

export const membershipSale = {
  open: (clientId: string | null) => store.open({ clientId }),
  close: store.close,
};

export const useMembershipSale = (): MembershipSaleState | null => store.useOpen();
