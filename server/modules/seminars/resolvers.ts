import {
  addSeminarSchema,
  deleteSeminarSchema,
  getSeminarsSchema,
  seminarSignUpSchema,
  updateSeminarSchema,
} from '../../../src/domain/schemas/seminar';
import { requireViewer, requireViewerOfSalon, type Context } from '../../graphql/context';
import { forbidden, parseInput } from '../../graphql/errors';
import { refused } from '../../graphql/refusals';
import { readBanner } from './banners';
import * as service from './service';

type Args = { input: unknown; banner?: File | null };

/** The signed-in supplier's own supplier row; every other role is refused (part 2 §6). */
async function supplierOf(ctx: Context): Promise<string> {
  const viewer = await requireViewer(ctx);
  if (viewer.role !== 'SUPPLIER') throw forbidden('SEMINARS_ARE_FOR_SUPPLIERS');
  return service.supplierIdOf(ctx.app.database.db, viewer.user.id);
}

/** A banner sent with the multipart request (GraphQL multipart request spec), checked by its content. */
const bannerOf = async (file: File | null | undefined) => (file ? readBanner(file) : null);

/** The salon's master the caller is, for signing up; refused for anyone else. */
async function masterOfSalon(ctx: Context, args: unknown) {
  const input = parseInput(seminarSignUpSchema, (args as Args).input);
  const viewer = await requireViewerOfSalon(ctx, input.salon);
  const masterId = await service.masterOf(ctx.app.database.db, viewer.salon.id, viewer.user.id);
  if (!masterId) throw refused('seminarNotForMaster');
  return { salon: viewer.salon, masterId, seminar: input.seminar };
}

/** Seminars (part 2 §7 getSeminars, addSeminar, updateSeminar, deleteSeminar) and the masters' sign-ups (issue 19). */
export const seminarResolvers = {
  Query: {
    getSeminars: async (_: unknown, args: unknown, ctx: Context) => {
      const supplierId = await supplierOf(ctx);
      return service.listSeminars(ctx.app.database.db, supplierId, parseInput(getSeminarsSchema, args));
    },
    getSalonSeminars: async (_: unknown, { salon }: { salon: unknown }, ctx: Context) => {
      const viewer = await requireViewerOfSalon(ctx, salon);
      const masterId = await service.masterOf(ctx.app.database.db, viewer.salon.id, viewer.user.id);
      return service.salonSeminars(ctx.app.database.db, viewer.salon, masterId);
    },
  },
  Mutation: {
    addSeminar: async (_: unknown, args: Args, ctx: Context) => {
      const supplierId = await supplierOf(ctx);
      const input = parseInput(addSeminarSchema, args.input);
      return service.addSeminar(ctx.app.database.db, supplierId, input, await bannerOf(args.banner));
    },
    updateSeminar: async (_: unknown, args: Args, ctx: Context) => {
      const supplierId = await supplierOf(ctx);
      const input = parseInput(updateSeminarSchema, args.input);
      return service.updateSeminar(ctx.app.database.db, supplierId, input, await bannerOf(args.banner));
    },
    deleteSeminar: async (_: unknown, args: Args, ctx: Context) => {
      const supplierId = await supplierOf(ctx);
      return service.deleteSeminar(ctx.app.database.db, supplierId, parseInput(deleteSeminarSchema, args.input).seminarId);
    },
    signUpForSeminar: async (_: unknown, args: Args, ctx: Context) => {
      const { salon, masterId, seminar } = await masterOfSalon(ctx, args);
      await service.signUp(ctx.app.database.db, salon, masterId, seminar);
      return seminar;
    },
    cancelSeminarSignUp: async (_: unknown, args: Args, ctx: Context) => {
      const { salon, masterId, seminar } = await masterOfSalon(ctx, args);
      await service.cancelSignUp(ctx.app.database.db, salon, masterId, seminar);
      return seminar;
    },
  },
};
