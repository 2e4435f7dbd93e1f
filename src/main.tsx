import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { configureApi } from './api/config';
import { forgetSession, loadSession, sessionStore } from './db/session';
import { I18nProvider, loadInitialCatalog, loadWholeCatalog } from './i18n';
import { router } from './router';
import { armPaintFallback, firstPaint } from './ui/after-paint';
import { captureInstallPrompt } from './ui/install-event';
import { startErrorReports, watchUncaughtErrors } from './ui/error-reports';
import './ui/styles.css';

captureInstallPrompt();
watchUncaughtErrors();

configureApi({
  getToken: () => sessionStore.get()?.token ?? null,
  getRole: () => sessionStore.get()?.role ?? null,
  // The server no longer knows the token (logged out elsewhere, expired): ask to sign in again, keeping
  // the mirror and the unsent commands of this user (DESIGN.md §5.3: a 401 loses nothing).
  onUnauthenticated: () => {
    void import('./sync/sync-runtime')
      .then(({ stopSync }) => stopSync())
      .then(() => forgetSession())
      .then(() => import('./ui/query-client'))
      .then(({ queryClient }) => {
        queryClient.clear();
        return router.navigate({ to: '/', search: { dialog: 'login' } });
      });
  },
});

// The session is read from IndexedDB before the first route runs, so guards see it and the installed app opens
// offline; the language's catalog loads alongside (on the landing page only the part it paints with).
const session = loadSession();
await Promise.all([session, loadInitialCatalog(session.then(() => sessionStore.get() !== null))]);
// The profile and salon list refresh after the first paint; the GraphQL client loads with it.
const refresh = () => void import('./ui/session/actions').then((m) => m.refreshViewer());
/**
 * After the first route has rendered and its frame is painted: what the first paint does not need loads
 * then. Two animation frames were not enough: Chromium sometimes reports the paint later than that.
 */
const afterPaint = (fn: () => void) => {
  const off = router.subscribe('onRendered', () => {
    off();
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        armPaintFallback();
        void firstPaint.then(fn);
      }),
    );
  });
};
afterPaint(refresh);
// Sentry's SDK, when the server names a DSN (issue 60 item 5).
afterPaint(() => void startErrorReports());
// The rest of the landing page's catalog: its dialogs and the pages after it need it.
afterPaint(() => void loadWholeCatalog().catch(() => undefined));
// The sync engine loads after the first paint, and only once someone is signed in; it follows sign-in,
// salon switches and sign-out.
let syncRuntime: Promise<typeof import('./sync/sync-runtime')> | null = null;
const followSession = () => {
  if (!sessionStore.get() && !syncRuntime) return;
  syncRuntime ??= import('./sync/sync-runtime');
  void syncRuntime.then(({ ensureSync }) => ensureSync(sessionStore.get()));
};
afterPaint(followSession);
sessionStore.subscribe(followSession);
window.addEventListener('online', refresh);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <I18nProvider>
      <AriaRouterProvider navigate={(to) => void router.navigate({ to })} useHref={(to) => router.buildLocation({ to }).href}>
        <RouterProvider router={router} />
      </AriaRouterProvider>
    </I18nProvider>
  </StrictMode>,
);
