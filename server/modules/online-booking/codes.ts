import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { newId } from '../../../src/domain/ids';
import type { App } from '../../app';
import type { Tx } from '../../db/client';
import { bookingCodes } from '../../db/schema';
import { AppError } from '../../graphql/errors';
import type { Lang } from '../../i18n';
import { bookingCodeMail } from './mail';
import type { LivePage } from './page';

/** A code works for 10 minutes, once, and for 5 wrong tries; an e-mail gets at most 5 codes of a salon an hour. */
export const CODE_MINUTES = 10;
export const CODE_TRIES = 5;
export const CODES_PER_HOUR = 5;

const tooMany = () =>
  new AppError('TooManyRequests', 'Too many codes asked for this e-mail', { reason: 'RATE_LIMITED', messageId: 'error.tooManyAttempts' });
const badCode = () =>
  new AppError('NotAllowed', 'The code is wrong or has expired', {
    reason: 'BOOKING_CODE_INVALID',
    field: 'code',
    messageId: 'book.codeInvalid',
  });

/**
 * Sends a one-time code to `email` for the page's salon (issue 61 item 4), after the page's proof of work (ALTCHA)
 * and the address's and the e-mail's limits. The answer is the same whoever owns the e-mail.
 */
export async function requestCode(app: App, page: LivePage, input: { email: string; lang: Lang; captcha: string }, address: string) {
  await app.limits.hit('bookingCode', address);
  if (!(await app.captcha.verify(input.captcha)))
    throw new AppError('NotAllowed', 'Captcha was not solved', { reason: 'CAPTCHA_FAILED', field: 'captcha', messageId: 'book.captcha' });
  const db = app.database.db;
  const [recent] = await db
    .select({ n: count() })
    .from(bookingCodes)
    .where(
      and(
        eq(bookingCodes.salonId, page.salonId),
        eq(bookingCodes.email, input.email),
        gt(bookingCodes.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  if ((recent?.n ?? 0) >= CODES_PER_HOUR) throw tooMany();
  const id = newId();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.insert(bookingCodes).values({
    id,
    salonId: page.salonId,
    email: input.email,
    codeHash: app.onlineBookings.codeHash(id, code),
    expiresAt: new Date(Date.now() + CODE_MINUTES * 60_000),
  });
  await app.mailer.send(bookingCodeMail(input.lang, input.email, code, page.name));
}

/**
 * Checks the newest live code of the e-mail for the salon, in a transaction of its own so a wrong try is counted even
 * when nothing else happens. Returns the code's id, consumed later with the booking it allows (`consumeCode`).
 */
export async function checkCode(app: App, salonId: string, email: string, code: string): Promise<string> {
  return app.database.db
    .transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(bookingCodes)
        .where(
          and(
            eq(bookingCodes.salonId, salonId),
            eq(bookingCodes.email, email),
            isNull(bookingCodes.usedAt),
            gt(bookingCodes.expiresAt, new Date()),
          ),
        )
        .orderBy(desc(bookingCodes.createdAt))
        .limit(1)
        .for('update');
      if (!row || row.attempts >= CODE_TRIES) throw badCode();
      if (row.codeHash !== app.onlineBookings.codeHash(row.id, code)) {
        await tx
          .update(bookingCodes)
          .set({ attempts: row.attempts + 1 })
          .where(eq(bookingCodes.id, row.id));
        return null;
      }
      return row.id;
    })
    .then((id) => {
      if (!id) throw badCode();
      return id;
    });
}

/** Uses the code up with the booking, in its transaction: a code made one booking only. */
export async function consumeCode(tx: Tx, id: string): Promise<void> {
  const used = await tx
    .update(bookingCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(bookingCodes.id, id), isNull(bookingCodes.usedAt)))
    .returning({ id: bookingCodes.id });
  if (used.length === 0) throw badCode();
}
