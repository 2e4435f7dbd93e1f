import { useEffect } from 'react';

/**
 * While a form that signs in is open (Login, sign-up, a new password by mail), the sync's code loads, so a first sync
 * starts as soon as the session is saved (decision 064). Loaded after the press, its modules waited while the
 * server worked on the first page: the pull began up to 0.2 s after that page had arrived.
 * Offline it waits for the sign-in: a failed dynamic import stays failed for the page.
 */
export function useSyncAhead(): void {
  useEffect(() => {
    if (navigator.onLine) void import('../../sync/sync-runtime').catch(() => undefined);
  }, []);
}
