import { useSession } from '../session/use-session';
import { SalonSeminars } from './salon-seminars';
import { SupplierSeminars } from './supplier-seminars';

/**
 * Seminars (part 2 §2 "Supplier screens"; issue 19): the supplier's own list at /supplier/seminars, and in a salon
 * the upcoming seminars of its suppliers, where masters sign up (decision 046).
 */
export function SeminarsPage() {
  const session = useSession();
  return session?.role === 'SUPPLIER' ? <SupplierSeminars /> : <SalonSeminars />;
}
