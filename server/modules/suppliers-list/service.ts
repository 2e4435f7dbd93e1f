import { and, asc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import { newId } from '../../../src/domain/ids';
import { phoneSearchDigits } from '../../../src/domain/schemas/phone';
import type { createSupplierSchema, supplierConnectionsSchema, updateSupplierSchema } from '../../../src/domain/schemas/supplier';
import { hashPassword } from '../../auth/password';
import type { Db, Tx } from '../../db/client';
import { administrators, manufacturers, masters, salons, supplierConnections, suppliers, users } from '../../db/schema';
import { decodeCursor, encodeCursor } from '../../db/keyset';
import { containsText } from '../../db/text-search';
import { refused } from '../../graphql/refusals';

/**
 * Suppliers (part 2 §2 "Sysadmin screens", §3, §5, §7; issue 18). A supplier is a user account with a live
 * `suppliers` row; its names, e-mail, phone and password are the account's. Only the sysadmin calls these
 * (checked by the resolvers). Online by nature: nothing here goes through a salon's outbox.
 */
type In<S extends v.GenericSchema> = v.InferOutput<S>;
type UserRow = typeof users.$inferSelect;
type SupplierRow = typeof suppliers.$inferSelect;

export interface SupplierView {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  type: 'GLOBAL';
  connections: { salon: string; manufacturer: string }[];
}

async function connectionsOf(db: Db | Tx, ids: string[]) {
  const byId = new Map<string, SupplierView['connections']>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byId;
  const rows = await db
    .select()
    .from(supplierConnections)
    .where(inArray(supplierConnections.supplierId, ids))
    .orderBy(asc(supplierConnections.supplierId), asc(supplierConnections.position));
  for (const r of rows) byId.get(r.supplierId)?.push({ salon: r.salonId, manufacturer: r.manufacturerId });
  return byId;
}

const viewOf = (s: SupplierRow, u: UserRow, connections: SupplierView['connections']): SupplierView => ({
  id: s.id,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  phone: u.phone,
  type: 'GLOBAL',
  connections,
});

/** The sort key of the list: the names as shown, case ignored, then the id (the cursor's two parts). */
const nameKey = sql<string>`lower(${users.firstName} || ' ' || ${users.lastName})`;

/** getSuppliers: live suppliers in name order, a search over names, e-mail and phone, keyset pages (part 2 §9: 20). */
export async function listSuppliers(db: Db, input: { search: string; first: number; after: string | null }) {
  const filters: (SQL | undefined)[] = [isNull(suppliers.deletedAt)];
  if (input.search) {
    const digits = phoneSearchDigits(input.search);
    filters.push(
      or(
        containsText(sql`${users.firstName} || ' ' || ${users.lastName}`, input.search),
        containsText(users.email, input.search),
        digits ? ilike(users.phone, `%${digits}%`) : undefined,
      ),
    );
  }
  if (input.after) {
    const [key, id] = decodeCursor(input.after);
    filters.push(or(sql`${nameKey} > ${key}`, and(sql`${nameKey} = ${key}`, sql`${suppliers.id} > ${id}`)));
  }
  const rows = await db
    .select({ s: suppliers, u: users, key: nameKey })
    .from(suppliers)
    .innerJoin(users, eq(users.id, suppliers.userId))
    .where(and(...filters))
    .orderBy(nameKey, asc(suppliers.id))
    .limit(input.first + 1);
  const page = rows.slice(0, input.first);
  const connections = await connectionsOf(
    db,
    page.map((r) => r.s.id),
  );
  const edges = page.map((r) => ({ cursor: encodeCursor(r.key, r.s.id), node: viewOf(r.s, r.u, connections.get(r.s.id) ?? []) }));
  return { edges, pageInfo: { endCursor: edges.at(-1)?.cursor ?? null, hasNextPage: rows.length > input.first } };
}

async function liveSupplier(db: Db | Tx, id: string) {
  const [row] = await db
    .select({ s: suppliers, u: users })
    .from(suppliers)
    .innerJoin(users, eq(users.id, suppliers.userId))
    .where(and(eq(suppliers.id, id), isNull(suppliers.deletedAt)));
  return row ?? null;
}

async function view(db: Db | Tx, id: string): Promise<SupplierView> {
  const row = await liveSupplier(db, id);
  if (!row) throw refused('supplierNotExists');
  return viewOf(row.s, row.u, (await connectionsOf(db, [id])).get(id) ?? []);
}

/** Whether the account is a live supplier (other than `except`). */
async function isSupplierAccount(db: Db | Tx, userId: string, except: string | null = null): Promise<boolean> {
  const [row] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.userId, userId), isNull(suppliers.deletedAt), except ? ne(suppliers.id, except) : undefined))
    .limit(1);
  return Boolean(row);
}

