import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearLocalData, forgetSession, keptMirrorOf, loadSession, saveSession, sessionStore, type Session } from './session';

const session: Session = {
  id: 'u1',
  token: 't0k3n',
  role: 'ADMIN',
  isOwner: true,
  isMaster: false,
  salon: 's1',
  salonName: 'Skaistums',
  salonSettings: null,
  firstName: 'Laura',
  lastName: 'Ozola',
  email: 'laura@example.test',
  phone: null,
  salons: [{ id: 's1', name: 'Skaistums', role: 'ADMIN', isOwner: true }],
  showArchive: false,
};

/** The session database as Dexie wrote it before decision 048: installed apps still hold it. */
class DexieWritten extends Dexie {
  session!: Dexie.Table<{ key: 'current'; session: Session }, 'current'>;
  constructor() {
    super('salon-panel-session');
    this.version(1).stores({ session: 'key' });
  }
}

afterEach(async () => {
  await clearLocalData();
});

describe('the session database (decision 048: read through idb, in the schema Dexie made)', () => {
  it('reads the session an installed app saved with Dexie', async () => {
    const old = new DexieWritten();
    await old.session.put({ key: 'current', session });
    old.close();
    expect(await loadSession()).toEqual(session);
    expect(sessionStore.get()).toEqual(session);
  });

  it('keeps a saved session for the next start, and Dexie reads what it wrote', async () => {
    await saveSession(session);
    expect(await loadSession()).toEqual(session);
    const old = new DexieWritten();
    expect((await old.session.get('current'))?.session).toEqual(session);
    old.close();
  });

  it('discards a session without a token or a known role; forgetting and clearing leave none', async () => {
    await saveSession({ ...session, role: 'OWNER' as Session['role'] });
    expect(await loadSession()).toBeNull();
    expect(await loadSession()).toBeNull();
    await saveSession(session);
    await forgetSession();
    expect(await loadSession()).toBeNull();
    await saveSession(session);
    await clearLocalData();
    expect(sessionStore.get()).toBeNull();
    expect(await Dexie.getDatabaseNames()).not.toContain('salon-panel-session');
  });

  it('signs out while another tab holds the session open: that tab lets go, and reads again after', async () => {
    await saveSession(session);
    vi.resetModules();
    const otherTab = await import('./session');
    expect(await otherTab.loadSession()).toEqual(session);
    // With the other tab's connection kept, the deletion waits for ever: the test times out.
    await clearLocalData();
    expect(await Dexie.getDatabaseNames()).not.toContain('salon-panel-session');
    expect(await otherTab.loadSession()).toBeNull();
    await otherTab.clearLocalData();
  });

  it('starts signed out on a fresh profile', async () => {
    expect(await loadSession()).toBeNull();
  });
});

describe('a session forgotten on a 401 (DESIGN.md §5.3)', () => {
  it('remembers whose mirror was kept, also when a second refused request forgets it again (decision 063)', async () => {
    await saveSession(session);
    await forgetSession();
    await forgetSession();
    expect(sessionStore.get()).toBeNull();
    expect(keptMirrorOf('u1')).toBe(true);
    expect(keptMirrorOf('u2')).toBe(false);
    // Signing out deletes the mirror: the next sign-in is a first sync again.
    await clearLocalData();
    expect(keptMirrorOf('u1')).toBe(false);
  });
});
