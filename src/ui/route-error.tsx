import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { useT } from '../i18n';
import { useEffect } from 'react';
import { reportError } from './error-reports';
import { isChunkLoadError } from './chunk-load-error';
import { PlainButton } from './plain-button';

/**
 * What a page shows when it fails while rendering (the router's error boundary for every route): the catalog's
 * words instead of the router's English default, a reload, and the way to the start page. Inside the salon's
 * layout the menu stays usable. A page whose code could not be loaded (offline, not yet downloaded) says so.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const t = useT();
  useEffect(() => reportError(error, 'route'), [error]);
  return (
    <section className="centered-page route-error" role="alert" data-testid="route-error">
      <h1>{t(isChunkLoadError(error) ? 'pwa.notDownloaded' : 'error.default')}</h1>
      {import.meta.env.DEV ? <pre className="muted">{String(error)}</pre> : null}
      <PlainButton onPress={() => window.location.reload()}>{t('pwa.reload')}</PlainButton>
      <Link to="/">{t('notFound.back')}</Link>
    </section>
  );
}
