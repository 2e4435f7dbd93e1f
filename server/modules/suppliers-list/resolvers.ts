import {
  createSupplierSchema,
  deleteSupplierSchema,
  getSuppliersSchema,
  supplierConnectionsSchema,
  updateSupplierSchema,
} from '../../../src/domain/schemas/supplier';
import { requireSysadmin, type Context } from '../../graphql/context';
import { parseInput } from '../../graphql/errors';
import * as service from './service';

const REASON = 'SUPPLIERS_ARE_FOR_SYSADMINS';
type Args = { input: unknown };

/** Suppliers and their connections (part 2 §7): the sysadmin only, every other role refused (part 2 §6). */
export const supplierResolvers = {
  Query: {
    getSuppliers: async (_: unknown, args: unknown, ctx: Context) => {
      await requireSysadmin(ctx, REASON);
      return service.listSuppliers(ctx.app.database.db, parseInput(getSuppliersSchema, args));
    },
    getManufacturerList: async (_: unknown, __: unknown, ctx: Context) => {
      await requireSysadmin(ctx, REASON);
      return service.manufacturerList(ctx.app.database.db);
    },
  },
  Mutation: {
    createSupplier: async (_: unknown, args: unknown, ctx: Context) => {
      await requireSysadmin(ctx, REASON);
      return service.createSupplier(ctx.app.database.db, parseInput(createSupplierSchema, (args as Args).input));
    },
    updateSupplier: async (_: unknown, args: unknown, ctx: Context) => {
      await requireSysadmin(ctx, REASON);
      return service.updateSupplier(ctx.app.database.db, parseInput(updateSupplierSchema, (args as Args).input));
    },
    deleteSupplier: async (_: unknown, args: unknown, ctx: Context) => {
      await requireSysadmin(ctx, REASON);
      return service.deleteSupplier(ctx.app.database.db, parseInput(deleteSupplierSchema, (args as Args).input).supplierId);
    },
    createSupplierSalonConnection: async (_: unknown, args: unknown, ctx: Context) => {
      await requireSysadmin(ctx, REASON);
      return service.replaceConnections(ctx.app.database.db, parseInput(supplierConnectionsSchema, (args as Args).input));
    },
  },
};