/** Another live supplier's account with this phone (phones are unique among suppliers, not among all accounts). */
async function supplierWithPhone(db: Db | Tx, phone: string | null, except: string | null): Promise<boolean> {
  if (!phone) return false;
  const [row] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .innerJoin(users, eq(users.id, suppliers.userId))
    .where(and(eq(users.phone, phone), isNull(suppliers.deletedAt), except ? ne(suppliers.id, except) : undefined))
    .limit(1);
  return Boolean(row);
}

/** An administrator or master of a live salon, or a sysadmin: the account's sign-in would change role. */
async function worksInSalon(db: Db | Tx, user: UserRow): Promise<boolean> {
  if (user.isSysadmin) return true;
  const live = isNull(salons.deletedAt);
  const [admin] = await db
    .select({ id: administrators.id })
    .from(administrators)
    .innerJoin(salons, eq(salons.id, administrators.salonId))
    .where(and(eq(administrators.userId, user.id), isNull(administrators.deletedAt), live))
    .limit(1);
  if (admin) return true;
  const [master] = await db
    .select({ id: masters.id })
    .from(masters)
    .innerJoin(salons, eq(salons.id, masters.salonId))
    .where(and(eq(masters.userId, user.id), isNull(masters.deletedAt), live))
    .limit(1);
  return Boolean(master);
}

/**
 * The SUPPLIER lookup's answer when the person found cannot be added: already a live supplier (on the field that
 * found him) or working in a salon.
 */
export async function refuseUnlinkableSupplier(db: Db, found: { id: string; email: string }, asked: { email: string | null }) {
  if (await isSupplierAccount(db, found.id)) throw refused(asked.email === found.email ? 'supplierEmailTaken' : 'supplierPhoneTaken');
  const [account] = await db.select().from(users).where(eq(users.id, found.id));
  if (account && (await worksInSalon(db, account))) throw refused('supplierAccountNotLinkable');
}

/** The account with this e-mail and the one account with this phone; two different ones are the spec's refusal. */
async function accountsOf(db: Db | Tx, email: string, phone: string | null) {
  const [byEmail] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const phoned = phone ? await db.select().from(users).where(eq(users.phone, phone)).orderBy(asc(users.id)).limit(2) : [];
  const byPhone = phoned.length === 1 ? phoned[0] : undefined;
  return { byEmail, byPhone };
}

/**
 * createSupplier: a new account with the given password, or the person's existing account (the lookup's
 * EXISTS) linked as it is, with no password sent. Phone and e-mail of a live supplier are refused on their field.
 */
export async function createSupplier(db: Db, input: In<typeof createSupplierSchema>): Promise<SupplierView> {
  const { byEmail, byPhone } = await accountsOf(db, input.email, input.phone);
  if (byEmail && byPhone && byEmail.id !== byPhone.id) throw refused('supplierTwoUsers');
  if (byEmail && (await isSupplierAccount(db, byEmail.id))) throw refused('supplierEmailTaken');
  if (await supplierWithPhone(db, input.phone, null)) throw refused('supplierPhoneTaken');
  const account = byEmail ?? null;
  if (account && (await worksInSalon(db, account))) throw refused('supplierAccountNotLinkable');
  if (account && input.password !== null) throw refused('supplierAccountExists');
  if (!account && input.password === null) throw refused('supplierPasswordRequired');
  // argon2 takes a moment: hashed before the transaction.
  const passwordHash = input.password === null ? null : await hashPassword(input.password);
  const id = newId();
  await db.transaction(async (tx) => {
    let userId = account?.id;
    if (!userId) {
      const [made] = await tx
        .insert(users)
        .values({
          id: newId(),
          email: input.email,
          passwordHash: passwordHash as string,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          emailVerified: true,
          isSupplier: true,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      // A sign-up with the same e-mail won meanwhile.
      if (!made) throw refused('supplierAccountExists');
      userId = made.id;
    } else {
      await tx.update(users).set({ isSupplier: true }).where(eq(users.id, userId));
    }
    // The partial unique index refuses a second live supplier row for one account (a concurrent create).
    const [row] = await tx.insert(suppliers).values({ id, userId }).onConflictDoNothing().returning({ id: suppliers.id });
    if (!row) throw refused('supplierEmailTaken');
  });
  return view(db, id);
}

/** updateSupplier: the account's names, e-mail and phone, and its password when one is given. */
export async function updateSupplier(db: Db, input: In<typeof updateSupplierSchema>): Promise<SupplierView> {
  const current = await liveSupplier(db, input.supplierId);
  if (!current) throw refused('supplierNotExists');
  const { byEmail } = await accountsOf(db, input.email, null);
  if (byEmail && byEmail.id !== current.u.id) throw refused('supplierEmailTaken');
  if (await supplierWithPhone(db, input.phone, input.supplierId)) throw refused('supplierPhoneTaken');
  const passwordHash = input.password === null ? null : await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(users)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        ...(passwordHash ? { passwordHash } : {}),
      })
      .where(eq(users.id, current.u.id))
      .returning({ id: users.id })
      .catch((error: unknown) => {
        // The unique e-mail index: another account took the e-mail meanwhile.
        if (String((error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code) === '23505')
          throw refused('supplierEmailTaken');
        throw error;
      });
    if (!changed) throw refused('supplierNotExists');
  });
  return view(db, input.supplierId);
}

