import { eq } from 'drizzle-orm';
import { BANNER_MAX_BYTES, bannerProblem, sniffBanner } from '../../../src/domain/rules/banner';
import { newId } from '../../../src/domain/ids';
import type { Db, Tx } from '../../db/client';
import { files } from '../../db/schema';
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

export async function storeBanner(tx: Tx, banner: { contentType: string; data: Buffer }): Promise<string> {
  const id = newId();
  await tx.insert(files).values({ id, contentType: banner.contentType, size: banner.data.length, data: banner.data });
  return id;
}

/** A stored file, or null. */
export async function findFile(db: Db, id: string) {
  if (!/^[0-9a-f]{24}$/.test(id)) return null;
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row ?? null;
}
