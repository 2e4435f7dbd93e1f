import { createRootRoute, Link, Outlet } from '@tanstack/react-router';
import { sessionStore } from '../db/session';
import { catalogLoading, partsToPaint, useT } from '../i18n';
import { LoadFailedNotice } from '../ui/load-failed';
import { InstallOfferAfterPaint, PwaPromptAfterPaint } from '../ui/shell-after-paint';

export const Route = createRootRoute({
  // Every page but the landing and a signed-in start on Appointments renders with the whole catalog
  // (src/i18n/messages/parts.ts).
  beforeLoad: ({ location }) => catalogLoading(partsToPaint(location.pathname, sessionStore.get() !== null)),
  component: Root,
  notFoundComponent: NotFound,
});

function Root() {
  return (
    <>
      <Outlet />
      <LoadFailedNotice />
      <PwaPromptAfterPaint />
      <InstallOfferAfterPaint />
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
