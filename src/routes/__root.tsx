import { createRootRoute, Link, Outlet } from '@tanstack/react-router';
import { sessionStore } from '../db/session';
import { paintsWithFirstPart, useT, wholeCatalogLoading } from '../i18n';
import { PwaPromptAfterPaint } from '../ui/pwa-prompt-after-paint';

export const Route = createRootRoute({
  // Every page but the landing renders with the whole catalog (src/i18n/messages/parts.ts).
  beforeLoad: ({ location }) => (paintsWithFirstPart(location.pathname, sessionStore.get() !== null) ? undefined : wholeCatalogLoading()),
  component: Root,
  notFoundComponent: NotFound,
});

function Root() {
  return (
    <>
      <Outlet />
      <PwaPromptAfterPaint />
    </>
  );
}

function NotFound() {
  const t = useT();
  return (
    <main className="centered-page">
      <h1>{t('notFound.title')}</h1>
      <Link to="/">{t('notFound.back')}</Link>
    </main>
  );
}
