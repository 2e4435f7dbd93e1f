import * as service from './service';
import type { CommandServices } from '../../sync/command-services';

/** This module's commands (src/domain/commands/catalogue.ts), by name; server/sync/command-mutations.ts wires their mutations. */
export const membershipCommands = {
  'membership.add': (w, input) => service.createMembership(w, input),
  'membership.delete': (w, input) => service.deleteMembership(w, input),
} satisfies Partial<CommandServices>;
