import { Docs, request, signingOutWith } from '../../api';
import { clearLocalData, keptMirrorOf, saveSession, sessionStore, updateSession, type SalonRef, type Session } from '../../db/session';
import { askFirstPage } from '../../sync/early-first-page';
import { clearAreaState } from '../area-state';
import { queryClient } from '../query-client';
import { sessionOf, type AuthLike } from './session-of';

/** Stores a fresh session after login, sign-up, password change or salon switch (part 1 §4). */
export async function signIn(auth: AuthLike, keep: Partial<Session> = {}): Promise<Session> {
  const session = sessionOf(auth, keep);
  // From signed out (Login, sign-up, a new password by mail), a first sync follows, except after a 401 in this page.
  const firstSync = !sessionStore.get() && !keptMirrorOf(session.id);
  // The session (and its token) is current at once; the sync starts after this task.
  const saved = saveSession(session);
  // Its first page is asked for now, before the sync starts (decision 063).
  if (firstSync) askFirstPage(session);
  await saved;
  void refreshViewer();
  return session;
}

/** Refreshes the profile, salon settings and the salon list while online; keeps the last copy offline. */
export async function refreshViewer(): Promise<void> {
  const asked = sessionStore.get();
  if (!asked) return;
  try {
    const [{ viewer }, { getSalons }] = await Promise.all([request(Docs.ViewerDocument, {}), request(Docs.GetSalonsDocument, {})]);
    if (!viewer) return;
    // A sign-in or salon switch since the question answers for itself: this answer is of the session before it (a
    // sysadmin who logs in and opens a salon at once would otherwise be put back to no salon).
    const now = sessionStore.get();
    if (!now || now.token !== asked.token || now.salon !== asked.salon) return;
    const salons: SalonRef[] = getSalons.map((s) => ({ id: s.salon.id, name: s.salon.name, role: s.role, isOwner: s.isOwner }));
    await updateSession({
      role: viewer.role,
      isOwner: viewer.isOwner,
      isMaster: viewer.isMaster,
      salon: viewer.salon?.id ?? null,
      salonName: viewer.salon?.name ?? null,
      salonSettings: (viewer.salon?.settings as Session['salonSettings']) ?? null,
      firstName: viewer.firstName,
      lastName: viewer.lastName,
      email: viewer.email,
      phone: viewer.phone,
      salons,
    });
  } catch {
    // Offline or server down: the stored copy stays; the next refresh tries again.
  }
}

export async function login(username: string, password: string) {
  const { login } = await request(Docs.LoginDocument, { input: { username, password, role: 'ADMIN' } });
  return signIn(login);
}

/** Logout clears the user and every cached database, even offline; the server revokes the token when reachable. */
export async function logout(): Promise<void> {
  const token = sessionStore.get()?.token;
  if (token) signingOutWith(token);
  // The sync stops before the token is revoked; the mirror database is closed before every database of this
  // profile is deleted.
  (await import('../../sync/sync-runtime')).stopSync();
  await request(Docs.LogoutDocument, { input: {} }).catch(() => undefined);
  await clearLocalData();
  clearAreaState();
  queryClient.clear();
}

/**
 * The server takes a command only for the session's salon, so this salon's queued changes are sent before
 * switching; if they cannot be (offline, server down) the switch is refused and nothing is stranded.
 */
export async function switchSalon(salonId: string): Promise<Session> {
  const current = sessionStore.get();
  const { sendPending, UnsentChangesError } = await import('../../sync/send-pending');
  const unsent = await sendPending();
  if (unsent > 0) throw new UnsentChangesError(unsent);
  const { switchSalon } = await request(Docs.SwitchSalonDocument, { input: { salon: salonId } });
  return signIn(switchSalon, {
    salons: current?.salons ?? [],
    email: current?.email ?? null,
    phone: current?.phone ?? null,
    showArchive: false,
  });
}
