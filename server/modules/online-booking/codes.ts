import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { newId } from '../../../src/domain/ids';
import type { App } from '../../app';
import type { Tx } from '../../db/client';
import { bookingCodes } from '../../db/schema';
import { AppError } from '../../graphql/errors';
import { translate, type Lang } from '../../i18n';
import { errorSummary } from '../../error-summary';
import { clientMessagesOf } from '../../../src/domain/rules/client-messages';
import type { BookingCodeChannel } from '../../../src/domain/rules/online-booking';
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

/** Whether the page sends its code by SMS: this server has a provider and the salon sends its clients SMS. */
export const codeBySms = (app: App, page: LivePage): boolean => app.sms !== null && clientMessagesOf(page.settings).sms;

const smsNotOffered = () =>
  new AppError('NotAllowed', 'This salon does not send codes by SMS', {
    reason: 'SMS_NOT_OFFERED',
    field: 'channel',
    messageId: 'book.smsNotOffered',
  });

/** How many codes of the salon went to this e-mail, or this phone, in the last hour. */
async function codesInTheHour(app: App, salonId: string, to: { email: string } | { phone: string }): Promise<number> {
  const [recent] = await app.database.db
    .select({ n: count() })
    .from(bookingCodes)
    .where(
      and(
        eq(bookingCodes.salonId, salonId),
        'email' in to ? eq(bookingCodes.email, to.email) : eq(bookingCodes.phone, to.phone),
        gt(bookingCodes.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  return recent?.n ?? 0;
}

/**
 * Sends a one-time code for the page's salon (issue 61 item 4) to `email`, or by SMS to `phone` where the salon
 * sends SMS, after the page's proof of work (ALTCHA) and the address's, the e-mail's and the phone's limits. The
 * code is the e-mail's either way; one sent by SMS books only with that phone. The answer is the same whoever owns
 * the e-mail or the phone.
 */
export async function requestCode(
  app: App,
  page: LivePage,
  input: { email: string; lang: Lang; captcha: string; channel: BookingCodeChannel; phone: string | null },
  address: string,
) {
  await app.limits.hit('bookingCode', address);
  const phone = input.channel === 'SMS' ? input.phone : null;
  if (input.channel === 'SMS' && (!phone || !codeBySms(app, page))) throw smsNotOffered();
  if (!(await app.captcha.verify(input.captcha)))
    throw new AppError('NotAllowed', 'Captcha was not solved', { reason: 'CAPTCHA_FAILED', field: 'captcha', messageId: 'book.captcha' });
  if ((await codesInTheHour(app, page.salonId, { email: input.email })) >= CODES_PER_HOUR) throw tooMany();
  if (phone && (await codesInTheHour(app, page.salonId, { phone })) >= CODES_PER_HOUR) throw tooMany();
  const id = newId();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await app.database.db.insert(bookingCodes).values({
    id,
    salonId: page.salonId,
    email: input.email,
    phone,
    codeHash: app.onlineBookings.codeHash(id, code),
    expiresAt: new Date(Date.now() + CODE_MINUTES * 60_000),
  });
  if (!phone) return app.mailer.send(bookingCodeMail(input.lang, input.email, code, page.name));
  try {
    await app.sms!.send({ to: phone, body: translate(input.lang, 'sms.bookingCode', { code, salon: page.name }), statusCallback: null });
  } catch (error) {
    app.log(`[sms] booking code SMS failed: ${errorSummary(error)}`);
    throw new AppError('InternalError', 'The code could not be sent by SMS', { reason: 'SMS_FAILED', messageId: 'book.smsFailed' });
  }
}

/**
 * Checks the newest live code of the e-mail for the salon, in a transaction of its own so a wrong try is counted even
 * when nothing else happens; a code sent by SMS is right only with the phone it went to. Returns the code's id,
 * consumed later with the booking it allows (`consumeCode`).
 */
export async function checkCode(app: App, salonId: string, client: { email: string; phone: string }, code: string): Promise<string> {
  const { email } = client;
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
      if (row.codeHash !== app.onlineBookings.codeHash(row.id, code) || (row.phone !== null && row.phone !== client.phone)) {
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
