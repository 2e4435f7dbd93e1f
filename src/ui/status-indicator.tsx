import { useT } from '../i18n';
import { useOnline } from './use-online';

/** Online/offline in the top bar; the sync issue adds pending count, last sync and conflicts here. */
export function StatusIndicator() {
  const t = useT();
  const online = useOnline();
  return (
    <span className={`status-pill ${online ? 'status-online' : 'status-offline'}`} role="status" data-testid="connection-status">
      <span className="status-dot" aria-hidden />
      {t(online ? 'status.online' : 'status.offline')}
    </span>
  );
}
