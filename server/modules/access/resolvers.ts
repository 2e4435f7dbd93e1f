import { eq } from 'drizzle-orm';
import {
  changePasswordSchema,
  loginSchema,
  profileSchema,
  resetPasswordSchema,
  signupSchema,
  verifyEmailSchema,
} from '../../../src/domain/schemas/access';
import * as v from 'valibot';
import { accessChanged } from '../../auth/access-change';
import { revokeSession, revokeUserSessions } from '../../auth/sessions';
import { users } from '../../db/schema';
import { requireViewer, type Context } from '../../graphql/context';
import { parseInput } from '../../graphql/errors';
import { salonView } from '../salons/views';
import * as access from './service';

const logoutSchema = v.object({ everywhere: v.optional(v.nullable(v.boolean()), false) });
type Args = { input: unknown };

async function viewerView(ctx: Context) {
  const viewer = await ctx.viewer();
  if (!viewer) return null;
  const { user } = viewer;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    emailVerified: user.emailVerified,
    role: viewer.role,
    isSysadmin: user.isSysadmin,
    isOwner: viewer.isOwner,
    isMaster: viewer.role === 'MASTER',
    salon: viewer.salon ? salonView(viewer.salon) : null,
  };
}

export const accessResolvers = {
  Query: {
    viewer: (_: unknown, __: unknown, ctx: Context) => viewerView(ctx),
    captchaChallenge: async (_: unknown, __: unknown, ctx: Context) => JSON.stringify(await ctx.app.captcha.challenge()),
  },
  Mutation: {
    login: (_: unknown, { input }: Args, ctx: Context) => access.login(ctx.app, parseInput(loginSchema, input), ctx.address, ctx.http),
    logout: async (_: unknown, { input }: Args, ctx: Context) => {
      const { everywhere } = parseInput(logoutSchema, input);
      const viewer = await ctx.viewer();
      if (viewer) {
        if (everywhere) await revokeUserSessions(ctx.app.database.db, viewer.user.id);
        else await revokeSession(ctx.app.database.db, viewer.session.id);
        // Open sockets of the ended sessions close now, on every instance.
        await ctx.app.pubsub.publish(accessChanged(everywhere ? { users: [viewer.user.id] } : { sessions: [viewer.session.id] }));
      }
      return { success: true };
    },
    resetPassword: (_: unknown, { input }: Args, ctx: Context) =>
      access.resetPassword(ctx.app, parseInput(resetPasswordSchema, input), ctx.address),
    changePasswordByToken: (_: unknown, { input }: Args, ctx: Context) =>
      access.changePasswordByToken(ctx.app, parseInput(changePasswordSchema, input)),
    verifyEmailByToken: (_: unknown, { input }: Args, ctx: Context) =>
      access.verifyEmailByToken(ctx.app, parseInput(verifyEmailSchema, input)),
    signupAdministrator: (_: unknown, { input }: Args, ctx: Context) =>
      access.signupAdministrator(ctx.app, parseInput(signupSchema, input), ctx.address),
    updateProfile: async (_: unknown, { input }: Args, ctx: Context) => {
      const viewer = await requireViewer(ctx);
      const values = parseInput(profileSchema, input);
      const pokes = await ctx.app.database.db.transaction(async (tx) => {
        const [user] = await tx.update(users).set(values).where(eq(users.id, viewer.user.id)).returning();
        const events = await access.touchAccountRows(tx, user ?? { ...viewer.user, ...values });
        await ctx.app.pubsub.stage(tx, events);
        return events;
      });
      ctx.app.pubsub.deliver(pokes);
      Object.assign(viewer.user, values);
      return viewerView(ctx);
    },
  },
};
