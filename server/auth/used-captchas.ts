import { createHash } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { usedCaptchas } from '../db/schema';
import type { UsedCaptchas } from './captcha';

const hashed = (id: string) => createHash('sha256').update(id).digest('base64url');

/**
 * Solved ALTCHA challenges in the shared database (altcha-lib's `Store`): `setIfAbsent` records one for all
 * instances at once and answers false when any instance had it already. Each is kept `ttlSeconds`, past its
 * challenge's own expiry; expired ones go now and then (one insert in 100).
 */
export function createUsedCaptchas(db: Db, ttlSeconds: number): UsedCaptchas {
  let inserts = 0;
  const add = async (id: string) => {
    const rows = await db
      .insert(usedCaptchas)
      .values({ id: hashed(id), expiresAt: new Date(Date.now() + ttlSeconds * 1000) })
      .onConflictDoNothing()
      .returning({ id: usedCaptchas.id });
    inserts += 1;
    if (inserts % 100 === 0) await db.delete(usedCaptchas).where(lt(usedCaptchas.expiresAt, new Date()));
    return rows.length === 1;
  };
  return {
    setIfAbsent: add,
    get: async (id) =>
      (
        await db
          .select({ id: usedCaptchas.id })
          .from(usedCaptchas)
          .where(eq(usedCaptchas.id, hashed(id)))
      ).length === 1,
    set: async (id) => {
      await add(id);
    },
  };
}
