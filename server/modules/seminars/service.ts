import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { newId } from '../../../src/domain/ids';
import { salonWallTime } from '../../../src/domain/rules/time';
import type { addSeminarSchema, getSeminarsSchema, updateSeminarSchema } from '../../../src/domain/schemas/seminar';
import type { Db, Tx } from '../../db/client';
import { masters, seminarVisitors, seminars, supplierConnections, suppliers, users } from '../../db/schema';
import { uniqueViolation } from '../../db/errors';
import { decodeCursor, encodeCursor } from '../../db/keyset';
import { containsText } from '../../db/text-search';
import { refused } from '../../graphql/refusals';
import { dropBanner, storeBanner } from './banners';

/**
 * Seminars (part 2 §2 "Supplier screens", §3, §4, §5, §7; issue 19, decision 046). A supplier keeps his own;
 * masters of the salons he is connected to see them and sign up within the place count.
 */
type In<S extends v.GenericSchema> = v.InferOutput<S>;
type SeminarRow = typeof seminars.$inferSelect;
type Banner = { contentType: string; data: Buffer } | null;

const wallText = (s: string) => s.slice(0, 16);
const bannerUrl = (id: string | null) => (id ? `/files/${id}` : null);

/** The caller's live supplier row, or the refusal. */
export async function supplierIdOf(db: Db, userId: string): Promise<string> {
  const [row] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.userId, userId), isNull(suppliers.deletedAt)));
  if (!row) throw refused('seminarsForSuppliers');
  return row.id;
}

async function visitorsOf(db: Db | Tx, ids: string[]) {
  const byId = new Map<
    string,
    { id: string; firstName: string; lastName: string; email: string | null; phone: string | null; attendedAt: string }[]
  >(ids.map((id) => [id, []]));
  if (ids.length === 0) return byId;
  const rows = await db
    .select({ v: seminarVisitors, m: masters, email: users.email })
    .from(seminarVisitors)
    .innerJoin(masters, eq(masters.id, seminarVisitors.masterId))
    .leftJoin(users, eq(users.id, masters.userId))
    .where(inArray(seminarVisitors.seminarId, ids))
    .orderBy(asc(seminarVisitors.createdAt));
  for (const { v: visit, m, email } of rows)
    byId.get(visit.seminarId)?.push({
      id: m.id,
      firstName: m.firstName,
      lastName: m.lastName,
      email: m.email ?? email,
      phone: m.phone,
      attendedAt: visit.createdAt.toISOString(),
    });
  return byId;
}

const view = (s: SeminarRow, visitors: Awaited<ReturnType<typeof visitorsOf>> extends Map<string, infer V> ? V : never) => ({
  id: s.id,
  name: s.name,
  description: s.description,
  type: s.type,
  startAt: wallText(s.startAt),
  duration: s.duration,
  placeCount: s.placeCount,
  banner: bannerUrl(s.bannerId),
  visitorCount: visitors.length,
  visitors,
});

/** getSeminars: the supplier's live seminars, latest first, searched by name; keyset pages of 20. */
export async function listSeminars(db: Db, supplierId: string, input: In<typeof getSeminarsSchema>) {
  const after = input.after ? decodeCursor(input.after) : null;
  const rows = await db
    .select()
    .from(seminars)
    .where(
      and(
        eq(seminars.supplierId, supplierId),
        isNull(seminars.deletedAt),
        input.search ? containsText(seminars.name, input.search) : undefined,
        after
          ? or(sql`${seminars.startAt} < ${after[0]}`, and(sql`${seminars.startAt} = ${after[0]}`, sql`${seminars.id} < ${after[1]}`))
          : undefined,
      ),
    )
    .orderBy(desc(seminars.startAt), desc(seminars.id))
    .limit(input.first + 1);
  const page = rows.slice(0, input.first);
  const visitors = await visitorsOf(
    db,
    page.map((s) => s.id),
  );
  const edges = page.map((s) => ({ cursor: encodeCursor(s.startAt, s.id), node: view(s, visitors.get(s.id) ?? []) }));
  return { edges, pageInfo: { endCursor: edges.at(-1)?.cursor ?? null, hasNextPage: rows.length > input.first } };
}

