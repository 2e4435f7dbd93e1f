import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type * as v from 'valibot';
import {
  checkDeleteAdministrator,
  checkTransferOwnership,
  checkUpdateAdministrator,
  ownerRefusal,
  type OwnerActor,
  type OwnerRead,
} from '../../../src/domain/commands/administrators';
import type { ServerErrorShape } from '../../../src/domain/errors';
import { newId } from '../../../src/domain/ids';
import { canManageAdministrators } from '../../../src/domain/rules/administrators';
import type {
  addAdministratorSchema,
  deleteAdministratorSchema,
  transferOwnershipSchema,
  updateAdministratorSchema,
} from '../../../src/domain/schemas/administrator';
import { findSalon } from '../../auth/access';
import { accessChanged } from '../../auth/access-change';
import { hashPassword } from '../../auth/password';
import type { Db, Tx } from '../../db/client';
import { administrators, masters, salons, sessions, users } from '../../db/schema';
import type { Context, SalonViewer } from '../../graphql/context';
import { fromShape, refused } from '../../graphql/refusals';
import { runCommand, type Writer } from '../../sync/command';
import { administratorRow } from '../../sync/rows';

/**
 * Administrators (part 2 §2-§8, docs/decisions/022). An administrator is a user account linked to the salon by
 * an `administrators` row; its name, phone and e-mail are the account's. Only the owner adds, edits, deletes
 * and hands the salon over. Adding is online only: the password is hashed here and never travels through the
 * outbox or the mirror.
 */
type In<S extends v.GenericSchema> = v.InferOutput<S>;
type AdministratorDbRow = typeof administrators.$inferSelect;
type UserDbRow = typeof users.$inferSelect;

const view = (a: AdministratorDbRow, u: UserDbRow, ownerId: string) => ({
  ...administratorRow(a, u),
  rev: a.rev,
  roles: ['ADMIN'],
  isOwner: a.userId === ownerId,
});

/** The caller as the shared checks take it (src/domain/commands/administrators.ts). */
const actorOf = (w: Writer): OwnerActor => ({
  role: w.viewer.role,
  isOwner: w.viewer.isOwner,
  salonId: w.salonId,
  userId: w.viewer.user.id,
});
const check = (broken: ServerErrorShape | null) => {
  if (broken) throw fromShape(broken);
};

/**
 * The write's rev and the salon's owner read under the salon's write lock (w.rev()), so the owner's check sees
 * a hand-over racing this write: the one who is no longer the owner is refused. Once the check passed, the
 * owner is the caller (w.viewer.user.id).
 */
async function ownerWrite(w: Writer): Promise<{ rev: number } & OwnerRead> {
  const rev = await w.rev();
  const [salon] = await w.tx.select({ ownerId: salons.administratorId }).from(salons).where(eq(salons.id, w.salonId));
  return { rev, ownerId: salon?.ownerId ?? null };
}

/** A live administrator of the salon with its account, or null. */
async function administratorOf(tx: Tx, salonId: string, id: string) {
  const [row] = await tx
    .select({ a: administrators, u: users })
    .from(administrators)
    .innerJoin(users, eq(users.id, administrators.userId))
    .where(and(eq(administrators.id, id), eq(administrators.salonId, salonId), isNull(administrators.deletedAt)));
  return row ?? null;
}

/** getAdministrators(salon): the live administrators, owner included (flagged), oldest first. */
export async function listAdministrators(db: Db, salon: { id: string; administratorId: string }) {
  const rows = await db
    .select({ a: administrators, u: users })
    .from(administrators)
    .innerJoin(users, eq(users.id, administrators.userId))
    .where(and(eq(administrators.salonId, salon.id), isNull(administrators.deletedAt)))
    .orderBy(asc(administrators.createdAt), asc(administrators.id));
  return rows.map(({ a, u }) => view(a, u, salon.administratorId));
}

/**
 * addAdministrator: a new account with the given password, or, when the e-mail has an account already, that
 * account linked as it is (its password, name and phone stay the person's own; sending a password for it is
 * refused, so nobody's password is ever set by someone else).
 */
