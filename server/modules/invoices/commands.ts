import * as service from './service';
import * as corrections from './edit-service';
import type { CommandServices } from '../../sync/command-services';

/** This module's commands (src/domain/commands/catalogue.ts), by name; server/sync/command-mutations.ts wires their mutations. */
export const invoiceCommands = {
  'invoice.create': (w, input) => service.createInvoice(w, input),
  'invoice.update': (w, input) => service.updateInvoice(w, input),
  'invoice.edit': (w, input) => corrections.editInvoice(w, input),
  'invoice.delete': (w, input) => corrections.deleteInvoice(w, input),
} satisfies Partial<CommandServices>;
