import { addAdministratorSchema, transferOwnershipSchema } from '../../../src/domain/schemas/administrator';
import { canSeeAdministrators } from '../../../src/domain/rules/administrators';
import { requireSalonViewer, requireViewerOfSalon, type Context } from '../../graphql/context';
import { forbidden, parseInput } from '../../graphql/errors';
import { runCommand } from '../../sync/command';
import * as service from './service';

type Args = { input: unknown };

/**
 * Administrators (part 2 §7) and the owner's hand-over; update and delete are sync commands (./commands.ts).
 * Add and the hand-over are online calls: add carries a password (docs/decisions/022).
 */
export const administratorResolvers = {
  Query: {
    getAdministrators: async (_: unknown, { salon }: { salon: unknown }, ctx: Context) => {
      const viewer = await requireViewerOfSalon(ctx, salon);
      if (!canSeeAdministrators(viewer)) throw forbidden();
      return service.listAdministrators(ctx.app.database.db, viewer.salon);
    },
  },
  Mutation: {
    addAdministrator: async (_: unknown, { input }: Args, ctx: Context) => {
      const viewer = await requireSalonViewer(ctx);
      return service.addAdministrator(ctx, viewer, parseInput(addAdministratorSchema, input));
    },
    transferSalonOwnership: async (_: unknown, { input }: Args, ctx: Context) =>
      runCommand(ctx, await requireSalonViewer(ctx), null, 'salon.transferOwnership', (w) =>
        service.transferOwnership(w, parseInput(transferOwnershipSchema, input)),
      ),
  },
};
