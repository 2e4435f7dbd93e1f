import { and, eq, inArray, isNull } from 'drizzle-orm';
import { newId } from '../../../src/domain/ids';
import { isPlaceholderEmail } from '../../../src/domain/rules/master-access';
import type {
  changePasswordSchema,
  loginSchema,
  resetPasswordSchema,
  signupSchema,
  verifyEmailSchema,
} from '../../../src/domain/schemas/access';
import type * as v from 'valibot';
import type { App } from '../../app';
import { listUserSalons, resolveAccess, type ResolvedAccess } from '../../auth/access';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../auth/password';
import { accessChanged } from '../../auth/access-change';
import { createSession, revokeUserSessions, type UserRow } from '../../auth/sessions';
import { hashToken, newToken } from '../../auth/tokens';
import { errorSummary } from '../../error-summary';
import { uniqueViolation } from '../../db/errors';
import type { Tx } from '../../db/client';
import { bumpRev } from '../../db/rev';
import { administrators, authTokens, masters, users } from '../../db/schema';
import { AppError } from '../../graphql/errors';
import { refused } from '../../graphql/refusals';
import type { HttpCookies } from '../../graphql/context';
import type { Lang } from '../../i18n';
import { resetPasswordMail, verifyEmailMail } from '../../mail/templates';
import type { SalonEvent } from '../../pubsub';
import { createSetUpSalon } from '../salons/setup';
import { authPayload, salonView } from '../salons/views';

const RESET_TTL_MS = 60 * 60 * 1000;
const VERIFY_TTL_MS = 7 * 24 * 3600 * 1000;

async function findUserByEmail(app: App, email: string): Promise<UserRow | null> {
  // An SMS invitation's placeholder address names no one: nothing is mailed there, nobody signs in with it.
  if (isPlaceholderEmail(email.trim().toLowerCase())) return null;
  const rows = await app.database.db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return rows[0] ?? null;
}

/** The salon a login lands in: the first administered salon, else the first where the user is a master. */
async function defaultAccess(app: App, user: UserRow): Promise<ResolvedAccess | null> {
  if (user.isSupplier && !user.isSysadmin) return resolveAccess(app.database.db, user, null);
  const salons = await listUserSalons(app.database.db, user);
  if (salons[0]) return salons[0];
  if (user.isSysadmin) return resolveAccess(app.database.db, user, null);
  return null;
}

/**
 * login (part 1 §7). Throttled per account and address unless the browser is a known device of the account: one
 * that signed in to it before and holds its device cookie (decision 034). A success gives the browser a new one.
 */
export async function login(app: App, input: v.InferOutput<typeof loginSchema>, address: string, http: HttpCookies | null = null) {
  const device = await app.limits.assertLoginAllowed(input.username, address, app.devices.deviceOf(input.username, http?.cookies ?? null));
  const user = await findUserByEmail(app, input.username);
  if (!user) {
    await verifyPassword(await dummyPasswordHash(), input.password);
    await app.limits.loginFailed(input.username, address, device);
    throw new AppError('UserNotFound', 'User with specified username does not exists', { field: 'username' });
  }
  // An invited account without a password yet (issue 63) is compared with the dummy, as an unknown one.
  if (!(await verifyPassword(user.passwordHash || (await dummyPasswordHash()), input.password)) || !user.passwordHash) {
    await app.limits.loginFailed(input.username, address, device);
    throw new AppError('InvalidPassword', 'Password does not match', { field: 'password' });
  }
  const access = await defaultAccess(app, user);
  if (!access) throw new AppError('NotAllowed', 'This user has no access to the panel', { reason: 'NO_PANEL_ACCESS' });
  await app.limits.loginSucceeded(input.username, device);
  if (http) http.setCookie(app.devices.issue(input.username, http.secure).setCookie);
  const token = await createSession(app.database.db, user.id, access.salon?.id ?? null);
  return authPayload(token, user, access);
}

async function issueToken(app: App, user: UserRow, kind: 'reset' | 'verify', ttl: number): Promise<string> {
  const { token, hash } = newToken();
  await app.database.db
    .insert(authTokens)
    .values({ tokenHash: hash, userId: user.id, kind, email: user.email, expiresAt: new Date(Date.now() + ttl) });
  return token;
}

async function sendVerification(app: App, user: UserRow, lang: Lang) {
  const token = await issueToken(app, user, 'verify', VERIFY_TTL_MS);
  const link = `${app.publicUrl}/verify-email/${encodeURIComponent(user.email)}/${token}`;
  await app.mailer.send(verifyEmailMail(lang, user.email, link, user.firstName));
}

