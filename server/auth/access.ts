import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Role } from '../../src/domain/roles';
import type { Db } from '../db/client';
import { administrators, masters, salons } from '../db/schema';
import type { UserRow } from './sessions';

export type SalonRow = typeof salons.$inferSelect;

export interface ResolvedAccess {
  role: Role;
  isOwner: boolean;
  salon: SalonRow | null;
}

/**
 * The role of a user in a salon, resolved on the server for every operation (DESIGN.md §7):
 * suppliers have no salon; sysadmins may enter any salon; administrators (owner when the salon's
 * administrator); masters only while the salon lets masters into the panel. Null: no access.
 */
export async function resolveAccess(db: Db, user: UserRow, salonId: string | null): Promise<ResolvedAccess | null> {
  if (user.isSupplier && !user.isSysadmin) return { role: 'SUPPLIER', isOwner: false, salon: null };
  const salon = salonId ? await findSalon(db, salonId) : null;
  if (user.isSysadmin) return { role: 'SYSADMIN', isOwner: salon?.administratorId === user.id, salon };
  if (!salon) return null;
  const admin = await db
    .select({ id: administrators.id })
    .from(administrators)
    .where(and(eq(administrators.salonId, salon.id), eq(administrators.userId, user.id), isNull(administrators.deletedAt)))
    .limit(1);
  if (admin.length > 0) return { role: 'ADMIN', isOwner: salon.administratorId === user.id, salon };
  if (!salon.settings.masterPanelLogin) return null;
  const master = await db
    .select({ id: masters.id })
    .from(masters)
    .where(and(eq(masters.salonId, salon.id), eq(masters.userId, user.id), isNull(masters.deletedAt)))
    .limit(1);
  if (master.length > 0) return { role: 'MASTER', isOwner: false, salon };
  return null;
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
