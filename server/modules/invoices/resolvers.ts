import { createInvoiceSchema, updateInvoiceSchema } from '../../../src/domain/schemas/invoice';
import { requireSalonViewer, type Context } from '../../graphql/context';
import { parseInput } from '../../graphql/errors';
import { commandOf, runCommand } from '../../sync/command';
import { getInvoice } from './queries';
import * as service from './service';

type Args = { input: unknown };

/** Invoices of appointments (part 1 §7): getInvoice, and createInvoice and updateInvoice as sync commands. */
export const invoiceResolvers = {
  Query: {
    getInvoice: (_: unknown, args: unknown, ctx: Context) => getInvoice(ctx, args),
  },
  Mutation: {
    createInvoice: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'invoice.create', (w) =>
        service.createInvoice(w, parseInput(createInvoiceSchema, input))),
    updateInvoice: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'invoice.update', (w) =>
        service.updateInvoice(w, parseInput(updateInvoiceSchema, input))),
  },
};
