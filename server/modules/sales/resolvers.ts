import * as service from './service';
import { commandResolver } from '../../sync/command-resolver';

/** Sales (part 1 §7): createCartInvoice and archiveCartInvoice, pushed by the outbox as `sale.create` and `sale.archive`. */
export const saleResolvers = {
  Mutation: {
    createCartInvoice: commandResolver('sale.create', (w, input) => service.createCartInvoice(w, input)),
    archiveCartInvoice: commandResolver('sale.archive', (w, input) => service.archiveCartInvoice(w, input)),
  },
};
