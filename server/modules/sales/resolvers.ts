import { archiveCartInvoiceSchema, createCartInvoiceSchema } from '../../../src/domain/schemas/sale';
import { requireSalonViewer, type Context } from '../../graphql/context';
import { parseInput } from '../../graphql/errors';
import { commandOf, runCommand } from '../../sync/command';
import * as service from './service';

type Args = { input: unknown };

/** Sales (part 1 §7): createCartInvoice and archiveCartInvoice, pushed by the outbox as `sale.create` and `sale.archive`. */
export const saleResolvers = {
  Mutation: {
    createCartInvoice: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'sale.create', (w) =>
        service.createCartInvoice(w, parseInput(createCartInvoiceSchema, input))),
    archiveCartInvoice: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'sale.archive', (w) =>
        service.archiveCartInvoice(w, parseInput(archiveCartInvoiceSchema, input))),
  },
};
