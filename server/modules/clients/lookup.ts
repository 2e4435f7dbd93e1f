import { and, asc, eq, type SQL } from 'drizzle-orm';
import { userLookupSchema, type LookupRole } from '../../../src/domain/schemas/client';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { requireViewer, type Context } from '../../graphql/context';
import { forbidden, parseInput } from '../../graphql/errors';
import { refused } from '../../graphql/refusals';
import { isAdministrator } from '../../../src/domain/roles';
import { refuseUnlinkableSupplier } from '../suppliers-list/service';

/**
 * Query user (part 1 §4 'Phone lookup', §7): who owns a phone or an e-mail, so the client (or master, or
 * supplier) form can take the person's identity from his own account (docs/decisions/012).
 */
type Reader = Db | Tx;

/** Identity only: never the password hash, flags, promo code or dates. */
const FOUND = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  gender: users.gender,
};
export type FoundUser = { id: string; email: string; firstName: string; lastName: string; phone: string | null; gender: string | null };

/**
 * Accounts a lookup may find: never a sysadmin; for a client or a master never a supplier account either (it
 * stands for a company, not a person a salon books or employs).
 */
export function findable(role: LookupRole): SQL | undefined {
  return and(eq(users.isSysadmin, false), role === 'SUPPLIER' ? undefined : eq(users.isSupplier, false));
}

/**
 * Exact matches only: e-mails are stored lower-cased, phones stripped. A phone shared by several accounts
 * names nobody (null), so a lookup never picks one person at random; an e-mail is unique.
 * A phone and an e-mail of two different accounts is the spec's THERE_ARE_TWO_DIFFERENT_USER… refusal.
 */
export async function findUser(
  db: Reader,
  input: { email: string | null; phone: string | null; role: LookupRole },
): Promise<FoundUser | null> {
  const where = findable(input.role);
  const [byEmail] = input.email
    ? await db
        .select(FOUND)
        .from(users)
        .where(and(where, eq(users.email, input.email)))
        .limit(1)
    : [];
  const phoned = input.phone
    ? await db
        .select(FOUND)
        .from(users)
        .where(and(where, eq(users.phone, input.phone)))
        .orderBy(asc(users.id))
        .limit(2)
    : [];
  const byPhone = phoned.length === 1 ? phoned[0] : undefined;
  if (byEmail && byPhone && byEmail.id !== byPhone.id) throw refused('twoDifferentClients');
  return byEmail ?? byPhone ?? null;
}

/**
 * The resolver: a signed-in ADMIN or SYSADMIN working in a salon (masters do not register clients); looking
 * for a supplier is the sysadmin's supplier form only. Rate limited per user (server/auth/rate-limit.ts).
 */
export async function lookupUser(ctx: Context, args: unknown): Promise<FoundUser | null> {
  const viewer = await requireViewer(ctx);
  const input = parseInput(userLookupSchema, args);
  // The supplier form is the sysadmin's, on a screen without a salon (part 2 §2).
  if (input.role === 'SUPPLIER') {
    if (viewer.role !== 'SYSADMIN') throw forbidden('SUPPLIER_LOOKUP_IS_FOR_SYSADMINS');
  } else {
    if (!viewer.salon) throw forbidden('NO_SALON');
    if (!isAdministrator(viewer)) throw forbidden('MASTER_CANNOT_LOOK_UP_USERS');
  }
  await ctx.app.limits.lookup(viewer.user.id);
  const found = await findUser(ctx.app.database.db, input);
  // A live supplier, or someone working in a salon, cannot be added: said at once, on the field (part 2 §8).
  if (found && input.role === 'SUPPLIER') await refuseUnlinkableSupplier(ctx.app.database.db, found, input);
  return found;
}
