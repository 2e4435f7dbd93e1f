import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { masters, salons, users } from '../../db/schema';

/** All salons with their owner and number of masters (sysadmin's salon list, part 2 §2). */
export async function salonList(db: Db) {
  const masterCounts = db
    .select({ salonId: masters.salonId, n: count().as('n') })
    .from(masters)
    .where(isNull(masters.deletedAt))
    .groupBy(masters.salonId)
    .as('mc');
  const rows = await db
    .select({ salon: salons, owner: users, masterCount: masterCounts.n })
    .from(salons)
    .innerJoin(users, eq(users.id, salons.administratorId))
    .leftJoin(masterCounts, eq(masterCounts.salonId, salons.id))
    .where(and(isNull(salons.deletedAt)))
    .orderBy(asc(salons.name));
  return rows.map(({ salon, owner, masterCount }) => ({
    id: salon.id,
    name: salon.name,
    address: salon.address,
    administrator: { id: owner.id, firstName: owner.firstName, lastName: owner.lastName, phone: owner.phone, email: owner.email },
    masterCount: Number(masterCount ?? 0),
  }));
}