/** deleteSupplier: the row ends with its connections; the account no longer signs in as a supplier. */
export async function deleteSupplier(db: Db, supplierId: string): Promise<string> {
  await db.transaction(async (tx) => {
    const [ended] = await tx
      .update(suppliers)
      .set({ deletedAt: new Date() })
      .where(and(eq(suppliers.id, supplierId), isNull(suppliers.deletedAt)))
      .returning();
    if (!ended) throw refused('supplierNotExists');
    await tx.delete(supplierConnections).where(eq(supplierConnections.supplierId, supplierId));
    await tx.update(users).set({ isSupplier: false }).where(eq(users.id, ended.userId));
  });
  return supplierId;
}

/**
 * createSupplierSalonConnection: replaces the supplier's rows in one transaction. Each salon must be live and
 * each manufacturer that salon's, live, or one the supplier already has (a deleted one stays while current).
 */
export async function replaceConnections(db: Db, input: In<typeof supplierConnectionsSchema>): Promise<SupplierView> {
  await db.transaction(async (tx) => {
    // Locks the supplier's row: two saves of one supplier apply one after the other.
    const [row] = await tx
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(and(eq(suppliers.id, input.supplier), isNull(suppliers.deletedAt)))
      .for('update');
    if (!row) throw refused('supplierNotExists');
    const current = new Set(
      (await tx.select().from(supplierConnections).where(eq(supplierConnections.supplierId, input.supplier))).map((c) => c.manufacturerId),
    );
    const ids = [...new Set(input.connections.map((c) => c.manufacturer))];
    const found = await tx
      .select({ id: manufacturers.id, salonId: manufacturers.salonId, deletedAt: manufacturers.deletedAt, salonGone: salons.deletedAt })
      .from(manufacturers)
      .innerJoin(salons, eq(salons.id, manufacturers.salonId))
      .where(inArray(manufacturers.id, ids));
    const byId = new Map(found.map((m) => [m.id, m]));
    for (const c of input.connections) {
      const m = byId.get(c.manufacturer);
      const valid = m && m.salonId === c.salon && m.salonGone === null && (m.deletedAt === null || current.has(m.id));
      if (!valid) throw refused('supplierConnectionInvalid');
    }
    await tx.delete(supplierConnections).where(eq(supplierConnections.supplierId, input.supplier));
    await tx.insert(supplierConnections).values(
      input.connections.map((c, position) => ({
        supplierId: input.supplier,
        salonId: c.salon,
        manufacturerId: c.manufacturer,
        position,
      })),
    );
  });
  return view(db, input.supplier);
}

/** The sysadmin's manufacturer list: every live salon's manufacturers, deleted ones flagged, by salon and name. */
export async function manufacturerList(db: Db) {
  const rows = await db
    .select({ m: manufacturers, salonName: salons.name })
    .from(manufacturers)
    .innerJoin(salons, eq(salons.id, manufacturers.salonId))
    .where(isNull(salons.deletedAt))
    .orderBy(asc(salons.name), asc(manufacturers.name), asc(manufacturers.id));
  return rows.map(({ m, salonName }) => ({
    id: m.id,
    name: m.name,
    salon: m.salonId,
    salonName,
    deletedAt: m.deletedAt ? m.deletedAt.toISOString() : null,
  }));
}