export async function addAdministrator(ctx: Context, viewer: SalonViewer, input: In<typeof addAdministratorSchema>) {
  const salon = await findSalon(ctx.app.database.db, input.salonId);
  if (!salon) throw refused('administratorSalonNotExists');
  if (salon.id !== viewer.salon.id || !canManageAdministrators(viewer)) throw refused('cannotAddAdministrators');
  const [account] = await ctx.app.database.db.select().from(users).where(eq(users.email, input.email)).limit(1);
  if (account && (account.isSysadmin || account.isSupplier)) throw refused('accountNotLinkable');
  if (account && input.password !== null) throw refused('accountExists');
  if (!account && input.password === null) throw refused('passwordRequired');
  // argon2 takes a moment: hashed before the transaction, so the salon's write lock is not held meanwhile.
  const passwordHash = input.password === null ? null : await hashPassword(input.password);
  return runCommand(ctx, viewer, null, 'administrator.add', async (w) => {
    const { rev, ownerId } = await ownerWrite(w);
    check(ownerRefusal(salon.id, actorOf(w), { ownerId }, 'cannotAddAdministrators'));
    const id = input.id ?? newId();
    const [taken] = await w.tx.select({ id: administrators.id }).from(administrators).where(eq(administrators.id, id));
    if (taken) throw refused('idTaken');
    let user = account;
    if (!user) {
      // A concurrent add or sign-up with the same e-mail wins the unique index: this one is told the account exists.
      [user] = await w.tx
        .insert(users)
        .values({
          id: newId(),
          email: input.email,
          passwordHash: passwordHash as string,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
        })
        .onConflictDoNothing()
        .returning();
      if (!user) throw refused('accountExists');
    }
    const [row] = await w.tx
      .insert(administrators)
      .values({ id, salonId: w.salonId, userId: user.id, rev })
      .onConflictDoNothing()
      .returning();
    if (!row) throw refused('administratorEmailTaken');
    // A master of the salon becomes its administrator: the new role starts with new streams.
    w.emit(accessChanged({ users: [user.id], salon: w.salonId }));
    return view(row, user, w.viewer.user.id);
  });
}

/** Whether the account is anything beyond this salon's: another salon's administrator or master, or not a salon person. */
async function usedElsewhere(tx: Tx, user: UserDbRow, salonId: string): Promise<boolean> {
  if (user.isSysadmin || user.isSupplier) return true;
  const live = and(ne(salons.id, salonId), isNull(salons.deletedAt));
  const [admin] = await tx
    .select({ id: administrators.id })
    .from(administrators)
    .innerJoin(salons, eq(salons.id, administrators.salonId))
    .where(and(eq(administrators.userId, user.id), isNull(administrators.deletedAt), live))
    .limit(1);
  if (admin) return true;
  const [master] = await tx
    .select({ id: masters.id })
    .from(masters)
    .innerJoin(salons, eq(salons.id, masters.salonId))
    .where(and(eq(masters.userId, user.id), isNull(masters.deletedAt), live))
    .limit(1);
  return Boolean(master);
}

/** updateAdministrator: the account's name and phone, only while the account is this salon's alone. */
export async function updateAdministrator(w: Writer, input: In<typeof updateAdministratorSchema>) {
  const { rev, ownerId } = await ownerWrite(w);
  const found = await administratorOf(w.tx, w.salonId, input.administratorId);
  const shared = found ? await usedElsewhere(w.tx, found.u, w.salonId) : false;
  check(checkUpdateAdministrator(input, actorOf(w), { ownerId, current: found?.a ?? null, usedElsewhere: shared }));
  const { a, u } = found as NonNullable<typeof found>;
  const [user] = await w.tx
    .update(users)
    .set({ firstName: input.firstName, lastName: input.lastName, phone: input.phone })
    .where(eq(users.id, u.id))
    .returning();
  const [row] = await w.tx.update(administrators).set({ rev }).where(eq(administrators.id, a.id)).returning();
  return view(row as AdministratorDbRow, user as UserDbRow, w.viewer.user.id);
}

/**
 * deleteAdministrator: the link goes (soft delete, pull sends a tombstone); the account stays, it may work in
 * other salons. Its sessions in this salon are revoked in the same transaction, so they stop at once; the
 * owner can never be removed.
 */
export async function deleteAdministrator(w: Writer, input: In<typeof deleteAdministratorSchema>) {
  const { rev, ownerId } = await ownerWrite(w);
  const found = await administratorOf(w.tx, w.salonId, input.administratorId);
  check(checkDeleteAdministrator(input, actorOf(w), { ownerId, current: found?.a ?? null }));
  const { a } = found as NonNullable<typeof found>;
  const now = new Date();
  await w.tx.update(administrators).set({ deletedAt: now, rev }).where(eq(administrators.id, a.id));
  await w.tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, a.userId), eq(sessions.salonId, w.salonId), isNull(sessions.revokedAt)));
  // Its open sockets close on commit, on every instance (a master of the salon too comes back as a master).
  w.emit(accessChanged({ users: [a.userId], salon: w.salonId }));
  return { salonId: w.salonId, administratorId: a.id };
}

/** Owner Settings: the salon passes to another of its administrators; the old owner stays an administrator. */
export async function transferOwnership(w: Writer, input: In<typeof transferOwnershipSchema>) {
  const { rev, ownerId } = await ownerWrite(w);
  const found = await administratorOf(w.tx, w.salonId, input.administratorId);
  check(checkTransferOwnership(input, actorOf(w), { ownerId, current: found?.a ?? null }));
  const { a } = found as NonNullable<typeof found>;
  await w.tx.update(salons).set({ administratorId: a.userId, rowRev: rev }).where(eq(salons.id, w.salonId));
  w.emit(accessChanged({ users: [w.viewer.user.id, a.userId], salon: w.salonId }));
  return { salonId: w.salonId, administratorId: a.id, ownerId: a.userId };
}
