import { and, eq, isNull, sql } from 'drizzle-orm';
import { newId } from '../../../src/domain/ids';
import { DEFAULT_MASTER_COUNT, DEFAULT_SALON_SETTINGS, DEFAULT_SERVICES, TRIAL_MONTHS } from '../../../src/domain/rules/salon-defaults';
import type { Tx } from '../../db/client';
import { bumpRev } from '../../db/rev';
import { administrators, masters, salons, serviceGroups, services, users } from '../../db/schema';
import { AppError } from '../../graphql/errors';
import { translate, type Lang } from '../../i18n';

const allLangs: Lang[] = ['en', 'lv', 'ru'];
const variants = (id: string, values: Record<string, string | number> = {}) =>
  Object.fromEntries(allLangs.map((l) => [l, translate(l, id, values)]));

export async function assertSalonNameFree(tx: Tx, name: string): Promise<void> {
  const rows = await tx
    .select({ id: salons.id })
    .from(salons)
    .where(and(sql`lower(${salons.name}) = lower(${name})`, isNull(salons.deletedAt)))
    .limit(1);
  if (rows.length > 0) {
    throw new AppError('AlreadyExists', 'Salon with the same name already exists', { reason: 'NAME_ALREADY_EXISTS', field: 'name' });
  }
}

/** Creates a salon administered by `userId` (its owner), with the default settings and trial. */
export async function createSalonRow(tx: Tx, input: { name: string; address: string; userId: string }): Promise<string> {
  await assertSalonNameFree(tx, input.name);
  const id = newId();
  const trialEndsAt = new Date();
  trialEndsAt.setMonth(trialEndsAt.getMonth() + TRIAL_MONTHS);
  await tx.insert(salons).values({
    id,
    name: input.name,
    address: input.address,
    administratorId: input.userId,
    settings: DEFAULT_SALON_SETTINGS,
    trialEndsAt,
  });
  const rev = await bumpRev(tx, id);
  await tx.update(salons).set({ rowRev: rev }).where(eq(salons.id, id));
  await tx.insert(administrators).values({ id: newId(), salonId: id, userId: input.userId, rev });
  return id;
}

/**
 * setupNewSalon: one service group of type OTHER, services of 30/60/120 minutes in red/green/blue and three
 * default masters. Idempotent: a salon that already has a service group is left as it is, so a client
 * repeating the call after a lost answer changes nothing.
 */
export async function setupNewSalon(tx: Tx, salonId: string, lang: Lang): Promise<void> {
  const existing = await tx.select({ id: serviceGroups.id }).from(serviceGroups).where(eq(serviceGroups.salonId, salonId)).limit(1);
  if (existing.length > 0) return;
  const rev = await bumpRev(tx, salonId);
  const groupId = newId();
  await tx.insert(serviceGroups).values({ id: groupId, salonId, nameVariants: variants('defaults.serviceGroup'), type: 'OTHER', rev });
  await tx.insert(services).values(
    DEFAULT_SERVICES.map((s, i) => ({
      id: newId(),
      salonId,
      groupId,
      nameVariants: variants('defaults.service', { number: i + 1, minutes: s.duration }),
      duration: s.duration,
      price: s.price,
      color: s.color,
      rev,
    })),
  );
  await tx.insert(masters).values(
    Array.from({ length: DEFAULT_MASTER_COUNT }, (_, i) => ({
      id: newId(),
      salonId,
      firstName: translate(lang, 'defaults.master', { number: i + 1 }),
      lastName: '',
      serviceGroupIds: [groupId],
      rev,
    })),
  );
}

/** setOwnerAsMaster: the owner also works as a master of the salon. Idempotent. */
export async function setOwnerAsMaster(tx: Tx, salonId: string, userId: string): Promise<string> {
  const found = await tx
    .select({ id: masters.id })
    .from(masters)
    .where(and(eq(masters.salonId, salonId), eq(masters.userId, userId), isNull(masters.deletedAt)))
    .limit(1);
  if (found[0]) return found[0].id;
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('NotExists', 'User does not exist', { reason: 'ID_DOES_NOT_EXISTS' });
  const groups = await tx
    .select({ id: serviceGroups.id })
    .from(serviceGroups)
    .where(and(eq(serviceGroups.salonId, salonId), isNull(serviceGroups.deletedAt)));
  const rev = await bumpRev(tx, salonId);
  const id = newId();
  await tx.insert(masters).values({
    id,
    salonId,
    userId,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    email: user.email,
    type: 'GLOBAL',
    serviceGroupIds: groups.map((g) => g.id),
    rev,
  });
  return id;
}

/** Sign-up and "Create a new salon" both end here, in one transaction: the salon is never half set up. */
export async function createSetUpSalon(tx: Tx, input: { name: string; address: string; userId: string; lang: Lang }): Promise<string> {
  const salonId = await createSalonRow(tx, input);
  await setupNewSalon(tx, salonId, input.lang);
  await setOwnerAsMaster(tx, salonId, input.userId);
  return salonId;
}
