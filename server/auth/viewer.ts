import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { administrators, masters, salons, sessions, users } from '../db/schema';
import { hashToken } from './tokens';
import { accessOf, type ResolvedAccess } from './access';
import { touchSession, type SessionRow, type UserRow } from './sessions';

const works = (table: typeof administrators | typeof masters) =>
  sql<boolean>`exists (select 1 from ${table} where ${table.salonId} = ${sessions.salonId} and ${table.userId} = ${sessions.userId} and ${table.deletedAt} is null)`;

/**
 * The statement behind every signed-in request: the live session of a token with its user, its live salon and
 * whether the user works there, in one round trip. Built once per database (decision 095): drizzle's building of
 * a select of three tables cost more than PostgreSQL's answer.
 */
function viewerStatement(db: Db) {
  return (
    db
      .select({ session: sessions, user: users, salon: salons, isAdministrator: works(administrators), isMaster: works(masters) })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(salons, and(eq(salons.id, sessions.salonId), isNull(salons.deletedAt)))
      .where(
        and(eq(sessions.tokenHash, sql.placeholder('hash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))),
      )
      .limit(1)
      // Unnamed for drizzle: PostgreSQL keeps it by name when the pool names repeated statements (decision 100).
      .prepare('')
  );
}

const statements = new WeakMap<Db, ReturnType<typeof viewerStatement>>();

/** The signed-in user of a request, with their role in the session's salon. */
export interface Viewer extends ResolvedAccess {
  user: UserRow;
  session: SessionRow;
}

/** The signed-in user of a token and their access (`accessOf`), or null; touches the session (sliding expiry). */
export async function findViewer(db: Db, token: string): Promise<Viewer | null> {
  let statement = statements.get(db);
  if (!statement) statements.set(db, (statement = viewerStatement(db)));
  const [found] = await statement.execute({ hash: hashToken(token), now: new Date() });
  if (!found) return null;
  await touchSession(db, found.session);
  const access = accessOf({ user: found.user, salon: found.salon, isAdministrator: found.isAdministrator, isMaster: found.isMaster });
  return access && { ...access, user: found.user, session: found.session };
}
