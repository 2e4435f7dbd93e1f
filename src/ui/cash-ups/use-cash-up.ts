import { useLiveQuery } from 'dexie-react-hooks';
import { mirrorReport } from '../../db/queries/reports';
import type { CashUpRow } from '../../domain/entities';
import { cashUpFilter, expectedCash } from '../../domain/rules/cash-up';
import type { Cents } from '../../domain/rules/money';
import { useSession } from '../session/use-session';
import { useSyncDb } from '../sync/use-sync-state';

/**
 * A salon day's cash-up from the mirror (issue 59 item 3): the closed till if any, and the day's cash as the
 * payments say now; undefined while reading. Follows every payment and edit at once, offline too.
 */
export function useCashUp(date: string): { row: CashUpRow | null; expected: Cents } | undefined {
  const db = useSyncDb();
  const salonId = useSession()?.salon ?? null;
  return useLiveQuery(async () => {
    if (!db || !salonId) return undefined;
    const [row, report] = await Promise.all([
      db.mirror('cashUps').where('[salonId+date]').equals([salonId, date]).first(),
      mirrorReport(db, salonId, cashUpFilter(date)),
    ]);
    return { row: row ?? null, expected: expectedCash(report) };
  }, [db, salonId, date]);
}
