import { dayTimeText } from '../domain/rules/time';
import { useT } from '../i18n';
import { FormMessage } from './form-message';

/**
 * On an online-only screen (TanStack Query, persisted): offline with an earlier answer, says it is that answer and
 * when it was read ('Offline: showing what was read on 25.11.2026 18:02'); offline with none, that the screen
 * needs a connection. Online it shows nothing.
 */
export function OfflineNote({ online, updatedAt }: { online: boolean; updatedAt: number }) {
  const t = useT();
  if (online) return null;
  return (
    <FormMessage kind="info">
      {updatedAt > 0 ? t('offline.asOf', { time: dayTimeText(new Date(updatedAt)) }) : t('error.offline')}
    </FormMessage>
  );
}
