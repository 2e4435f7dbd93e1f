import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { getProductsSchema, PRODUCTS_PAGE_SIZE } from '../../../src/domain/schemas/product';
import { manufacturers, products } from '../../db/schema';
import { requireSalonViewer, requireViewerOfSalon, type Context } from '../../graphql/context';
import { forbidden, parseInput } from '../../graphql/errors';
import { productView } from './service';
import { isAdministrator } from '../../../src/domain/roles';

/**
 * getProducts (part 2 §7): the salon's live products in name order, filtered by manufacturers and a search over
 * name, code and manufacturer, as a connection of pages of at most 500 (part 2 §9). The panel lists its mirror;
 * this is the spec's call for other clients of the API. Inventory is not a master's screen (part 2 §2, §6).
 * The cursor is the position of the edge in that order.
 */
export async function getProducts(ctx: Context, args: unknown) {
  await requireSalonViewer(ctx);
  const input = parseInput(getProductsSchema, args);
  const viewer = await requireViewerOfSalon(ctx, input.salon);
  if (!isAdministrator(viewer)) throw forbidden('MASTER_CANNOT_SEE_INVENTORY');
  const first = input.first ?? PRODUCTS_PAGE_SIZE;
  const offset = input.after === null ? 0 : Number(input.after) + 1;
  const needle = input.search.toLocaleLowerCase();
  const contains = (column: AnyPgColumn) => sql`position(${needle} in lower(${column})) > 0`;
  const where = and(
    eq(products.salonId, viewer.salon.id),
    isNull(products.deletedAt),
    input.manufacturersFilter?.length ? inArray(products.manufacturerId, input.manufacturersFilter) : undefined,
    needle ? or(contains(products.name), contains(products.code), contains(manufacturers.name)) : undefined,
  );
  const rows = await ctx.app.database.db
    .select({ p: products, m: { id: manufacturers.id, name: manufacturers.name } })
    .from(products)
    .leftJoin(manufacturers, and(eq(manufacturers.id, products.manufacturerId), eq(manufacturers.salonId, products.salonId)))
    .where(where)
    .orderBy(asc(sql`lower(${products.name})`), asc(products.id))
    .limit(first + 1)
    .offset(offset);
  const page = rows.slice(0, first);
  const edges = page.map(({ p, m }, i) => ({
    cursor: String(offset + i),
    node: productView(p, m?.id ? { id: m.id, name: m.name } : null),
  }));
  return { edges, pageInfo: { endCursor: edges.at(-1)?.cursor ?? null, hasNextPage: rows.length > first } };
}
