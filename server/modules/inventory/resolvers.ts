import { type Context } from '../../graphql/context';
import { getProducts } from './queries';
import * as service from './service';
import { commandResolver } from '../../sync/command-resolver';

export const productResolvers = {
  Query: {
    getProducts: (_: unknown, args: unknown, ctx: Context) => getProducts(ctx, args),
  },
  Mutation: {
    addProduct: commandResolver('product.add', (w, input) => service.addProduct(w, input)),
    updateProduct: commandResolver('product.update', (w, input) => service.updateProduct(w, input)),
    deleteProduct: commandResolver('product.delete', (w, input) => service.deleteProduct(w, input)),
  },
};
