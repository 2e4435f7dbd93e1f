import { and, eq, isNull, sql } from 'drizzle-orm';
import { rowsOf } from '../db/migrate';
import type { Db, Tx } from '../db/client';
import { administrators, masters, salons, sessions, users } from '../db/schema';
import { accessRefusal, forbidden } from '../graphql/errors';
import type { AccessChange, SalonEvent } from '../pubsub';
import { accessOf, type ResolvedAccess } from './access';
import type { SessionRow } from './sessions';
import type { SalonSettings } from '../../src/domain/rules/salon-defaults';

/**
 * Access that ends must end everywhere at once (DESIGN.md §7): open sockets, pushes and pulls in flight.
 * Whoever ends or changes someone's access (logout, a changed password, removal from a salon, a deleted
 * master, a new role, a switched salon, masters' login turned off) sends an accessChanged event; live streams
 * it may concern check their access again (server/sync/live-access.ts), and commands and pulls check it
 * inside their own transaction.
 */
export const accessChanged = (change: AccessChange): SalonEvent => ({
  topic: 'accessChanged',
  salon: change.salon ?? '*',
  payload: change,
});

/** Who a live stream or a request was allowed as. */
export interface Allowed {
  session: Pick<SessionRow, 'id' | 'userId'>;
  role: ResolvedAccess['role'];
  isOwner: boolean;
  salon: { id: string } | null;
}

/** Whether a change may concern this session's access (a false positive only costs a check). */
export function concerns(change: AccessChange, who: Allowed): boolean {
  const salonId = who.salon?.id ?? null;
  const inSalon = !change.salon || change.salon === salonId;
  if (change.sessions?.includes(who.session.id)) return true;
  if (change.users?.includes(who.session.userId)) return inSalon;
  return !change.sessions && !change.users && inSalon;
}

/**
 * 'same': the session is live and has the same role in the same salon; 'ended': signed out, expired, revoked, or
 * no access left; 'changed': another role, owner or salon (the caller starts over with what it has now).
 * `lock` (inside a writing transaction) holds the session row until commit, so a sign-out racing the write
 * either waits for it or is seen by it.
 */
export type AccessVerdict = 'same' | 'ended' | 'changed';

export async function checkAccessAgain(db: Db | Tx, allowed: Allowed, options: { lock?: boolean } = {}): Promise<AccessVerdict> {
  return (await accessAgain(db, allowed, options)).verdict;
}

/** `checkAccessAgain`, with the session's salon's rev and settings when asked for (`salon`), in the same statement. */
async function accessAgain(
  db: Db | Tx,
  allowed: Allowed,
  options: { lock?: boolean; salon?: boolean },
): Promise<{ verdict: AccessVerdict; found: SessionAccessRow | undefined }> {
  // One statement for the session, its user, its live salon and whether the user works there (a write runs it
  // under the salon's lock, so it is one round trip of every command). Written as SQL, reading only what
  // `accessOf` needs: drizzle's building of the three tables' selection cost more than the answer (decision 095).
  const [found] = rowsOf<SessionAccessRow>(
    await db.execute(sql`select s.salon_id, u.id as user_id, u.is_supplier, u.is_sysadmin,
        sa.administrator_id, coalesce((sa.settings ->> 'masterPanelLogin')::boolean, false) as master_panel_login,
        exists (select 1 from ${administrators} a where a.salon_id = s.salon_id and a.user_id = s.user_id and a.deleted_at is null)
          as is_administrator,
        exists (select 1 from ${masters} m where m.salon_id = s.salon_id and m.user_id = s.user_id and m.deleted_at is null) as is_master
        ${options.salon ? sql`, sa.rev as salon_rev, sa.settings as salon_settings` : sql``}
      from ${sessions} s join ${users} u on u.id = s.user_id
        left join ${salons} sa on sa.id = s.salon_id and sa.deleted_at is null
      where s.id = ${allowed.session.id} and s.revoked_at is null and s.expires_at > ${new Date().toISOString()}
      ${options.lock ? sql`for share of s` : sql``}`),
  );
  if (!found) return { verdict: 'ended', found };
  if (found.salon_id !== (allowed.salon?.id ?? null)) return { verdict: 'changed', found };
  const access = accessOf({
    user: { id: found.user_id, isSupplier: found.is_supplier, isSysadmin: found.is_sysadmin },
    salon:
      found.administrator_id === null
        ? null
        : { administratorId: found.administrator_id, settings: { masterPanelLogin: found.master_panel_login } },
    isAdministrator: found.is_administrator,
    isMaster: found.is_master,
  });
  if (!access) return { verdict: 'ended', found };
  return { verdict: access.role === allowed.role && access.isOwner === allowed.isOwner ? 'same' : 'changed', found };
}

interface SessionAccessRow {
  salon_id: string | null;
  user_id: string;
  is_supplier: boolean;
  is_sysadmin: boolean;
  /** Null when the session's salon is none, or deleted. */
  administrator_id: string | null;
  master_panel_login: boolean;
  is_administrator: boolean;
  is_master: boolean;
  /** With `salon`: the live salon's rev (a string from node-postgres) and settings. */
  salon_rev?: number | string | null;
  salon_settings?: SalonSettings | null;
}

/** Inside a request's transaction: goes on only while access is the same, else the refusal of decision 031. */
export async function confirmAccess(db: Db | Tx, allowed: Allowed, options: { lock?: boolean } = {}): Promise<void> {
  const verdict = await checkAccessAgain(db, allowed, options);
  if (verdict !== 'same') throw accessRefusal(verdict);
}

/**
 * `confirmAccess` for a read in one snapshot (a pull): the session's live salon's rev and settings come from the
 * same statement.
 */
export async function confirmAccessReadingSalon(db: Db | Tx, allowed: Allowed): Promise<{ rev: number; settings: SalonSettings }> {
  const { verdict, found } = await accessAgain(db, allowed, { salon: true });
  if (verdict !== 'same') throw accessRefusal(verdict);
  // A sysadmin keeps his access to a salon deleted since the request began: it has no rows to send him.
  if (found?.salon_rev == null || !found.salon_settings) throw forbidden('NOT_THE_SESSION_SALON');
  return { rev: Number(found.salon_rev), settings: found.salon_settings };
}

/** When the session ends by itself, unless it is used (sliding expiry) or ended before. */
export async function sessionExpiry(db: Db, sessionId: string): Promise<Date | null> {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  return row?.expiresAt ?? null;
}
