import { and, eq, isNull, sql } from 'drizzle-orm';
import { BANNER_MAX_BYTES, BANNER_QUOTA_BYTES, bannerProblem, sniffBanner, withinBannerQuota } from '../../../src/domain/rules/banner';
import { newId } from '../../../src/domain/ids';
import type { Db, Tx } from '../../db/client';
import { files, seminars } from '../../db/schema';
import { refused } from '../../graphql/refusals';

/**
 * Seminar banners (decision 046): checked by size and by their first bytes before anything is read further, then
 * stored in `files`, so every instance on the same database serves them at /files/{id}.
 */
export async function readBanner(file: File): Promise<{ contentType: string; data: Buffer }> {
  // The request's length was capped before it was read (server/files.ts): the size is known and bounded.
  if (file.size > BANNER_MAX_BYTES) throw refused('seminarBannerRefused', { messageId: 'seminar.bannerTooLarge' });
  const data = Buffer.from(await file.arrayBuffer());
  const head = new Uint8Array(data.subarray(0, 16));
  const problem = bannerProblem(data.length, head);
  if (problem) throw refused('seminarBannerRefused', { messageId: problem });
  return { contentType: sniffBanner(head) as string, data };
}

/** Bytes of the banners of a supplier's live seminars. */
async function bannerBytes(tx: Tx, supplierId: string): Promise<number> {
  const [row] = await tx
    .select({ bytes: sql<string>`coalesce(sum(${files.size}), 0)` })
    .from(seminars)
    .innerJoin(files, eq(files.id, seminars.bannerId))
    .where(and(eq(seminars.supplierId, supplierId), isNull(seminars.deletedAt)));
  return Number(row?.bytes ?? 0);
}

/**
 * Stores a supplier's new banner, in place of `replacing` (its old one, whose bytes it frees) when given; refused
 * when the supplier's banners would take more than the quota (issue 56), with the quota in the message.
 */
export async function storeBanner(
  tx: Tx,
  supplierId: string,
  banner: { contentType: string; data: Buffer },
  replacing: string | null = null,
): Promise<string> {
  const [used, old] = await Promise.all([
    bannerBytes(tx, supplierId),
    replacing ? tx.select({ size: files.size }).from(files).where(eq(files.id, replacing)) : Promise.resolve([]),
  ]);
  if (!withinBannerQuota(used, banner.data.length, old[0]?.size ?? 0)) {
    throw refused('seminarBannerRefused', {
      messageId: 'seminar.bannerQuota',
      message: `A supplier's banners may take ${BANNER_QUOTA_BYTES / 1024 / 1024} MB in all`,
    });
  }
  const id = newId();
  await tx.insert(files).values({ id, contentType: banner.contentType, size: banner.data.length, data: banner.data });
  return id;
}

/**
 * Removes a banner no seminar names any more (replaced, or its seminar deleted and unlinked from it): /files/{id} is
 * then a 404. One a seminar deleted before this still names stays, as the reference holds it.
 */
export async function dropBanner(tx: Tx, id: string | null): Promise<void> {
  if (!id) return;
  const [named] = await tx.select({ id: seminars.id }).from(seminars).where(eq(seminars.bannerId, id)).limit(1);
  if (!named) await tx.delete(files).where(eq(files.id, id));
}

/** A stored file, or null. */
export async function findFile(db: Db, id: string) {
  if (!/^[0-9a-f]{24}$/.test(id)) return null;
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row ?? null;
}
