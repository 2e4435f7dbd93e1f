import { useRegisterSW } from 'virtual:pwa-register/react';
import { useT } from '../i18n';
import { Button } from './button';

/** "New version available": the waiting service worker takes over only when the user says so. */
export function PwaPrompt() {
  const t = useT();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      // Look for a new version every hour while the app stays open.
      if (registration) setInterval(() => void registration.update().catch(() => undefined), 60 * 60 * 1000);
    },
  });
  if (!needRefresh) return null;
  return (
    <div className="toast" role="status" data-testid="pwa-update">
      <span>{t('pwa.updateAvailable')}</span>
      <Button variant="primary" onPress={() => void updateServiceWorker(true)}>
        {t('pwa.reload')}
      </Button>
      <Button variant="ghost" onPress={() => setNeedRefresh(false)}>
        {t('pwa.later')}
      </Button>
    </div>
  );
}
