import { openDB, type IDBPDatabase } from 'idb';
import type { SalonSettings } from '../domain/rules/salon-defaults';
import { ROLES, type Role } from '../domain/roles';

/**
 * The signed-in session (part 1 §3), kept in IndexedDB so the installed app opens offline (DESIGN.md §5.10).
 * Only this module writes it; screens read it through `useSession`.
 */
export interface SalonRef {
  id: string;
  name: string;
  role: Role;
  isOwner: boolean;
}

export interface Session {
  id: string;
  token: string;
  role: Role;
  isOwner: boolean;
  isMaster: boolean;
  salon: string | null;
  salonName: string | null;
  salonSettings: SalonSettings | null;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  /** Salons for the switcher, as last seen online. */
  salons: SalonRef[];
  /** Settings menu "Show/Hide Archive"; off after every login (part 1 §4). */
  showArchive: boolean;
}

interface Row {
  key: 'current';
  session: Session;
}

const NAME = 'salon-panel-session';
/** Dexie's version 1 of this database, as IndexedDB numbers it (Dexie wrote it before; installed apps still hold it). */
const VERSION = 10;

/**
 * The session's own small database, read before the first paint of every page, the landing included: through idb
 * (a thin promise wrapper over IndexedDB) rather than Dexie, so a page that has no mirror does not load Dexie's 30 KB
 * to learn whether anyone is signed in (issue 23). The schema is the one Dexie made: a `session` store keyed by `key`.
 */
let db: Promise<IDBPDatabase> | null = null;
function database(): Promise<IDBPDatabase> {
  if (db) return db;
  const opening: Promise<IDBPDatabase> = openDB(NAME, VERSION, {
    upgrade(next) {
      if (!next.objectStoreNames.contains('session')) next.createObjectStore('session', { keyPath: 'key' });
    },
    // Another tab signing out deletes this database: this tab lets go at once, as Dexie did, or the deletion (and
    // that tab's sign-out) would wait until this tab closed. The next read opens it again.
    blocking() {
      void opening.then((open) => open.close());
      if (db === opening) db = null;
    },
    terminated() {
      if (db === opening) db = null;
    },
  });
  db = opening;
  // A failed open is tried again by the next read or write.
  opening.catch(() => {
    if (db === opening) db = null;
  });
  return opening;
}

let current: Session | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export const sessionStore = {
  get: () => current,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Reads the stored session at start; one with a token but no valid role is discarded (part 1 §4). */
export async function loadSession(): Promise<Session | null> {
  try {
    const row = (await (await database()).get('session', 'current')) as Row | undefined;
    const session = row?.session ?? null;
    if (session && (!session.token || !(ROLES as readonly string[]).includes(session.role))) {
      await (await database()).delete('session', 'current');
      current = null;
    } else {
      current = session;
    }
  } catch {
    current = null;
  }
  notify();
  return current;
}

export async function saveSession(session: Session): Promise<void> {
  current = session;
  notify();
  await (await database()).put('session', { key: 'current', session } satisfies Row);
}

export async function updateSession(patch: Partial<Session>): Promise<void> {
  if (!current) return;
  await saveSession({ ...current, ...patch });
}

/** The user whose session a 401 forgot in this page, their mirror kept: signing in again is not a first sync. */
let mirrorKeptFor: string | null = null;
export const keptMirrorOf = (userId: string): boolean => mirrorKeptFor === userId;

/**
 * The server no longer knows the token (expired, revoked elsewhere): forget the session only. The user's
 * mirror and outbox stay, so commands made before are sent after the same user signs in again.
 */
export async function forgetSession(): Promise<void> {
  if (current) mirrorKeptFor = current.id;
  current = null;
  notify();
  await database()
    .then((open) => open.delete('session', 'current'))
    .catch(() => undefined);
}

/** Logout: forget the session and every cached database of this browser profile (part 1 §4). */
export async function clearLocalData(): Promise<void> {
  current = null;
  mirrorKeptFor = null;
  notify();
  const open = db;
  db = null;
  await open?.then((d) => d.close()).catch(() => undefined);
  // Signing out is rare and happens on screens that hold Dexie already.
  const { default: Dexie } = await import('dexie');
  const names = await Dexie.getDatabaseNames().catch(() => [] as string[]);
  await Promise.all([...new Set([...names, NAME])].map((name) => Dexie.delete(name).catch(() => undefined)));
}
