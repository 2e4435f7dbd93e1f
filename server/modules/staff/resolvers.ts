import { masterAccessSchema } from '../../../src/domain/schemas/master';
import { isAdministrator } from '../../../src/domain/roles';
import * as v from 'valibot';
import { idSchema } from '../../../src/domain/schemas/salon';
import { requireSalonViewer, requireViewerOfSalon, type Context } from '../../graphql/context';
import { forbidden, parseInput } from '../../graphql/errors';
import { runCommand } from '../../sync/command';
import { invite, readMasterAccess, revokeAccess, sendInvitation } from './access';

type Args = { input: unknown };
const readArgs = v.object({ salon: idSchema, master: idSchema });

/**
 * A master's access to the panel (issue 63): read, invite (or send again), revoke. The master commands
 * themselves are sync commands (./commands.ts). Administrators and sysadmins only, in the session's salon.
 */
export const staffResolvers = {
  Query: {
    getMasterAccess: async (_: unknown, args: unknown, ctx: Context) => {
      const { salon, master } = parseInput(readArgs, args);
      const viewer = await requireViewerOfSalon(ctx, salon);
      if (!isAdministrator(viewer)) throw forbidden('MASTER_CANNOT_EDIT_SALON_SETUP');
      return readMasterAccess(ctx.app.database.db, viewer.salon.id, master);
    },
  },
  Mutation: {
    inviteMaster: async (_: unknown, { input }: Args, ctx: Context) => {
      const viewer = await requireSalonViewer(ctx);
      const values = parseInput(masterAccessSchema, input);
      // Each invitation is a mail or an SMS: an inviter sends a bounded number of them per window.
      await ctx.app.limits.hit('invite', viewer.user.id);
      const invitation = await runCommand(ctx, viewer, null, 'master.invite', (w) => invite(w, values, ctx.app.sms !== null));
      await sendInvitation(ctx.app, values, invitation);
      return readMasterAccess(ctx.app.database.db, viewer.salon.id, values.masterId);
    },
    revokeMasterAccess: async (_: unknown, { input }: Args, ctx: Context) => {
      const viewer = await requireSalonViewer(ctx);
      const values = parseInput(masterAccessSchema, input);
      await runCommand(ctx, viewer, null, 'master.revokeAccess', (w) => revokeAccess(w, values));
      return readMasterAccess(ctx.app.database.db, viewer.salon.id, values.masterId);
    },
  },
};
