import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSchema } from 'graphql-yoga';
import { accessResolvers } from '../modules/access/resolvers';
import { administratorResolvers } from '../modules/administrators/resolvers';
import { cabinetResolvers } from '../modules/cabinets/resolvers';
import { serviceResolvers } from '../modules/services/resolvers';
import { invoiceResolvers } from '../modules/invoices/resolvers';
import { membershipResolvers } from '../modules/memberships/resolvers';
import { productResolvers } from '../modules/inventory/resolvers';
import { reportResolvers } from '../modules/reports/resolvers';
import { clientResolvers } from '../modules/clients/resolvers';
import { clientMessageResolvers } from '../modules/client-messages/resolvers';
import { salonResolvers } from '../modules/salons/resolvers';
import { supplierResolvers } from '../modules/suppliers-list/resolvers';
import { warehouseResolvers } from '../modules/warehouse/resolvers';
import { seminarResolvers } from '../modules/seminars/resolvers';
import { statisticsResolvers } from '../modules/statistics/resolvers';
import { subscriptionResolvers as salonSubscriptionResolvers } from '../modules/subscription/resolvers';
import { settingsResolvers } from '../modules/settings/resolvers';
import { staffResolvers } from '../modules/staff/resolvers';
import { calendarFeedResolvers } from '../modules/calendar-feed/resolvers';
import { onlineBookingResolvers } from '../modules/online-booking/resolvers';
import { pull, pullResolvers } from '../sync/pull';
import { COMMAND_MUTATIONS } from '../sync/command-mutations';
import { pushCommandsResolver } from '../sync/push-batch';
import { subscriptionResolvers } from '../sync/subscriptions';
import type { Context } from './context';

const SDL_PATH = join(dirname(fileURLToPath(import.meta.url)), '..', 'schema.graphql');

/** Every mutation's resolver; the commands' come from the catalogue (server/sync/command-mutations.ts). */
export const MUTATIONS = {
  ...COMMAND_MUTATIONS,
  ...accessResolvers.Mutation,
  ...salonResolvers.Mutation,
  ...administratorResolvers.Mutation,
  ...supplierResolvers.Mutation,
  ...seminarResolvers.Mutation,
  ...salonSubscriptionResolvers.Mutation,
  ...staffResolvers.Mutation,
  ...calendarFeedResolvers.Mutation,
  ...onlineBookingResolvers.Mutation,
};

export function buildSchema() {
  return createSchema<Context>({
    typeDefs: readFileSync(SDL_PATH, 'utf8'),
    resolvers: {
      Query: {
        ...accessResolvers.Query,
        ...salonResolvers.Query,
        ...clientResolvers.Query,
        ...administratorResolvers.Query,
        ...productResolvers.Query,
        ...membershipResolvers.Query,
        ...invoiceResolvers.Query,
        ...reportResolvers.Query,
        ...statisticsResolvers.Query,
        ...supplierResolvers.Query,
        ...warehouseResolvers.Query,
        ...seminarResolvers.Query,
        ...salonSubscriptionResolvers.Query,
        ...staffResolvers.Query,
        ...clientMessageResolvers.Query,
        ...calendarFeedResolvers.Query,
        ...onlineBookingResolvers.Query,
        pull: (_: unknown, { input }: { input: unknown }, ctx: Context) => pull(ctx, input),
      },
      Mutation: { ...MUTATIONS, pushCommands: pushCommandsResolver(() => MUTATIONS) },
      Cabinet: cabinetResolvers.Cabinet,
      ServiceGroup: serviceResolvers.ServiceGroup,
      Service: serviceResolvers.Service,
      Subscription: subscriptionResolvers,
      Salon: salonSubscriptionResolvers.Salon,
      SalonSettings: settingsResolvers.SalonSettings,
      ...pullResolvers,
    },
  });
}
