import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { configureApi } from './api/config';
import { forgetSession, loadSession, sessionStore } from './db/session';
import { I18nProvider } from './i18n';
import { router } from './router';
import { queryClient } from './ui/query-client';
import './ui/styles.css';


configureApi({
  getToken: () => sessionStore.get()?.token ?? null,
  getRole: () => sessionStore.get()?.role ?? null,
  // The server no longer knows the token (logged out elsewhere, expired): ask to sign in again, keeping
  // the mirror and the unsent commands of this user (DESIGN.md §5.3: a 401 loses nothing).
  onUnauthenticated: () => {
    void import('./ui/sync/sync-runtime')
      .then(({ stopSync }) => stopSync())
      .then(() => forgetSession())
      .then(() => {
        queryClient.clear();
        return router.navigate({ to: '/', search: { dialog: 'login' } });
      });
  },
});

// The session is read from IndexedDB before the first route runs, so guards see it and the installed app opens offline.
await loadSession();
// The profile and salon list refresh after the first paint; the GraphQL client loads with it.
const refresh = () => void import('./ui/auth/actions').then((m) => m.refreshViewer());
setTimeout(refresh, 0);
// The sync engine starts after the first paint too, and follows sign-in, salon switches and sign-out.
setTimeout(() => {
  void import('./ui/sync/sync-runtime').then(({ ensureSync }) => {
    ensureSync(sessionStore.get());
    sessionStore.subscribe(() => ensureSync(sessionStore.get()));
  });
}, 0);
window.addEventListener('online', refresh);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <I18nProvider>
      <QueryClientProvider client={queryClient}>
        <AriaRouterProvider navigate={(to) => void router.navigate({ to })} useHref={(to) => router.buildLocation({ to }).href}>
          <RouterProvider router={router} />
        </AriaRouterProvider>
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>,
);
