import { addProductSchema, deleteProductSchema, updateProductSchema } from '../../../src/domain/schemas/product';
import { requireSalonViewer, type Context } from '../../graphql/context';
import { parseInput } from '../../graphql/errors';
import { commandOf, runCommand } from '../../sync/command';
import { getProducts } from './queries';
import * as service from './service';

type Args = { input: unknown };

export const productResolvers = {
  Query: {
    getProducts: (_: unknown, args: unknown, ctx: Context) => getProducts(ctx, args),
  },
  Mutation: {
    addProduct: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'product.add', (w) =>
        service.addProduct(w, parseInput(addProductSchema, input))),
    updateProduct: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'product.update', (w) =>
        service.updateProduct(w, parseInput(updateProductSchema, input))),
    deleteProduct: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'product.delete', (w) =>
        service.deleteProduct(w, parseInput(deleteProductSchema, input))),
  },
};
