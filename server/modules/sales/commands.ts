import * as service from './service';
import type { CommandServices } from '../../sync/command-services';

/** This module's commands (src/domain/commands/catalogue.ts), by name; server/sync/command-mutations.ts wires their mutations. */
export const saleCommands = {
  'sale.create': (w, input) => service.createCartInvoice(w, input),
  'sale.archive': (w, input) => service.archiveCartInvoice(w, input),
} satisfies Partial<CommandServices>;
