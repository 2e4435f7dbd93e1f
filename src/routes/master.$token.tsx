import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useT } from '../i18n';
import { storeUrlFor } from '../ui/app-links';

/** /master/{token}: the masters' app invitation, sent to the App Store on an iPhone, else to Google Play. */
export const Route = createFileRoute('/master/$token')({ component: MasterApp });

function MasterApp() {
  const t = useT();
  const url = storeUrlFor(navigator.userAgent);
  useEffect(() => {
    window.location.replace(url);
  }, [url]);
  return (
    <main className="centered-page">
      <p role="status">{t('masterApp.redirecting')}</p>
      <a href={url}>{t('masterApp.open')}</a>
    </main>
  );
}
