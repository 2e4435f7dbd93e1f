import { eq } from 'drizzle-orm';
import { daysWithSlots } from '../../../src/domain/rules/free-slots';
import {
  bookingDaysSchema,
  bookingPageSchema,
  bookingSlotsSchema,
  cancelBookingSchema,
  confirmBookingSchema,
  managedBookingSchema,
  moveBookingSchema,
  requestBookingCodeSchema,
} from '../../../src/domain/schemas/online-booking';
import { onlineBookings } from '../../db/schema';
import type { Context } from '../../graphql/context';
import { AppError, parseInput } from '../../graphql/errors';
import { makeBooking } from './book';
import { checkCode, codeBySms, requestCode } from './codes';
import { cancelManaged, moveManaged, readManaged } from './manage';
import { chosenOf, livePage, nowAt, offer, publicPage, slotSourceForReads, slotsOf, type LivePage } from './page';

type Args = { input: unknown };

/** Any address that is no live page: one answer, whatever the reason (unknown, turned off, salon gone). */
const notFound = () =>
  new AppError('NotExists', 'No booking page at this address', { reason: 'BOOKING_PAGE_NOT_FOUND', messageId: 'book.notFound' });

async function pageOf(ctx: Context, slug: string): Promise<LivePage> {
  await ctx.app.limits.bookingRead(ctx.address);
  const page = await livePage(ctx.app.database.db, slug);
  if (!page) throw notFound();
  return page;
}

/** The chosen services and the page's masters. */
async function choiceOf(ctx: Context, page: LivePage, serviceIds: string[], masterId: string | null) {
  const offered = await offer(ctx.app.database.db, page, 'en');
  return { services: chosenOf(offered, serviceIds, masterId), masters: offered.masters };
}

/** The appointments of the booking a manage token names, when it is of this page's salon: they free their time. */
async function ownOf(ctx: Context, page: LivePage, token: string | null): Promise<string[]> {
  const id = token ? ctx.app.onlineBookings.manage.idOf(token) : null;
  if (!id) return [];
  const [row] = await ctx.app.database.db.select().from(onlineBookings).where(eq(onlineBookings.id, id));
  return row && row.salonId === page.salonId ? row.appointmentIds : [];
}

/**
 * The booking page's questions (issue 61), no sign-in: the page itself, its days with free time and a day's free
 * times. Throttled per address; an address that is no live page is one "not found".
 */
export const onlineBookingResolvers = {
  Query: {
    bookingPage: async (_: unknown, args: unknown, ctx: Context) => {
      const { slug, lang } = parseInput(bookingPageSchema, args);
      await ctx.app.limits.bookingRead(ctx.address);
      const page = await livePage(ctx.app.database.db, slug);
      if (!page) return null;
      return publicPage(ctx.app.database.db, page, lang, codeBySms(ctx.app, page));
    },
    bookingDays: async (_: unknown, { input }: Args, ctx: Context) => {
      const values = parseInput(bookingDaysSchema, input);
      const page = await pageOf(ctx, values.slug);
      const choice = await choiceOf(ctx, page, values.serviceIds, values.masterId);
      const own = await ownOf(ctx, page, values.manageToken);
      const source = await slotSourceForReads(ctx.app.database.db, page, choice.masters, values.from, values.to, own);
      return daysWithSlots(slotsOf(page, source, choice.services, values.masterId, values.from, values.to, nowAt(page), true));
    },
    bookingSlots: async (_: unknown, { input }: Args, ctx: Context) => {
      const values = parseInput(bookingSlotsSchema, input);
      const page = await pageOf(ctx, values.slug);
      const choice = await choiceOf(ctx, page, values.serviceIds, values.masterId);
      const own = await ownOf(ctx, page, values.manageToken);
      const source = await slotSourceForReads(ctx.app.database.db, page, choice.masters, values.date, values.date, own);
      return slotsOf(page, source, choice.services, values.masterId, values.date, values.date, nowAt(page)).map((s) => ({
        startAt: s.startAt,
        masterId: s.masterId,
      }));
    },
    managedBooking: async (_: unknown, args: unknown, ctx: Context) => {
      const { token, lang } = parseInput(managedBookingSchema, args);
      await ctx.app.limits.bookingRead(ctx.address);
      try {
        return await readManaged(ctx.app, token, lang);
      } catch (error) {
        if (error instanceof AppError && error.extensions.reason === 'BOOKING_NOT_FOUND') return null;
        throw error;
      }
    },
  },
  Mutation: {
    requestBookingCode: async (_: unknown, { input }: Args, ctx: Context) => {
      const values = parseInput(requestBookingCodeSchema, input);
      const page = await pageOf(ctx, values.slug);
      await requestCode(ctx.app, page, values, ctx.address);
      return true;
    },
    confirmBooking: async (_: unknown, { input }: Args, ctx: Context) => {
      const values = parseInput(confirmBookingSchema, input);
      await ctx.app.limits.hit('bookingConfirm', ctx.address);
      const page = await pageOf(ctx, values.slug);
      const codeId = await checkCode(ctx.app, page.salonId, values.client, values.code);
      const { manageToken, visit } = await makeBooking(ctx.app, page, values, codeId);
      return { manageToken, ...visit };
    },
    cancelBooking: async (_: unknown, { input }: Args, ctx: Context) => {
      const { token, lang } = parseInput(cancelBookingSchema, input);
      await ctx.app.limits.hit('bookingManage', ctx.address);
      return cancelManaged(ctx.app, token, lang);
    },
    moveBooking: async (_: unknown, { input }: Args, ctx: Context) => {
      const { token, startAt, lang } = parseInput(moveBookingSchema, input);
      await ctx.app.limits.hit('bookingManage', ctx.address);
      return moveManaged(ctx.app, token, startAt, lang);
    },
  },
};
