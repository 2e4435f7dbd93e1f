import {
  billingSchema,
  createStripeIntentSchema,
  getInvoicesSchema,
  MONTHLY_PRICE_CENTS,
  updateStripeSubscriptionSchema,
} from '../../../src/domain/schemas/subscription';
import { canManageSubscription } from '../../../src/domain/roles';
import { requireViewerOfSalon, requireSalonViewer, type Context, type SalonViewer } from '../../graphql/context';
import { parseInput } from '../../graphql/errors';
import { refused } from '../../graphql/refusals';
import { billingOf, setCanceling } from './billing';
import * as service from './service';

type Args = { input: unknown };

/** The salon's administrators (its owner is one) subscribe it and read its invoices; masters and others are refused. */
async function requireAdministratorOf(ctx: Context, salonId: unknown): Promise<SalonViewer> {
  const viewer = await requireViewerOfSalon(ctx, salonId);
  if (!canManageSubscription(viewer)) throw refused('subscriptionForAdministrators');
  return viewer;
}

/** The subscription and its invoices (part 2 §2, §4, §7, §8; issue 20, decision 047). */
export const subscriptionResolvers = {
  Query: {
    paymentSettings: async (_: unknown, __: unknown, ctx: Context) => {
      await requireSalonViewer(ctx);
      return { publishableKey: ctx.app.payments?.publishableKey ?? null, monthlyPriceCents: MONTHLY_PRICE_CENTS };
    },
    billing: async (_: unknown, args: unknown, ctx: Context) => {
      const input = parseInput(billingSchema, args);
      const viewer = await requireAdministratorOf(ctx, input.salon);
      return billingOf(ctx.app, viewer.salon);
    },
    getInvoices: async (_: unknown, args: unknown, ctx: Context) => {
      const input = parseInput(getInvoicesSchema, args);
      await requireAdministratorOf(ctx, input.salon);
      return service.listInvoices(ctx.app, input.salon, input);
    },
  },
  Mutation: {
    createStripeIntent: async (_: unknown, args: unknown, ctx: Context) => {
      const input = parseInput(createStripeIntentSchema, (args as Args).input);
      const viewer = await requireAdministratorOf(ctx, input.salon);
      return service.createIntent(ctx.app, viewer.salon);
    },
    updateStripeSubscription: async (_: unknown, args: unknown, ctx: Context) => {
      const input = parseInput(updateStripeSubscriptionSchema, (args as Args).input);
      const viewer = await requireAdministratorOf(ctx, input.salon);
      return service.subscribe(ctx.app, viewer.salon, input);
    },
    cancelSubscription: async (_: unknown, args: unknown, ctx: Context) => {
      const input = parseInput(billingSchema, (args as Args).input);
      const viewer = await requireAdministratorOf(ctx, input.salon);
      return setCanceling(ctx.app, viewer.salon, true);
    },
    resumeSubscription: async (_: unknown, args: unknown, ctx: Context) => {
      const input = parseInput(billingSchema, (args as Args).input);
      const viewer = await requireAdministratorOf(ctx, input.salon);
      return setCanceling(ctx.app, viewer.salon, false);
    },
  },
  /** Every salon read (sign-in, viewer, salon list) carries the subscription as Stripe's webhook last left it. */
  Salon: {
    subscription: async (salon: { id: string; subscription: { trialEndsAt: number } }, _: unknown, ctx: Context) =>
      service.subscriptionView(salon.subscription.trialEndsAt, await service.subscriptionOf(ctx.app.database.db, salon.id)),
  },
};
