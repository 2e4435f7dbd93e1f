import { type Context } from '../../graphql/context';
import { getInvoice, getInvoiceChanges } from './queries';

/** Invoices of appointments (part 1 §7): getInvoice and its changes; the writes are sync commands (./commands.ts). */
export const invoiceResolvers = {
  Query: {
    getInvoice: (_: unknown, args: unknown, ctx: Context) => getInvoice(ctx, args),
    getInvoiceChanges: (_: unknown, args: unknown, ctx: Context) => getInvoiceChanges(ctx, args),
  },
};
