import { newSalonSchema } from '../../../src/domain/schemas/access';
import { setOwnerAsMasterSchema, setupNewSalonSchema, switchSalonSchema } from '../../../src/domain/schemas/salon';
import { canCreateSalon, isOwnerOrSysadmin } from '../../../src/domain/roles';
import { listUserSalons, resolveAccess } from '../../auth/access';
import { accessChanged } from '../../auth/access-change';
import { setSessionSalon } from '../../auth/sessions';
import { uniqueViolation } from '../../db/errors';
import { requireViewer, type Context, type Viewer } from '../../graphql/context';
import { AppError, forbidden, parseInput } from '../../graphql/errors';
import { salonList } from './salon-list';
import { createSetUpSalon, setOwnerAsMaster, setupNewSalon } from './setup';
import { authPayload, salonView } from './views';

type Args = { input: unknown };

/** Only the salon's owner (or a sysadmin) may run its set-up steps. */
async function requireOwnerOf(ctx: Context, viewer: Viewer, salonId: string) {
  const access = await resolveAccess(ctx.app.database.db, viewer.user, salonId);
  if (!access?.salon || !isOwnerOrSysadmin(access)) throw forbidden();
  return access.salon;
}

export const salonResolvers = {
  Query: {
    getSalonList: async (_: unknown, __: unknown, ctx: Context) => {
      const viewer = await requireViewer(ctx);
      if (viewer.role !== 'SYSADMIN') throw forbidden();
      return salonList(ctx.app.database.db);
    },
    getSalons: async (_: unknown, __: unknown, ctx: Context) => {
      const viewer = await requireViewer(ctx);
      const list = await listUserSalons(ctx.app.database.db, viewer.user);
      return list.map((s) => ({ salon: salonView(s.salon), role: s.role, isOwner: s.isOwner }));
    },
  },
  Mutation: {
    createSalon: async (_: unknown, { input }: Args, ctx: Context) => {
      const viewer = await requireViewer(ctx);
      if (!canCreateSalon(viewer)) throw forbidden();
      const values = parseInput(newSalonSchema, input);
      const db = ctx.app.database.db;
      const salonId = await db
        .transaction((tx) =>
          createSetUpSalon(tx, { name: values.name, address: values.address, userId: viewer.user.id, lang: values.lang }),
        )
        .catch((error: unknown) => {
          if (uniqueViolation(error) === 'salons_name_key') {
            throw new AppError('AlreadyExists', 'Salon with the same name already exists', {
              reason: 'NAME_ALREADY_EXISTS',
              field: 'name',
            });
          }
          throw error;
        });
      const access = await resolveAccess(db, viewer.user, salonId);
      if (!access?.salon) throw new AppError('InternalError', 'Salon was not created');
      return salonView(access.salon);
    },
    setupNewSalon: async (_: unknown, { input }: Args, ctx: Context) => {
      const viewer = await requireViewer(ctx);
      const values = parseInput(setupNewSalonSchema, input);
      const salon = await requireOwnerOf(ctx, viewer, values.salon);
      await ctx.app.database.db.transaction((tx) => setupNewSalon(tx, salon.id, values.lang));
      return { salonId: salon.id };
    },
    setOwnerAsMaster: async (_: unknown, { input }: Args, ctx: Context) => {
      const viewer = await requireViewer(ctx);
      const values = parseInput(setOwnerAsMasterSchema, input);
      if (values.user !== viewer.user.id) throw forbidden();
      const salon = await requireOwnerOf(ctx, viewer, values.salon);
      const masterId = await ctx.app.database.db.transaction((tx) => setOwnerAsMaster(tx, salon.id, viewer.user.id));
      return { masterId };
    },
    switchSalon: async (_: unknown, { input }: Args, ctx: Context) => {
      const viewer = await requireViewer(ctx);
      const values = parseInput(switchSalonSchema, input);
      const access = await resolveAccess(ctx.app.database.db, viewer.user, values.salon);
      if (!access?.salon) throw forbidden('NOT_A_SALON_MEMBER');
      await setSessionSalon(ctx.app.database.db, viewer.session.id, access.salon.id);
      // The session's streams of the salon it leaves end (the client subscribes to the new one).
      if (viewer.salon?.id !== access.salon.id) await ctx.app.pubsub.publish(accessChanged({ sessions: [viewer.session.id] }));
      return authPayload(ctx.token as string, viewer.user, access);
    },
  },
};
