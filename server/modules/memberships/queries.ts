import { asc, eq } from 'drizzle-orm';
import { nameIn } from '../../../src/domain/rules/names';
import { services } from '../../db/schema';
import { requireViewerOfSalon, type Context } from '../../graphql/context';
import { forbidden } from '../../graphql/errors';
import { money } from '../../sync/rows';
import { isAdministrator } from '../../../src/domain/roles';

/**
 * getAllServices (part 1 §7): the membership form's service picker, 'built from all services of masters and
 * cabinets including deleted ones' (part 1 §2): every service of the salon, live and deleted, each marked.
 * (Services belong to the salon's service groups, which masters and cabinets offer; a deleted group is taken
 * off its masters and cabinets, so its services are found by salon, not through them.) Deleted services are
 * not in the mirror (pull sends them as tombstones), so the form asks for them here while online.
 */
export async function allServices(ctx: Context, salon: unknown, lang: unknown) {
  const viewer = await requireViewerOfSalon(ctx, salon);
  if (!isAdministrator(viewer)) throw forbidden('MASTER_CANNOT_MANAGE_MEMBERSHIPS');
  const rows = await ctx.app.database.db
    .select()
    .from(services)
    .where(eq(services.salonId, viewer.salon.id))
    .orderBy(asc(services.rev), asc(services.id));
  const language = typeof lang === 'string' ? lang : 'lv';
  return rows.map((s) => ({
    id: s.id,
    groupId: s.groupId,
    name: nameIn(s.nameVariants, language),
    nameVariants: s.nameVariants,
    price: money(s.price),
    color: s.color,
    deleted: s.deletedAt !== null,
  }));
}
