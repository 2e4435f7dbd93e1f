import { createRootRoute, Link, Outlet } from '@tanstack/react-router';
import { useT } from '../i18n';
import { PwaPromptAfterPaint } from '../ui/pwa-prompt-after-paint';

export const Route = createRootRoute({
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
