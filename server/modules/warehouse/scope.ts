import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { salons, supplierConnections, suppliers } from '../../db/schema';

/** The salon-and-manufacturer pairs a supplier is connected to (part 2 §6: a supplier sees only these). */
export interface SupplierScope {
  pairs: { salonId: string; manufacturerId: string }[];
  salonIds: string[];
}

/** The signed-in supplier's live connections to live salons; none when the account has no live supplier row. */
export async function supplierScope(db: Db, userId: string): Promise<SupplierScope> {
  const rows = await db
    .select({ salonId: supplierConnections.salonId, manufacturerId: supplierConnections.manufacturerId })
    .from(supplierConnections)
    .innerJoin(suppliers, eq(suppliers.id, supplierConnections.supplierId))
    .innerJoin(salons, eq(salons.id, supplierConnections.salonId))
    .where(and(eq(suppliers.userId, userId), isNull(suppliers.deletedAt), isNull(salons.deletedAt)))
    .orderBy(supplierConnections.position);
  return { pairs: rows, salonIds: [...new Set(rows.map((r) => r.salonId))] };
}

/**
 * A product's (salon, manufacturer) is one of the scope's pairs, narrowed by the filters (empty: no narrowing).
 * Null when nothing can match, so the caller answers empty without asking the database.
 */
export function inScope(
  scope: SupplierScope,
  salonColumn: AnyPgColumn,
  manufacturerColumn: AnyPgColumn,
  filters: { salons: string[]; manufacturers: string[] },
): SQL | null {
  const pairs = scope.pairs.filter(
    (p) =>
      (filters.salons.length === 0 || filters.salons.includes(p.salonId)) &&
      (filters.manufacturers.length === 0 || filters.manufacturers.includes(p.manufacturerId)),
  );
  if (pairs.length === 0) return null;
  return or(...pairs.map((p) => and(eq(salonColumn, p.salonId), eq(manufacturerColumn, p.manufacturerId)))) as SQL;
}
