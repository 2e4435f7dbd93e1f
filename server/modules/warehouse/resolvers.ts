import { supplierProductsQuerySchema, supplierReportQuerySchema } from '../../../src/domain/schemas/warehouse';
import { requireViewer, type Context } from '../../graphql/context';
import { forbidden, parseInput } from '../../graphql/errors';
import { supplierScope } from './scope';
import * as service from './service';

/** Only a supplier, and only within his connections (part 2 §6): every other role is refused. */
async function scopeOf(ctx: Context) {
  const viewer = await requireViewer(ctx);
  if (viewer.role !== 'SUPPLIER') throw forbidden('WAREHOUSE_IS_FOR_SUPPLIERS');
  return supplierScope(ctx.app.database.db, viewer.user.id);
}

/** The supplier's Warehouse (part 2 §7 supplier getReport, getSalons, getProducts). */
export const warehouseResolvers = {
  Query: {
    getSupplierReport: async (_: unknown, args: unknown, ctx: Context) => {
      const scope = await scopeOf(ctx);
      return service.supplierReport(ctx.app.database.db, scope, parseInput(supplierReportQuerySchema, args));
    },
    getSupplierSalons: async (_: unknown, __: unknown, ctx: Context) => service.supplierSalons(ctx.app.database.db, await scopeOf(ctx)),
    getSupplierProducts: async (_: unknown, args: unknown, ctx: Context) => {
      const scope = await scopeOf(ctx);
      return service.supplierProducts(ctx.app.database.db, scope, parseInput(supplierProductsQuerySchema, args));
    },
  },
};