export async function resetPassword(app: App, input: v.InferOutput<typeof resetPasswordSchema>, address: string) {
  await app.limits.hit('reset', address);
  const user = await findUserByEmail(app, input.email);
  if (!user) throw new AppError('NotExists', 'User with specified email address does not exists.', { field: 'email' });
  const token = await issueToken(app, user, 'reset', RESET_TTL_MS);
  await app.mailer.send(resetPasswordMail(input.lang, user.email, `${app.publicUrl}/change-password/${token}`, user.firstName));
  return { success: true };
}

/**
 * Marks a single-use token used; refuses unknown, used and expired ones with the spec's codes. A password is
 * set by a reset link or by a master's invitation (issue 63, server/modules/staff/access.ts).
 */
async function consumeToken(
  app: App,
  token: string,
  kind: 'reset' | 'verify',
  email?: string,
  /** Writes that stand or fall with the token's use (the address an SMS invitation's master chose). */
  alongside?: (tx: Tx, user: UserRow) => Promise<UserRow>,
): Promise<UserRow> {
  const kinds = kind === 'reset' ? ['reset', 'invite'] : [kind];
  return app.database.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.tokenHash, hashToken(token)), inArray(authTokens.kind, kinds)))
      .for('update')
      .limit(1);
    const row = rows[0];
    if (!row || (email !== undefined && row.email !== email)) {
      throw new AppError('NotExists', 'User with provided token does not exists in our database.');
    }
    if (row.usedAt || row.expiresAt.getTime() < Date.now()) {
      throw new AppError('NotAllowed', 'Invalid token or it has expired.');
    }
    const updated = await tx
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(authTokens.tokenHash, row.tokenHash), isNull(authTokens.usedAt)))
      .returning({ userId: authTokens.userId });
    if (updated.length === 0) throw new AppError('NotAllowed', 'Invalid token or it has expired.');
    const [found] = await tx.select().from(users).where(eq(users.id, row.userId)).limit(1);
    if (!found) throw new AppError('NotExists', 'User with provided token does not exists in our database.');
    const user = alongside ? await alongside(tx, found) : found;
    // One use ends the others: a used verification link ends the other verification links; a used reset or
    // invitation link (the password changes) ends every other link of the user. A reset or invitation link
    // mailed to the account's own address proves that address, as a verification link would.
    const others = kind === 'reset' ? undefined : eq(authTokens.kind, kind);
    await tx
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(authTokens.userId, user.id), isNull(authTokens.usedAt), others));
    if (kind === 'reset' && row.email === user.email && !user.emailVerified) {
      await tx.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
      return { ...user, emailVerified: true };
    }
    return user;
  });
}

/**
 * An SMS invitation's account has a placeholder address (decision 084): the master's chosen e-mail replaces it with
 * the first password, in the token's transaction, unverified (a verification mail follows). Any other account
 * keeps its address whatever is sent.
 */
const chooseAddress = (chosen: string | undefined) => async (tx: Tx, user: UserRow) => {
  if (!isPlaceholderEmail(user.email)) return user;
  if (!chosen) throw refused('welcomeEmailRequired');
  const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, chosen)).limit(1);
  if (taken) throw refused('welcomeEmailTaken');
  await tx.update(users).set({ email: chosen, emailVerified: false }).where(eq(users.id, user.id));
  return { ...user, email: chosen, emailVerified: false };
};

export async function changePasswordByToken(app: App, input: v.InferOutput<typeof changePasswordSchema>) {
  const placeholder = (await tokenUser(app, input.token))?.email;
  const user = await consumeToken(app, input.token, 'reset', undefined, chooseAddress(input.email)).catch((error: unknown) => {
    // Two masters choosing one address at once: the unique index refuses the second.
    if (uniqueViolation(error) === 'users_email_key') throw refused('welcomeEmailTaken');
    throw error;
  });
  await app.database.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.password) })
    .where(eq(users.id, user.id));
  // A changed password ends every other session of the user, their open sockets included.
  await revokeUserSessions(app.database.db, user.id);
  await app.pubsub.publish(accessChanged({ users: [user.id] }));
  if (placeholder && isPlaceholderEmail(placeholder)) {
    await sendVerification(app, user, input.lang).catch((error: unknown) =>
      app.log(`[mail] verification mail failed: ${errorSummary(error)}`),
    );
  }
  const access = await defaultAccess(app, user);
  if (!access) throw new AppError('NotAllowed', 'This user has no access to the panel', { reason: 'NO_PANEL_ACCESS' });
  const token = await createSession(app.database.db, user.id, access.salon?.id ?? null);
  return authPayload(token, user, access);
}

/** The account an unused reset or invitation token belongs to, or null (nothing is marked used). */
async function tokenUser(app: App, token: string): Promise<UserRow | null> {
  const [row] = await app.database.db
    .select({ user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.tokenHash, hashToken(token)), inArray(authTokens.kind, ['reset', 'invite']), isNull(authTokens.usedAt)))
    .limit(1);
  return row?.user ?? null;
}

