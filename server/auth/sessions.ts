import { and, eq, isNull } from 'drizzle-orm';
import { newId } from '../../src/domain/ids';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { newToken } from './tokens';

/** Sliding expiry: a session lives 30 days after its last use. */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
/** last_seen_at is written at most this often, so reads do not write on every request. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

export async function createSession(db: Db, userId: string, salonId: string | null): Promise<string> {
  const { token, hash } = newToken();
  await db.insert(sessions).values({
    id: newId(),
    tokenHash: hash,
    userId,
    salonId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return token;
}

export type SessionRow = typeof sessions.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/** Sliding expiry: a session used more than an hour after its last touch lives another 30 days from now. */
export async function touchSession(db: Db, session: Pick<SessionRow, 'id' | 'lastSeenAt'>): Promise<void> {
  if (Date.now() - session.lastSeenAt.getTime() <= TOUCH_EVERY_MS) return;
  const now = new Date();
  await db
    .update(sessions)
    .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
    .where(eq(sessions.id, session.id));
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function revokeUserSessions(db: Db, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function setSessionSalon(db: Db, sessionId: string, salonId: string | null): Promise<void> {
  await db.update(sessions).set({ salonId }).where(eq(sessions.id, sessionId));
}
