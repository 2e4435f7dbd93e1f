import { type Context } from '../../graphql/context';
import { getInvoice, getInvoiceChanges } from './queries';
import * as corrections from './edit-service';
import * as service from './service';
import { commandResolver } from '../../sync/command-resolver';

/** Invoices of appointments (part 1 §7): getInvoice, and createInvoice and updateInvoice as sync commands;
 * the owner's editInvoice and deleteInvoice from the Report (part 2 §7). */
export const invoiceResolvers = {
  Query: {
    getInvoice: (_: unknown, args: unknown, ctx: Context) => getInvoice(ctx, args),
    getInvoiceChanges: (_: unknown, args: unknown, ctx: Context) => getInvoiceChanges(ctx, args),
  },
  Mutation: {
    createInvoice: commandResolver('invoice.create', (w, input) => service.createInvoice(w, input)),
    updateInvoice: commandResolver('invoice.update', (w, input) => service.updateInvoice(w, input)),
    editInvoice: commandResolver('invoice.edit', (w, input) => corrections.editInvoice(w, input)),
    deleteInvoice: commandResolver('invoice.delete', (w, input) => corrections.deleteInvoice(w, input)),
  },
};
