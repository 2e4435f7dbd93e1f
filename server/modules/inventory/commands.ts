import * as service from './service';
import type { CommandServices } from '../../sync/command-services';

/** This module's commands (src/domain/commands/catalogue.ts), by name; server/sync/command-mutations.ts wires their mutations. */
export const productCommands = {
  'product.add': (w, input) => service.addProduct(w, input),
  'product.update': (w, input) => service.updateProduct(w, input),
  'product.delete': (w, input) => service.deleteProduct(w, input),
} satisfies Partial<CommandServices>;