async function nameTaken(tx: Tx, supplierId: string, name: string, except: string | null) {
  const [row] = await tx
    .select({ id: seminars.id })
    .from(seminars)
    .where(
      and(
        eq(seminars.supplierId, supplierId),
        isNull(seminars.deletedAt),
        sql`lower(${seminars.name}) = lower(${name})`,
        except ? ne(seminars.id, except) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

async function seminarView(db: Db | Tx, id: string) {
  const [row] = await db.select().from(seminars).where(eq(seminars.id, id));
  if (!row) throw refused('seminarNotExists');
  return view(row, (await visitorsOf(db, [id])).get(id) ?? []);
}

/** Two saves racing to one name: the unique index refuses the later, told as the spec's NAME_ALREADY_EXISTS. */
async function nameRace<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (uniqueViolation(error) === 'seminars_live_name_key') throw refused('seminarNameTaken');
    throw error;
  }
}

/** addSeminar: the banner is required; a name is unique among the supplier's live seminars (any case). */
export async function addSeminar(db: Db, supplierId: string, input: In<typeof addSeminarSchema>, banner: Banner) {
  if (!banner) throw refused('seminarBannerRefused', { messageId: 'seminar.selectFile' });
  const id = newId();
  await nameRace(
    db.transaction(async (tx) => {
      if (await nameTaken(tx, supplierId, input.name, null)) throw refused('seminarNameTaken');
      const bannerId = await storeBanner(tx, supplierId, banner);
      await tx.insert(seminars).values({
        id,
        supplierId,
        name: input.name,
        description: input.description,
        type: input.type,
        startAt: input.startAt,
        duration: input.duration,
        placeCount: input.placeCount,
        bannerId,
      });
    }),
  );
  return seminarView(db, id);
}

/** The supplier's live seminar, locked for the rest of the transaction (sign-ups wait for it), or the refusal. */
async function ownSeminar(tx: Tx, supplierId: string, id: string) {
  const [row] = await tx
    .select()
    .from(seminars)
    .where(and(eq(seminars.id, id), eq(seminars.supplierId, supplierId), isNull(seminars.deletedAt)))
    .for('update');
  if (!row) throw refused('seminarNotExists');
  return row;
}

async function visitorCount(tx: Tx, id: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(seminarVisitors).where(eq(seminarVisitors.seminarId, id));
  return Number(row?.n ?? 0);
}

/** updateSeminar: the place count not below the visitors; a new banner replaces the old one. */
export async function updateSeminar(db: Db, supplierId: string, input: In<typeof updateSeminarSchema>, banner: Banner) {
  await nameRace(
    db.transaction(async (tx) => {
      const current = await ownSeminar(tx, supplierId, input.seminarId);
      if (await nameTaken(tx, supplierId, input.name, input.seminarId)) throw refused('seminarNameTaken');
      if (input.placeCount < (await visitorCount(tx, input.seminarId))) throw refused('seminarPlacesBelowVisitors');
      const bannerId = banner ? await storeBanner(tx, supplierId, banner, current.bannerId) : undefined;
      await tx
        .update(seminars)
        .set({
          name: input.name,
          description: input.description,
          type: input.type,
          startAt: input.startAt,
          duration: input.duration,
          placeCount: input.placeCount,
          ...(bannerId ? { bannerId } : {}),
        })
        .where(eq(seminars.id, input.seminarId));
      // The replaced banner goes with the change (issue 56): 30 updates of a banner no longer keep 30 copies.
      if (bannerId) await dropBanner(tx, current.bannerId);
    }),
  );
  return seminarView(db, input.seminarId);
}

/** deleteSeminar: refused while anyone is signed up (part 2 §4); its banner is removed with it. */
export async function deleteSeminar(db: Db, supplierId: string, id: string) {
  await db.transaction(async (tx) => {
    const current = await ownSeminar(tx, supplierId, id);
    if ((await visitorCount(tx, id)) > 0) throw refused('seminarHasVisitors');
    await tx.update(seminars).set({ deletedAt: new Date(), bannerId: null }).where(eq(seminars.id, id));
    await dropBanner(tx, current.bannerId);
  });
  return id;
}

// ── The masters' side ──

/** The salon's live master row of the caller, or null. */
export async function masterOf(db: Db, salonId: string, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: masters.id })
    .from(masters)
    .where(and(eq(masters.salonId, salonId), eq(masters.userId, userId), isNull(masters.deletedAt)));
  return row?.id ?? null;
}

