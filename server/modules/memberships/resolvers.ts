import { createMembershipSchema, deleteMembershipSchema } from '../../../src/domain/schemas/membership';
import { requireSalonViewer, type Context } from '../../graphql/context';
import { parseInput } from '../../graphql/errors';
import { commandOf, runCommand } from '../../sync/command';
import { allServices } from './queries';
import * as service from './service';

type Args = { input: unknown };

/** Memberships (part 1 §7): createMembership, deleteMembership (sync commands) and getAllServices. */
export const membershipResolvers = {
  Query: {
    getAllServices: (_: unknown, { salon, lang }: { salon: unknown; lang?: unknown }, ctx: Context) => allServices(ctx, salon, lang),
  },
  Mutation: {
    createMembership: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'membership.add', (w) =>
        service.createMembership(w, parseInput(createMembershipSchema, input))),
    deleteMembership: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), commandOf(input), 'membership.delete', (w) =>
        service.deleteMembership(w, parseInput(deleteMembershipSchema, input))),
  },
};
