import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Role } from '../../src/domain/roles';
import type { Db } from '../db/client';
import { administrators, masters, salons } from '../db/schema';
import type { UserRow } from './sessions';

export type SalonRow = typeof salons.$inferSelect;

/** What of a salon decides access to it: its owner and whether masters may sign in. */
export type SalonAccessFields = Pick<SalonRow, 'administratorId'> & { settings: Pick<SalonRow['settings'], 'masterPanelLogin'> };

export interface ResolvedAccess<S extends SalonAccessFields = SalonRow> {
  role: Role;
  isOwner: boolean;
  salon: S | null;
}

/** What decides a user's access to a salon: the user's flags, the live salon, and whether they work in it. */
export interface AccessFacts<S extends SalonAccessFields = SalonRow> {
  user: Pick<UserRow, 'id' | 'isSupplier' | 'isSysadmin'>;
  salon: S | null;
  isAdministrator: boolean;
  isMaster: boolean;
}

/**
 * The role of a user in a salon (DESIGN.md §7): suppliers have no salon; sysadmins may enter any salon;
 * administrators (owner when the salon's administrator); masters only while the salon lets masters into the
 * panel. Null: no access. One decision for `resolveAccess` and the re-check inside every write (access-change.ts).
 */
export function accessOf<S extends SalonAccessFields>(facts: AccessFacts<S>): ResolvedAccess<S> | null {
  const { user, salon } = facts;
  if (user.isSupplier && !user.isSysadmin) return { role: 'SUPPLIER', isOwner: false, salon: null };
  if (user.isSysadmin) return { role: 'SYSADMIN', isOwner: salon?.administratorId === user.id, salon };
  if (!salon) return null;
  if (facts.isAdministrator) return { role: 'ADMIN', isOwner: salon.administratorId === user.id, salon };
  if (!salon.settings.masterPanelLogin) return null;
  return facts.isMaster ? { role: 'MASTER', isOwner: false, salon } : null;
}

/** The role of a user in a salon, resolved on the server for every operation (`accessOf`, reading only what it needs). */
export async function resolveAccess(db: Db, user: UserRow, salonId: string | null): Promise<ResolvedAccess | null> {
  const none = { isAdministrator: false, isMaster: false };
  if (user.isSupplier && !user.isSysadmin) return accessOf<SalonRow>({ user, salon: null, ...none });
  const salon = salonId ? await findSalon(db, salonId) : null;
  if (user.isSysadmin || !salon) return accessOf({ user, salon, ...none });
  const admin = await db
    .select({ id: administrators.id })
    .from(administrators)
    .where(and(eq(administrators.salonId, salon.id), eq(administrators.userId, user.id), isNull(administrators.deletedAt)))
    .limit(1);
  if (admin.length > 0 || !salon.settings.masterPanelLogin) return accessOf({ user, salon, ...none, isAdministrator: admin.length > 0 });
  const master = await db
    .select({ id: masters.id })
    .from(masters)
    .where(and(eq(masters.salonId, salon.id), eq(masters.userId, user.id), isNull(masters.deletedAt)))
    .limit(1);
  return accessOf({ user, salon, isAdministrator: false, isMaster: master.length > 0 });
}

export async function findSalon(db: Db, salonId: string): Promise<SalonRow | null> {
  const rows = await db
    .select()
    .from(salons)
    .where(and(eq(salons.id, salonId), isNull(salons.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

/** Salons a user works in, administered ones first, oldest first. */
export async function listUserSalons(db: Db, user: UserRow): Promise<Array<ResolvedAccess & { salon: SalonRow }>> {
  const adminOf = await db
    .select({ salon: salons })
    .from(administrators)
    .innerJoin(salons, eq(salons.id, administrators.salonId))
    .where(and(eq(administrators.userId, user.id), isNull(administrators.deletedAt), isNull(salons.deletedAt)))
    .orderBy(asc(salons.createdAt));
  const masterOf = await db
    .select({ salon: salons })
    .from(masters)
    .innerJoin(salons, eq(salons.id, masters.salonId))
    .where(and(eq(masters.userId, user.id), isNull(masters.deletedAt), isNull(salons.deletedAt)))
    .orderBy(asc(salons.createdAt));
  const seen = new Set<string>();
  const out: Array<ResolvedAccess & { salon: SalonRow }> = [];
  const sysRole = (r: Role): Role => (user.isSysadmin ? 'SYSADMIN' : r);
  for (const { salon } of adminOf) {
    if (seen.has(salon.id)) continue;
    seen.add(salon.id);
    out.push({ role: sysRole('ADMIN'), isOwner: salon.administratorId === user.id, salon });
  }
  for (const { salon } of masterOf) {
    if (seen.has(salon.id) || (!salon.settings.masterPanelLogin && !user.isSysadmin)) continue;
    seen.add(salon.id);
    out.push({ role: sysRole('MASTER'), isOwner: false, salon });
  }
  return out;
}
