import { and, asc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { nameIn } from '../../../src/domain/rules/names';
import { salonDate, salonWallTime } from '../../../src/domain/rules/time';
import { warehouseReport, type WarehouseSale } from '../../../src/domain/rules/warehouse';
import { addDays } from '../../../src/domain/rules/time';
import type { SupplierReportQuery, supplierProductsQuerySchema } from '../../../src/domain/schemas/warehouse';
import type { Db } from '../../db/client';
import { administrators, cabinets, invoiceItems, invoices, manufacturers, masters, products, salons, users } from '../../db/schema';
import { decodeCursor, encodeCursor } from '../../db/keyset';
import { containsText } from '../../db/text-search';
import { inScope, type SupplierScope } from './scope';

/**
 * The supplier's Warehouse (part 2 §2 "Supplier screens", §3 Supplier report, §7; issue 19, decision 045): the
 * sales and stock of the products whose manufacturer the supplier is connected to in that salon, nothing else.
 */

/** Names of the sellers of some lines: masters, administrators (by row or by account) and cabinets. */
async function sellerNames(db: Db, items: { sellerType: string | null; sellerId: string | null }[], lang: string) {
  const idsOf = (type: string) => [...new Set(items.filter((i) => i.sellerType === type && i.sellerId).map((i) => i.sellerId as string))];
  const names = new Map<string, string>();
  const full = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();
  const masterIds = idsOf('MASTER');
  if (masterIds.length)
    for (const m of await db.select().from(masters).where(inArray(masters.id, masterIds))) names.set(`MASTER:${m.id}`, full(m));
  const adminIds = idsOf('ADMINISTRATOR');
  if (adminIds.length) {
    const rows = await db
      .select({ id: administrators.id, userId: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .leftJoin(administrators, eq(administrators.userId, users.id))
      .where(or(inArray(users.id, adminIds), inArray(administrators.id, adminIds)));
    for (const r of rows) {
      names.set(`ADMINISTRATOR:${r.userId}`, full(r));
      if (r.id) names.set(`ADMINISTRATOR:${r.id}`, full(r));
    }
  }
  const cabinetIds = idsOf('CABINET');
  if (cabinetIds.length)
    for (const c of await db.select().from(cabinets).where(inArray(cabinets.id, cabinetIds)))
      names.set(`CABINET:${c.id}`, nameIn(c.nameVariants, lang));
  return names;
}

/**
 * Supplier getReport: the paid product lines of the range, dated by when they were paid in the salon's own zone.
 * The master filter keeps lines sold by those masters.
 */
export async function supplierReport(db: Db, scope: SupplierScope, query: SupplierReportQuery) {
  const where = inScope(scope, products.salonId, products.manufacturerId, {
    salons: query.salonFilter,
    manufacturers: query.manufacturerFilter,
  });
  if (!where) return warehouseReport([]);
  // Every zone's day of the range lies within a day either side of it in UTC.
  const since = new Date(`${addDays(query.fromDate, -1)}T00:00:00Z`);
  const until = new Date(`${addDays(query.toDate, 2)}T00:00:00Z`);
  const rows = await db
    .select({ item: invoiceItems, paidAt: invoices.paidAt, product: products, salon: salons, manufacturer: manufacturers.name })
    .from(invoiceItems)
    .innerJoin(invoices, eq(invoices.id, invoiceItems.invoiceId))
    .innerJoin(products, and(eq(products.id, invoiceItems.entityId), eq(products.salonId, invoiceItems.salonId)))
    .innerJoin(salons, eq(salons.id, products.salonId))
    .leftJoin(manufacturers, eq(manufacturers.id, products.manufacturerId))
    .where(
      and(
        eq(invoiceItems.type, 'PRODUCT'),
        isNull(invoiceItems.deletedAt),
        isNull(invoices.deletedAt),
        eq(invoices.paid, true),
        gte(invoices.paidAt, since),
        lt(invoices.paidAt, until),
        query.masterFilter.length
          ? and(eq(invoiceItems.sellerType, 'MASTER'), inArray(invoiceItems.sellerId, query.masterFilter))
          : undefined,
        where,
      ),
    );
  const names = await sellerNames(
    db,
    rows.map((r) => r.item),
    query.lang,
  );
  const sales: WarehouseSale[] = [];
  for (const { item, paidAt, product, salon, manufacturer } of rows) {
    if (!paidAt) continue;
    const date = salonDate(paidAt, salon.timeZone);
    if (date < query.fromDate || date > query.toDate) continue;
    sales.push({
      id: item.id,
      date,
      boughtAt: salonWallTime(paidAt, salon.timeZone),
      salon: salon.id,
      salonName: salon.name,
      salonAddress: salon.address,
      seller: names.get(`${item.sellerType}:${item.sellerId}`) ?? '',
      product: product.name,
      productCode: product.code,
      manufacturer: manufacturer ?? '',
      quantity: item.quantity,
      price: item.price,
      paymentType: item.paymentType,
    });
  }
  return warehouseReport(sales);
}

/** Supplier getSalons: the connected salons with their live masters and administrators and the connected manufacturers. */
export async function supplierSalons(db: Db, scope: SupplierScope) {
  if (scope.salonIds.length === 0) return [];
  const salonRows = await db
    .select()
    .from(salons)
    .where(and(inArray(salons.id, scope.salonIds), isNull(salons.deletedAt)))
    .orderBy(asc(salons.name));
  const masterRows = await db
    .select()
    .from(masters)
    .where(and(inArray(masters.salonId, scope.salonIds), isNull(masters.deletedAt)))
    .orderBy(asc(masters.firstName), asc(masters.lastName));
  const adminRows = await db
    .select({ id: administrators.id, salonId: administrators.salonId, firstName: users.firstName, lastName: users.lastName })
    .from(administrators)
    .innerJoin(users, eq(users.id, administrators.userId))
    .where(and(inArray(administrators.salonId, scope.salonIds), isNull(administrators.deletedAt)));
  const manufacturerRows = await db
    .select()
    .from(manufacturers)
    .where(
      inArray(
        manufacturers.id,
        scope.pairs.map((p) => p.manufacturerId),
      ),
    )
    .orderBy(asc(manufacturers.name));
  return salonRows.map((s) => ({
    id: s.id,
    name: s.name,
    address: s.address,
    masters: masterRows.filter((m) => m.salonId === s.id).map((m) => ({ id: m.id, firstName: m.firstName, lastName: m.lastName })),
    administrators: adminRows.filter((a) => a.salonId === s.id).map(({ id, firstName, lastName }) => ({ id, firstName, lastName })),
    manufacturers: manufacturerRows
      .filter((m) => scope.pairs.some((p) => p.salonId === s.id && p.manufacturerId === m.id))
      .map((m) => ({ id: m.id, name: m.name })),
  }));
}

type ProductsQuery = v.InferOutput<typeof supplierProductsQuerySchema>;

/** Supplier getProducts: the live products of the connected pairs in name order, keyset pages of 20. */
export async function supplierProducts(db: Db, scope: SupplierScope, query: ProductsQuery) {
  const where = inScope(scope, products.salonId, products.manufacturerId, { salons: query.salonFilter, manufacturers: [] });
  if (!where) return { edges: [], pageInfo: { endCursor: null, hasNextPage: false } };
  const key = sql<string>`lower(${products.name})`;
  const after = query.after ? decodeCursor(query.after) : null;
  const rows = await db
    .select({ product: products, salon: salons, manufacturer: manufacturers, key })
    .from(products)
    .innerJoin(salons, eq(salons.id, products.salonId))
    .leftJoin(manufacturers, eq(manufacturers.id, products.manufacturerId))
    .where(
      and(
        where,
        isNull(products.deletedAt),
        query.search
          ? or(
              containsText(products.name, query.search),
              containsText(products.code, query.search),
              containsText(manufacturers.name, query.search),
            )
          : undefined,
        after ? or(sql`${key} > ${after[0]}`, and(sql`${key} = ${after[0]}`, sql`${products.id} > ${after[1]}`)) : undefined,
      ),
    )
    .orderBy(key, asc(products.id))
    .limit(query.first + 1);
  const edges = rows.slice(0, query.first).map(({ product: p, salon, manufacturer, key: k }) => ({
    cursor: encodeCursor(k, p.id),
    node: {
      id: p.id,
      name: p.name,
      code: p.code,
      quantity: p.quantity,
      price: p.price,
      supplierPrice: p.supplierPrice,
      type: p.type,
      manufacturer: { id: manufacturer?.id ?? '', name: manufacturer?.name ?? '' },
      salon: { id: salon.id, name: salon.name, address: salon.address },
    },
  }));
  return { edges, pageInfo: { endCursor: edges.at(-1)?.cursor ?? null, hasNextPage: rows.length > query.first } };
}