/** Live seminars of suppliers connected to the salon, not started yet (the salon's clock), soonest first. */
export async function salonSeminars(db: Db, salon: { id: string; timeZone: string }, masterId: string | null) {
  const now = salonWallTime(new Date(), salon.timeZone);
  const connected = db
    .selectDistinct({ supplierId: supplierConnections.supplierId })
    .from(supplierConnections)
    .where(eq(supplierConnections.salonId, salon.id));
  const rows = await db
    .select({ s: seminars, firstName: users.firstName, lastName: users.lastName })
    .from(seminars)
    .innerJoin(suppliers, eq(suppliers.id, seminars.supplierId))
    .innerJoin(users, eq(users.id, suppliers.userId))
    .where(
      and(
        isNull(seminars.deletedAt),
        isNull(suppliers.deletedAt),
        inArray(seminars.supplierId, connected),
        sql`${seminars.startAt} > ${now}`,
      ),
    )
    .orderBy(asc(seminars.startAt), asc(seminars.id));
  const ids = rows.map((r) => r.s.id);
  const visitors = await visitorsOf(db, ids);
  return rows.map(({ s, firstName, lastName }) => {
    const list = visitors.get(s.id) ?? [];
    return {
      id: s.id,
      name: s.name,
      description: s.description,
      type: s.type,
      startAt: wallText(s.startAt),
      duration: s.duration,
      placeCount: s.placeCount,
      banner: bannerUrl(s.bannerId),
      visitorCount: list.length,
      supplier: `${firstName} ${lastName}`.trim(),
      signedUp: masterId !== null && list.some((x) => x.id === masterId),
    };
  });
}

/**
 * A master takes a place: the seminar's row is locked, so of two masters taking the last place at once exactly
 * one gets it; the other is told it is full. Signing up twice changes nothing.
 */
export async function signUp(db: Db, salon: { id: string; timeZone: string }, masterId: string, seminarId: string) {
  await db.transaction(async (tx) => {
    const seminar = await visibleSeminar(tx, salon, seminarId);
    const [already] = await tx
      .select({ id: seminarVisitors.masterId })
      .from(seminarVisitors)
      .where(and(eq(seminarVisitors.seminarId, seminarId), eq(seminarVisitors.masterId, masterId)));
    if (already) return;
    if ((await visitorCount(tx, seminarId)) >= seminar.placeCount) throw refused('seminarFull');
    await tx.insert(seminarVisitors).values({ seminarId, masterId, salonId: salon.id });
  });
}

/** A master gives his place back (before the seminar starts). */
export async function cancelSignUp(db: Db, salon: { id: string; timeZone: string }, masterId: string, seminarId: string) {
  await db.transaction(async (tx) => {
    await visibleSeminar(tx, salon, seminarId);
    await tx.delete(seminarVisitors).where(and(eq(seminarVisitors.seminarId, seminarId), eq(seminarVisitors.masterId, masterId)));
  });
}

/** A live seminar, not started, of a supplier connected to the salon; locked for the transaction. */
async function visibleSeminar(tx: Tx, salon: { id: string; timeZone: string }, seminarId: string) {
  const [row] = await tx
    .select({ s: seminars })
    .from(seminars)
    .innerJoin(suppliers, eq(suppliers.id, seminars.supplierId))
    .where(
      and(
        eq(seminars.id, seminarId),
        isNull(seminars.deletedAt),
        isNull(suppliers.deletedAt),
        inArray(
          seminars.supplierId,
          tx
            .selectDistinct({ id: supplierConnections.supplierId })
            .from(supplierConnections)
            .where(eq(supplierConnections.salonId, salon.id)),
        ),
      ),
    )
    .for('update', { of: seminars });
  if (!row) throw refused('seminarNotExists');
  if (row.s.startAt.slice(0, 16) <= salonWallTime(new Date(), salon.timeZone)) throw refused('seminarOver');
  return row.s;
}
