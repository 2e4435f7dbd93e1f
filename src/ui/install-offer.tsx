import { useState, useSyncExternalStore } from 'react';
import { useT } from '../i18n';
import { useSession } from './session/use-session';
import { Button } from './button';
import { installPrompt } from './install-event';

const DISMISSED = 'installOffer.dismissed';

const standalone = () =>
  window.matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
const touchDevice = () => window.matchMedia('(pointer: coarse)').matches;
/** Safari on an iPhone or iPad has no install prompt: the offer says how to add the app to the home screen. */
const appleMobile = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);

/**
 * The offer to install the app on a touch device (issue 63): after sign-in (a master's first sign-in on a phone
 * among them), once per device until Install or Not now. Chromium's own prompt where it has one; on Apple's
 * devices the steps to add it to the home screen.
 */
export function InstallOffer() {
  const t = useT();
  const session = useSession();
  const event = useSyncExternalStore(installPrompt.subscribe, installPrompt.get);
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(DISMISSED) !== null);
  if (!session || dismissed || standalone() || !touchDevice()) return null;
  if (!event && !appleMobile()) return null;
  const close = () => {
    localStorage.setItem(DISMISSED, new Date().toISOString());
    setDismissed(true);
  };
  const install = () => {
    const taken = installPrompt.take();
    close();
    void taken?.prompt().catch(() => undefined);
  };
  return (
    <div className="toast" role="status" data-testid="install-offer">
      <span>{t(event ? 'pwa.install.offer' : 'pwa.install.apple')}</span>
      {event ? (
        <Button variant="primary" onPress={install}>
          {t('pwa.install.button')}
        </Button>
      ) : null}
      <Button variant="ghost" onPress={close}>
        {t('pwa.install.notNow')}
      </Button>
    </div>
  );
}
