import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { sessionStore } from '../db/session';
import { landingPath } from '../domain/roles';
import { SkipLink } from '../ui/skip-link';
import { TopBar } from '../ui/top-bar';

/** Supplier area (part 2 §2): only suppliers; /supplier opens the seminars. */
export const Route = createFileRoute('/supplier')({
  beforeLoad: ({ location }) => {
    const session = sessionStore.get();
    if (!session) throw redirect({ to: '/' });
    if (session.role !== 'SUPPLIER') throw redirect({ to: landingPath(session.role, Boolean(session.salon)) });
    if (location.pathname.replace(/\/+$/, '') === '/supplier') throw redirect({ to: '/supplier/seminars' });
  },
  component: () => (
    <div className="app-shell">
      <SkipLink />
      <TopBar />
      <main className="app-main" id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  ),
});
