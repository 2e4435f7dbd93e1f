import type { CommandServices } from '../../sync/command-services';
import { closeCashUp } from './service';

/** This module's commands (src/domain/commands/catalogue.ts), by name; server/sync/command-mutations.ts wires their mutations. */
export const cashUpCommands = {
  'cashUp.close': (w, input) => closeCashUp(w, input),
} satisfies Partial<CommandServices>;
