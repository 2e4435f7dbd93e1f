import { salonServices } from '../../db/queries/services';
import type { ServiceRow } from '../../domain/entities';
import { useSalonRows } from '../sync/use-salon-rows';

export { useServiceGroups } from '../salon/use-salon-setup';

/** The salon's services from the mirror: offline as online. */
export function useServices(): ServiceRow[] | undefined {
  return useSalonRows(salonServices);
}
