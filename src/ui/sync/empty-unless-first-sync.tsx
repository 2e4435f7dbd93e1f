import type { ReactNode } from 'react';
import { useT } from '../../i18n';
import { useFirstSync } from './use-sync-state';

/**
 * A screen's empty state, or while the salon's rows are still coming in for the first time, that instead: an
 * empty day or list then says nothing about the salon (its progress is in the top bar's status).
 */
export function EmptyUnlessFirstSync({ children }: { children: ReactNode }) {
  const t = useT();
  return useFirstSync() ? (
    <p className="empty" role="status" data-testid="first-sync-empty">
      {t('status.firstSyncEmpty')}
    </p>
  ) : (
    children
  );
}
