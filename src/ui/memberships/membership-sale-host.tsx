import { useState } from 'react';
import { nextSerialNumber } from '../../domain/schemas/membership';
import { blankMembershipForm, MembershipFormDialog } from './membership-form-dialog';
import { membershipSale, useMembershipSale } from './membership-sale';
import { useMemberships } from './use-memberships';

/**
 * The New membership form opened from the front desk (the client dialog, the Sale dialog): the serial number
 * is the next free one, the client the one it was opened for. A refusal reopens it on Memberships, as there.
 */
export default function MembershipSaleHost() {
  const sale = useMembershipSale();
  const memberships = useMemberships();
  // The values are made once, when the memberships are first read: a sync meanwhile does not reset the form.
  const [opened] = useState(() => new Date());
  if (!sale || !memberships) return null;
  const values = blankMembershipForm(nextSerialNumber(memberships), opened, sale.clientId);
  return <MembershipFormDialog initialValues={values} onClose={membershipSale.close} />;
}
