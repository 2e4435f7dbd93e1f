import { useRegisterSW } from 'virtual:pwa-register/react';
import { useT } from '../i18n';
import { Button } from './button';

let reloading = false;
/** The page loads again once, on whichever of the two signals below comes first. */
const reloadOnce = () => {
  if (reloading) return;
  reloading = true;
  window.location.reload();
};

/**
 * Reload: the waiting worker takes over, and the page loads again under it. workbox-window reloads only a tab
 * that had a worker when it registered; the tab that installed the first one (taken by it, decision 051) is
 * reloaded when its controller changes.
 */
function switchToWaiting(update: (reloadPage?: boolean) => Promise<void>) {
  navigator.serviceWorker?.addEventListener('controllerchange', reloadOnce, { once: true });
  void update(true);
}

/**
 * A tab loaded past the worker (a hard reload), or whose navigation started while the first worker was installing,
 * has none (decision 056): once a worker is active and this tab still has none, ask it to take the tab
 * (public/sw-claim.js).
 */
function claimIfUncontrolled(registration: ServiceWorkerRegistration) {
  const ask = () => {
    if (!navigator.serviceWorker.controller) registration.active?.postMessage({ type: 'CLAIM_CLIENTS' });
  };
  if (registration.active) ask();
  else void navigator.serviceWorker.ready.then(ask);
}

/** "New version available": the waiting service worker takes over only when the user says so. */
export function PwaPrompt() {
  const t = useT();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onNeedReload: reloadOnce,
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      claimIfUncontrolled(registration);
      // Look for a new version every hour while the app stays open.
      setInterval(() => void registration.update().catch(() => undefined), 60 * 60 * 1000);
    },
  });
  if (!needRefresh) return null;
  return (
    <div className="toast" role="status" data-testid="pwa-update">
      <span>{t('pwa.updateAvailable')}</span>
      <Button variant="primary" onPress={() => switchToWaiting(updateServiceWorker)}>
        {t('pwa.reload')}
      </Button>
      <Button variant="ghost" onPress={() => setNeedRefresh(false)}>
        {t('pwa.later')}
      </Button>
    </div>
  );
}
