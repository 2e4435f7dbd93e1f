import { requireSalonViewer, type Context } from '../../graphql/context';

/** Client messages (issue 57): which channels this server sends on, for Salon settings → Client messages. */
export const clientMessageResolvers = {
  Query: {
    messageChannels: async (_: unknown, __: unknown, ctx: Context) => {
      await requireSalonViewer(ctx);
      return { email: true, sms: ctx.app.sms !== null };
    },
  },
};
