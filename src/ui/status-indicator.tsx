import { useLiveQuery } from 'dexie-react-hooks';
import { unconfirmedCount } from '../db/queries/sync';
import { useIntl, withWholeCatalog, type MessageId } from '../i18n';
import { useLoadedAfterPaint } from './after-paint';
import { useSyncState } from './sync/use-sync-state';
import { useOnline } from './use-online';

type Conflicts = typeof import('./sync/conflicts-menu');
const loadConflicts = () => withWholeCatalog(import('./sync/conflicts-menu'));
const conflictsMenu: { current: Conflicts | null } = { current: null };

/**
 * Sync status in the top bar (DESIGN.md §5.10): online or offline, commands waiting, conflicts, the last
 * sync and the first sync's progress. Counts come from the mirror itself, so every tab shows the same.
 */
export function StatusIndicator() {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const online = useOnline();
  // The conflicts list (a popover) loads after the first paint; the sync engine that fills it does too.
  const conflicts = useLoadedAfterPaint(loadConflicts, conflictsMenu);
  const { db, status } = useSyncState();
  const counts = useLiveQuery(
    async () => {
      if (!db) return null;
      const [pending, lastSyncedAt] = await Promise.all([unconfirmedCount(db), db.getMeta<string>('lastSyncedAt')]);
      return { pending, lastSyncedAt };
    },
    [db],
    null,
  );
  const reachable = online && status?.online !== false;
  // A first sync shows 0% until its first page has landed.
  const progress =
    status?.progress && status.syncing && status.progress.salonRev > 0
      ? Math.min(100, Math.round((status.progress.cursor / status.progress.salonRev) * 100))
      : status?.syncing && status.firstSync
        ? 0
        : null;
  const title = counts?.lastSyncedAt
    ? t('status.lastSynced', { time: intl.formatTime(counts.lastSyncedAt, { hour: '2-digit', minute: '2-digit' }) })
    : undefined;
  return (
    <span className="status-group" data-testid="sync-status">
      <span
        className={`status-pill ${reachable ? 'status-online' : 'status-offline'}`}
        role="status"
        data-testid="connection-status"
        title={title}
      >
        <span className="status-dot" aria-hidden />
        <span className="status-word">{t(reachable ? 'status.online' : 'status.offline')}</span>
      </span>
      {progress !== null && progress < 100 ? (
        <span className="status-pill status-info" title={t('status.firstSync', { percent: progress })}>
          <span className="pill-full">{t('status.firstSync', { percent: progress })}</span>
          <span className="pill-short" aria-hidden>
            ⇣ {progress}%
          </span>
        </span>
      ) : null}
      {counts && counts.pending > 0 ? (
        <span className="status-pill status-pending" data-testid="pending-count" title={t('status.pending', { count: counts.pending })}>
          <span className="pill-full">{t('status.pending', { count: counts.pending })}</span>
          <span className="pill-short" aria-hidden>
            ⇡ {counts.pending}
          </span>
        </span>
      ) : null}
      {conflicts ? <conflicts.ConflictsMenu /> : null}
    </span>
  );
}
