import { type Context } from '../../graphql/context';
import { getProducts } from './queries';

export const productResolvers = {
  Query: {
    getProducts: (_: unknown, args: unknown, ctx: Context) => getProducts(ctx, args),
  },
};
