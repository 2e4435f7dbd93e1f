import { type Context } from '../../graphql/context';
import { allServices } from './queries';
import * as service from './service';
import { commandResolver } from '../../sync/command-resolver';

/** Memberships (part 1 §7): createMembership, deleteMembership (sync commands) and getAllServices. */
export const membershipResolvers = {
  Query: {
    getAllServices: (_: unknown, { salon, lang }: { salon: unknown; lang?: unknown }, ctx: Context) => allServices(ctx, salon, lang),
  },
  Mutation: {
    createMembership: commandResolver('membership.add', (w, input) => service.createMembership(w, input)),
    deleteMembership: commandResolver('membership.delete', (w, input) => service.deleteMembership(w, input)),
  },
};
