import { useLiveQuery } from 'dexie-react-hooks';
import { salonById } from '../../db/queries/setup';
import { salonAdministrators } from '../../db/queries/staff';
import type { SalonSettings } from '../../domain/rules/salon-defaults';
import type { AdministratorRow } from '../../domain/entities';
import { useSession } from '../session/use-session';
import { useProducts } from '../salon/use-products';
import { useSyncDb } from '../sync/use-sync-state';

export interface SaleData {
  /** The salon's administrators, by name: the sellers a sale may name. */
  administrators: AdministratorRow[];
  products: NonNullable<ReturnType<typeof useProducts>>;
  /** The salon's settings as the mirror has them (a change on any device reaches it by pull). */
  settings: SalonSettings | null;
}

/** What the Sale dialog reads, from the mirror (offline as online, pending sales already taken out of the stock). */
export function useSaleData(): SaleData | undefined {
  const db = useSyncDb();
  const session = useSession();
  const salonId = session?.salon ?? null;
  const products = useProducts();
  const rest = useLiveQuery(async () => {
    if (!db || !salonId) return { administrators: [], settings: null };
    const [administrators, salon] = await Promise.all([salonAdministrators(db, salonId), salonById(db, salonId)]);
    administrators.sort((a, b) => `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`));
    return { administrators, settings: salon?.settings ?? session?.salonSettings ?? null };
  }, [db, salonId]);
  return products && rest ? { ...rest, products } : undefined;
}
