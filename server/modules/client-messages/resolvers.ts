import { requireSalonViewer, type Context } from '../../graphql/context';
import { listClientMessages } from './queries';

/** Client messages (issue 57): which channels this server sends on (Salon settings → Client messages), and what was sent. */
export const clientMessageResolvers = {
  Query: {
    messageChannels: async (_: unknown, __: unknown, ctx: Context) => {
      await requireSalonViewer(ctx);
      return { email: true, sms: ctx.app.sms !== null };
    },
    clientMessages: (_: unknown, args: unknown, ctx: Context) => listClientMessages(ctx, args),
  },
};
