import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { QueryClient } from '@tanstack/react-query';
import { persistQueryClient, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { QueryCacheDb } from '../db/query-cache-db';
import { sessionStore } from '../db/session';

/**
 * Online-only reads (DESIGN.md §3: reports from the server, sysadmin, supplier, payments) with their cache
 * persisted to IndexedDB, so the last answer still shows offline, with the time it was read (OfflineNote).
 * The cache is the signed-in user's: it is busted when another user signs in on the device, and deleted with
 * every other database of the profile at logout (clearLocalData). Kept for 7 days.
 */
const WEEK = 7 * 24 * 60 * 60 * 1000;

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, networkMode: 'offlineFirst', gcTime: WEEK } },
});

const store = new QueryCacheDb();

const persister = createAsyncStoragePersister({
  storage: {
    getItem: async (key: string) => (await store.kv.get(key).catch(() => undefined))?.value ?? null,
    setItem: async (key: string, value: string) => {
      await store.kv.put({ key, value }).catch(() => undefined);
    },
    removeItem: async (key: string) => {
      await store.kv.delete(key).catch(() => undefined);
    },
  },
  throttleTime: 500,
});

/**
 * Persistence follows the signed-in user: none while signed out; when the user changes (sign-in, another user
 * after a 401), the memory cache is emptied and the new user's persisted cache is restored (another user's is
 * busted: the buster is the user id). The library saves on the cache's changes only from the end of the restore
 * on: an answer that came while the stored cache was read (a start of the app signed in, on a screen that asks at
 * once) is saved when the restore ends, or it would be kept only after the next change.
 */
let user: string | null = null;
let stop: (() => void) | null = null;
function follow() {
  const next = sessionStore.get()?.id ?? null;
  if (next === user) return;
  stop?.();
  stop = null;
  if (user !== null) queryClient.clear();
  user = next;
  if (next === null) return;
  const [unsubscribe, restored] = persistQueryClient({ queryClient, persister, maxAge: WEEK, buster: next });
  stop = unsubscribe;
  restored
    .then(() => (stop === unsubscribe ? persistQueryClientSave({ queryClient, persister, buster: next }) : undefined))
    .catch(() => undefined);
}
follow();
sessionStore.subscribe(follow);
