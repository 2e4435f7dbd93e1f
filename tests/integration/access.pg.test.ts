import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authTokens, salons, sessions, users } from '../../server/db/schema';
import { logIn, signUpOwner, signupFields } from '../factories/accounts';
import { ok, refused } from '../helpers/graphql';
import {
  CHANGE_PASSWORD_BY_TOKEN,
  DEMO,
  DEMO_PASSWORD,
  GET_SALONS,
  LOGIN,
  LOGOUT,
  RESET_PASSWORD,
  SIGNUP,
  VERIFY_EMAIL,
  VIEWER,
} from '../helpers/operations';
import { backends, useTestServer } from '../helpers/server';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

describe.each(backends(import.meta.url))('access on %s', (backend) => {
  const t = useTestServer(backend, {
    seedDemo: true,
    rateLimits: { loginFailures: 3, loginDelaySeconds: 60, perAddress: 50, windowSeconds: 60 },
  });
  const login = (username: string, password: string) => t.gql(LOGIN, { input: { username, password } });
  const viewer = async (token: string | null) => ok(await t.gql(VIEWER, {}, token)).viewer;

  /** The reset link mailed to `email` and its token. */
  async function mailedResetToken(email: string): Promise<string> {
    ok(await t.gql(RESET_PASSWORD, { input: { email, lang: 'en' } }));
    const mail = t.mail.last(email);
    expect(mail.subject).toBe('Reset your password');
    const link = mail.links.find((l) => l.includes('/change-password/')) ?? '';
    const match = /^(https?:\/\/[^/]+)\/change-password\/([A-Za-z0-9_-]+)$/.exec(link);
    expect(match, `reset link in: ${mail.text}`).not.toBeNull();
    expect(match?.[1]).toBe(t.running.url);
    return match?.[2] as string;
  }

  describe('login', () => {
    it.each([
      [DEMO.owner, 'ADMIN', true, 'Demo salon'],
      [DEMO.master, 'MASTER', false, 'Demo salon'],
      [DEMO.supplier, 'SUPPLIER', false, null],
      [DEMO.sysadmin, 'SYSADMIN', false, null],
    ] as const)('%s signs in as %s', async (username, role, isOwner, salonName) => {
      const payload = await logIn(t, username);
      expect(payload).toMatchObject({ role, isOwner });
      expect(payload.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(payload.user.salon?.name ?? null).toBe(salonName);
      if (isOwner) expect(payload.user.salon.administrator.id).toBe(payload.user.id);
      expect(await viewer(payload.token)).toMatchObject({
        id: payload.user.id,
        email: username,
        role,
        isOwner,
        isMaster: role === 'MASTER',
        isSysadmin: role === 'SYSADMIN',
      });
    });

    it('treats the username case-insensitively and ignores surrounding spaces', async () => {
      expect((await logIn(t, '  Owner@Demo.TEST ')).role).toBe('ADMIN');
    });

    it('refuses an unknown username on the username field', async () => {
      refused(await login('nobody@demo.test', DEMO_PASSWORD), { code: 'UserNotFound', field: 'username' });
    });

    it('refuses a wrong password on the password field', async () => {
      refused(await login(DEMO.owner, 'not-the-password'), { code: 'InvalidPassword', field: 'password' });
    });

    it.each([
      ['', DEMO_PASSWORD, 'username', 'access.login.enterUsername'],
      ['   ', DEMO_PASSWORD, 'username', 'access.login.enterUsername'],
      [DEMO.owner, '', 'password', 'access.login.enterPassword'],
    ])('validates username %j / password %j', async (username, password, field, messageId) => {
      refused(await login(username, password), { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field, messageId });
    });

    it('refuses a master while the salon keeps masters out of the panel', async () => {
      const owner = await logIn(t, DEMO.owner);
      const salonId: string = owner.user.salon.id;
      const master = await logIn(t, DEMO.master);
      const [salon] = await t.db.select().from(salons).where(eq(salons.id, salonId));
      const settings = salon?.settings as NonNullable<typeof salon>['settings'];
      expect(settings.masterPanelLogin).toBe(true);
      await t.db
        .update(salons)
        .set({ settings: { ...settings, masterPanelLogin: false } })
        .where(eq(salons.id, salonId));
      try {
        refused(await login(DEMO.master, DEMO_PASSWORD), { code: 'NotAllowed', reason: 'NO_PANEL_ACCESS' });
        expect(await viewer(master.token)).toBeNull();
      } finally {
        await t.db.update(salons).set({ settings }).where(eq(salons.id, salonId));
      }
      expect((await viewer(master.token))?.role).toBe('MASTER');
    });
  });

  describe('rate limiting', () => {
    it('locks a username after the allowed failures, even for the right password, and only that username', async () => {
      for (const password of ['wrong-1', 'wrong-2', 'wrong-3']) {
        refused(await login(DEMO.supplier, password), { code: 'InvalidPassword' });
      }
      refused(await login(DEMO.supplier, 'wrong-4'), {
        code: 'TooManyRequests',
        reason: 'RATE_LIMITED',
        messageId: 'error.tooManyAttempts',
      });
      refused(await login(DEMO.supplier, DEMO_PASSWORD), { code: 'TooManyRequests' });
      refused(await login(DEMO.supplier.toUpperCase(), DEMO_PASSWORD), { code: 'TooManyRequests' });
      // A forged X-Forwarded-For is not trusted (trustProxy is off), so it does not reset the count.
      const forged = await t.gql(LOGIN, { input: { username: DEMO.supplier, password: DEMO_PASSWORD } }, null, {
        'x-forwarded-for': '203.0.113.7',
      });
      refused(forged, { code: 'TooManyRequests' });
      // Same address, other usernames: not affected.
      expect((await logIn(t, DEMO.sysadmin)).role).toBe('SYSADMIN');
    });

    it('counts failures for unknown usernames too', async () => {
      for (let i = 0; i < 3; i++) refused(await login('ghost@demo.test', 'x'), { code: 'UserNotFound' });
      refused(await login('ghost@demo.test', 'x'), { code: 'TooManyRequests' });
      refused(await login('ghost2@demo.test', 'x'), { code: 'UserNotFound' });
    });

    it('clears the failures after a successful login', async () => {
      for (let round = 0; round < 2; round++) {
        refused(await login(DEMO.sysadmin, 'wrong-a'), { code: 'InvalidPassword' });
        refused(await login(DEMO.sysadmin, 'wrong-b'), { code: 'InvalidPassword' });
        expect((await logIn(t, DEMO.sysadmin)).role).toBe('SYSADMIN');
      }
    });
  });

  describe('sessions', () => {
    it('logout revokes the token and only that session', async () => {
      const first = await logIn(t, DEMO.owner);
      const second = await logIn(t, DEMO.owner);
      expect(await viewer(first.token)).not.toBeNull();
      expect(ok(await t.gql(LOGOUT, { input: {} }, first.token)).logout.success).toBe(true);
      expect(await viewer(first.token)).toBeNull();
      refused(await t.gql(GET_SALONS, {}, first.token), { code: 'Unauthenticated' });
      expect((await viewer(second.token))?.email).toBe(DEMO.owner);
    });

    it('logout everywhere revokes every session of the user', async () => {
      const first = await logIn(t, DEMO.master);
      const second = await logIn(t, DEMO.master);
      const other = await logIn(t, DEMO.owner);
      ok(await t.gql(LOGOUT, { input: { everywhere: true } }, first.token));
      expect(await viewer(first.token)).toBeNull();
      expect(await viewer(second.token)).toBeNull();
      expect(await viewer(other.token)).not.toBeNull();
    });

    it('an expired session is not accepted', async () => {
      const { token } = await logIn(t, DEMO.owner);
      await t.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.tokenHash, sha256(token)));
      expect(await viewer(token)).toBeNull();
      refused(await t.gql(GET_SALONS, {}, token), { code: 'Unauthenticated' });
    });

    it('stores only a hash of the session token', async () => {
      const { token } = await logIn(t, DEMO.owner);
      const rows = await t.db.select().from(sessions);
      expect(rows.map((r) => r.tokenHash)).toContain(sha256(token));
      expect(JSON.stringify(rows)).not.toContain(token);
    });
  });

  describe('password reset', () => {
    it('mails a link whose token changes the password exactly once and ends the old sessions', async () => {
      const owner = await signUpOwner(t);
      const otherSession = await logIn(t, owner.email, owner.password);
      const token = await mailedResetToken(owner.email.toUpperCase());
      const stored = await t.db.select().from(authTokens).where(eq(authTokens.userId, owner.userId));
      expect(JSON.stringify(stored)).not.toContain(token);

      const changed = ok(await t.gql(CHANGE_PASSWORD_BY_TOKEN, { input: { token, password: 'brand-new-pass-1' } })).changePasswordByToken;
      expect(changed).toMatchObject({ role: 'ADMIN', isOwner: true, user: { id: owner.userId, salon: { id: owner.salonId } } });
      refused(await t.gql(CHANGE_PASSWORD_BY_TOKEN, { input: { token, password: 'second-pass-22' } }), { code: 'NotAllowed' });

      expect(await viewer(owner.token)).toBeNull();
      expect(await viewer(otherSession.token)).toBeNull();
      expect((await viewer(changed.token))?.id).toBe(owner.userId);
      refused(await login(owner.email, owner.password), { code: 'InvalidPassword' });
      expect((await logIn(t, owner.email, 'brand-new-pass-1')).user.id).toBe(owner.userId);
    });

    it('a used reset link ends every other reset and verification link of the user, and proves the e-mail', async () => {
      const owner = await signUpOwner(t);
      const verifyLink = new URL(t.mail.last(owner.email).links.find((l) => l.includes('/verify-email/')) ?? 'http://x/');
      const [, , verifyEmail, verifyToken] = verifyLink.pathname.split('/');
      const older = await mailedResetToken(owner.email);
      const newer = await mailedResetToken(owner.email);
      ok(await t.gql(CHANGE_PASSWORD_BY_TOKEN, { input: { token: newer, password: 'brand-new-pass-1' } }));
      refused(await t.gql(CHANGE_PASSWORD_BY_TOKEN, { input: { token: older, password: 'older-link-pass-2' } }), { code: 'NotAllowed' });
      refused(await t.gql(VERIFY_EMAIL, { input: { token: verifyToken, email: decodeURIComponent(verifyEmail ?? '') } }), {
        code: 'NotExists',
      });
      const session = await logIn(t, owner.email, 'brand-new-pass-1');
      expect((await viewer(session.token))?.emailVerified).toBe(true);
      const live = await t.db
        .select()
        .from(authTokens)
        .where(and(eq(authTokens.userId, owner.userId), isNull(authTokens.usedAt)));
      expect(live).toEqual([]);
    });

    it('validates the new password without using up the token', async () => {
      const owner = await signUpOwner(t);
      const token = await mailedResetToken(owner.email);
      refused(await t.gql(CHANGE_PASSWORD_BY_TOKEN, { input: { token, password: 'short' } }), {
        code: 'IllegalArgument',
        field: 'password',
        messageId: 'validation.password.tooShort',
      });
      ok(await t.gql(CHANGE_PASSWORD_BY_TOKEN, { input: { token, password: 'long-enough-9' } }));
    });

    it('refuses an unknown e-mail on the email field and sends nothing', async () => {
      const before = t.mail.messages.length;
      refused(await t.gql(RESET_PASSWORD, { input: { email: 'nobody@example.test' } }), { code: 'NotExists', field: 'email' });
      expect(t.mail.messages).toHaveLength(before);
    });

    it('validates the e-mail', async () => {
      refused(await t.gql(RESET_PASSWORD, { input: { email: ' ' } }), {
        code: 'IllegalArgument',
        field: 'email',
        messageId: 'access.reset.enterEmail',
      });
    });

    it('refuses an expired token and keeps the password', async () => {
      const owner = await signUpOwner(t);
      const token = await mailedResetToken(owner.email);
      await t.db
        .update(authTokens)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(authTokens.tokenHash, sha256(token)));
      refused(await t.gql(CHANGE_PASSWORD_BY_TOKEN, { input: { token, password: 'brand-new-pass-1' } }), { code: 'NotAllowed' });
      expect((await logIn(t, owner.email, owner.password)).user.id).toBe(owner.userId);
      expect(await viewer(owner.token)).not.toBeNull();
    });

    it('refuses an unknown token and a malformed one', async () => {
      refused(await t.gql(CHANGE_PASSWORD_BY_TOKEN, { input: { token: 'A'.repeat(43), password: 'brand-new-pass-1' } }), {
        code: 'NotExists',
      });
      refused(await t.gql(CHANGE_PASSWORD_BY_TOKEN, { input: { token: 'short', password: 'brand-new-pass-1' } }), {
        code: 'IllegalArgument',
        field: 'token',
        messageId: 'access.token.invalid',
      });
    });

    it('does not accept a verification token as a reset token', async () => {
      const owner = await signUpOwner(t);
      const verifyToken = new URL(t.mail.last(owner.email).links[0] ?? '').pathname.split('/')[3] as string;
      refused(await t.gql(CHANGE_PASSWORD_BY_TOKEN, { input: { token: verifyToken, password: 'brand-new-pass-1' } }), {
        code: 'NotExists',
      });
    });
  });

  describe('e-mail verification', () => {
    it('verifies with the mailed link once; a wrong e-mail or a reused token is NotExists', async () => {
      const owner = await signUpOwner(t);
      const mail = t.mail.last(owner.email);
      expect(mail.subject).toBe('Confirm your e-mail');
      const link = new URL(mail.links.find((l) => l.includes('/verify-email/')) ?? 'http://x/');
      const [, route, email, token] = link.pathname.split('/');
      expect(route).toBe('verify-email');
      expect(decodeURIComponent(email ?? '')).toBe(owner.email);
      expect((await viewer(owner.token))?.emailVerified).toBe(false);

      const input = { token, email: decodeURIComponent(email ?? '') };
      refused(await t.gql(VERIFY_EMAIL, { input: { ...input, email: 'someone-else@example.test' } }), { code: 'NotExists' });
      expect((await viewer(owner.token))?.emailVerified).toBe(false);

      expect(ok(await t.gql(VERIFY_EMAIL, { input })).verifyEmailByToken.success).toBe(true);
      expect((await viewer(owner.token))?.emailVerified).toBe(true);
      const [row] = await t.db.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.id, owner.userId));
      expect(row?.emailVerified).toBe(true);

      refused(await t.gql(VERIFY_EMAIL, { input }), { code: 'NotExists' });
    });
  });

  describe('per-address limits', () => {
    const limited = useTestServer(backend, { rateLimits: { loginFailures: 3, perAddress: 2, windowSeconds: 60 } });

    it('throttles password-reset requests per address', async () => {
      for (const email of ['a@example.test', 'b@example.test']) {
        refused(await limited.gql(RESET_PASSWORD, { input: { email } }), { code: 'NotExists' });
      }
      refused(await limited.gql(RESET_PASSWORD, { input: { email: 'c@example.test' } }), {
        code: 'TooManyRequests',
        reason: 'RATE_LIMITED',
      });
    });

    it('throttles sign-up attempts per address', async () => {
      const attempt = () => limited.gql(SIGNUP, { input: { ...signupFields(), captcha: 'not-a-captcha' } });
      refused(await attempt(), { code: 'NotAllowed', reason: 'CAPTCHA_FAILED' });
      refused(await attempt(), { code: 'NotAllowed', reason: 'CAPTCHA_FAILED' });
      refused(await attempt(), { code: 'TooManyRequests' });
    });
  });
});
