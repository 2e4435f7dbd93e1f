import { type Context } from '../../graphql/context';
import { allServices } from './queries';

/** Memberships (part 1 §7): getAllServices; createMembership and deleteMembership are sync commands (./commands.ts). */
export const membershipResolvers = {
  Query: {
    getAllServices: (_: unknown, { salon, lang }: { salon: unknown; lang?: unknown }, ctx: Context) => allServices(ctx, salon, lang),
  },
};