export async function verifyEmailByToken(app: App, input: v.InferOutput<typeof verifyEmailSchema>) {
  try {
    const user = await consumeToken(app, input.token, 'verify', input.email);
    await app.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
    return { success: true };
  } catch (error) {
    if (error instanceof AppError) throw new AppError('NotExists', 'User with required token does not exists in our database');
    throw error;
  }
}

export async function signupAdministrator(app: App, input: v.InferOutput<typeof signupSchema>, address: string) {
  await app.limits.hit('signup', address);
  if (!(await app.captcha.verify(input.captcha))) {
    throw new AppError('NotAllowed', 'Captcha was not solved', { reason: 'CAPTCHA_FAILED', field: 'captcha' });
  }
  if (await findUserByEmail(app, input.email)) {
    throw new AppError('AlreadyExists', 'Administrator with the same email address already exists', {
      reason: 'EMAIL_ALREADY_EXISTS',
      field: 'email',
    });
  }
  const passwordHash = await hashPassword(input.password);
  const userId = newId();
  const db = app.database.db;
  const salonId = await db
    .transaction(async (tx) => {
      // A concurrent sign-up with the same e-mail loses on the unique index and gets the spec's error.
      await tx.insert(users).values({
        id: userId,
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        promoCode: input.promoCode || null,
      });
      try {
        return await createSetUpSalon(tx, { name: input.salonName, address: input.salonAddress, userId, lang: input.lang });
      } catch (error) {
        const nameTaken = error instanceof AppError && error.extensions.reason === 'NAME_ALREADY_EXISTS';
        if (nameTaken || uniqueViolation(error) === 'salons_name_key') {
          throw new AppError('AlreadyExists', 'Salon with the same name already exists', {
            reason: 'NAME_ALREADY_EXISTS',
            field: 'salonName',
          });
        }
        throw error;
      }
    })
    .catch((error: unknown) => {
      if (uniqueViolation(error) === 'users_email_key') {
        throw new AppError('AlreadyExists', 'Administrator with the same email address already exists', {
          reason: 'EMAIL_ALREADY_EXISTS',
          field: 'email',
        });
      }
      throw error;
    });
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  const access = await resolveAccess(db, user as UserRow, salonId);
  if (!user || !access?.salon) throw new AppError('InternalError', 'Sign-up failed');
  const token = await createSession(db, user.id, salonId);
  // The account exists now; a mail server that is down must not turn sign-up into a failure the user
  // cannot retry (the e-mail would be taken). Verification can be requested again later.
  await sendVerification(app, user, input.lang).catch((error: unknown) =>
    app.log(`[mail] verification mail failed: ${errorSummary(error)}`),
  );
  return { ...authPayload(token, user, access), salon: salonView(access.salon) };
}

/**
 * After a profile change: every salon where the account is an administrator or a GLOBAL master gets a new rev, so
 * its devices pull the names again. A GLOBAL master keeps the account's identity (part 2 §4): its rows take the new
 * names and phone, and the salon hears masterMigrated (part 1 §7), so its open screens rename the master at once.
 * Salons in id order, each once: two profile changes never lock them in opposite orders.
 */
export async function touchAccountRows(tx: Tx, user: { id: string; firstName: string; lastName: string; phone: string | null }) {
  const admins = await tx
    .select({ id: administrators.id, salonId: administrators.salonId })
    .from(administrators)
    .where(and(eq(administrators.userId, user.id), isNull(administrators.deletedAt)));
  const globals = await tx
    .select({ id: masters.id, salonId: masters.salonId })
    .from(masters)
    .where(and(eq(masters.userId, user.id), eq(masters.type, 'GLOBAL'), isNull(masters.deletedAt)));
  const events: SalonEvent[] = [];
  for (const salonId of [...new Set([...admins, ...globals].map((r) => r.salonId))].sort()) {
    const rev = await bumpRev(tx, salonId);
    const adminIds = admins.filter((r) => r.salonId === salonId).map((r) => r.id);
    if (adminIds.length > 0) await tx.update(administrators).set({ rev }).where(inArray(administrators.id, adminIds));
    for (const master of globals.filter((r) => r.salonId === salonId)) {
      const identity = { firstName: user.firstName, lastName: user.lastName, phone: user.phone };
      await tx
        .update(masters)
        .set({ ...identity, rev })
        .where(eq(masters.id, master.id));
      events.push({ topic: 'masterMigrated', salon: salonId, payload: { id: master.id, ...identity } });
    }
    events.push({ topic: 'salonChanged', salon: salonId, payload: { salon: salonId, rev } });
  }
  return events;
}
