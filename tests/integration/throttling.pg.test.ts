import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rateLimits } from '../../server/db/schema';
import { captchaFor, signUp } from '../factories/accounts';
import { ok, refused } from '../helpers/graphql';
import { DEMO, DEMO_PASSWORD, LOGIN } from '../helpers/operations';
import { backends, startTestServer, useTestServer, type TestServer } from '../helpers/server';

/**
 * Throttling that protects without locking people out (issue 16 item 5, decision 034): an account waits longer
 * with every failure past the free ones (and gets in once the wait is over), an address is limited across
 * usernames, and the counters and used captcha solutions live in the shared database.
 */
const retryAfter = (error: { extensions?: unknown }) => (error.extensions as { retryAfterSeconds?: number }).retryAfterSeconds;
const LIMITS = {
  loginFailures: 3,
  loginDelaySeconds: 60,
  loginMaxDelaySeconds: 600,
  addressLoginFailures: 6,
  perAddress: 1000,
  windowSeconds: 300,
};

describe.each(backends(import.meta.url))('throttling on %s', (backend) => {
  const t = useTestServer(backend, { seedDemo: true, rateLimits: LIMITS });
  const login = (server: TestServer, username: string, password: string) => server.gql(LOGIN, { input: { username, password } });
  /** As if the account's current wait were over (the test does not sleep through it). */
  const endWaits = () =>
    t.db
      .update(rateLimits)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(like(rateLimits.key, 'account-wait:%'));

  it('makes an account wait after the free failures, longer with each, and lets the right password in after', async () => {
    for (const password of ['wrong-1', 'wrong-2', 'wrong-3']) refused(await login(t, DEMO.supplier, password), { code: 'InvalidPassword' });
    const first = refused(await login(t, DEMO.supplier, DEMO_PASSWORD), { code: 'TooManyRequests', reason: 'RATE_LIMITED' });
    expect(retryAfter(first)).toBeGreaterThan(55);
    expect(retryAfter(first)).toBeLessThanOrEqual(60);

    await endWaits();
    refused(await login(t, DEMO.supplier, 'wrong-4'), { code: 'InvalidPassword' });
    const second = refused(await login(t, DEMO.supplier, DEMO_PASSWORD), { code: 'TooManyRequests' });
    expect(retryAfter(second)).toBeGreaterThan(115);
    expect(retryAfter(second)).toBeLessThanOrEqual(120);

    await endWaits();
    expect(ok(await login(t, DEMO.supplier, DEMO_PASSWORD)).login.role).toBe('SUPPLIER');
    // The success forgets the failures: the next typo is free again.
    refused(await login(t, DEMO.supplier, 'wrong-5'), { code: 'InvalidPassword' });
    expect(ok(await login(t, DEMO.supplier, DEMO_PASSWORD)).login.role).toBe('SUPPLIER');
  });

  it('keeps no username or address in the table', async () => {
    refused(await login(t, 'someone@example.test', 'wrong'), { code: 'UserNotFound' });
    const keys = (await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key).join(' ');
    expect(keys).not.toMatch(/someone|example|127\.0\.0\.1|::1/);
  });

  describe('per address', () => {
    const limited = useTestServer(backend, { seedDemo: true, rateLimits: LIMITS });

    it('limits failed logins from one address across usernames, the right password of another account too', async () => {
      for (let i = 0; i < LIMITS.addressLoginFailures; i++) {
        refused(await login(limited, `guess-${i}@example.test`, 'password'), { code: 'UserNotFound' });
      }
      refused(await login(limited, 'guess-next@example.test', 'password'), { code: 'TooManyRequests', reason: 'RATE_LIMITED' });
      refused(await login(limited, DEMO.owner, DEMO_PASSWORD), { code: 'TooManyRequests' });
    });
  });

  describe('known devices (device cookies)', () => {
    const devices = useTestServer(backend, { seedDemo: true, rateLimits: { ...LIMITS, deviceLoginFailures: 3 } });
    const loginWith = (username: string, password: string, cookie?: string) =>
      devices.gql(LOGIN, { input: { username, password } }, null, cookie ? { cookie } : {});
    /** The cookie a successful login set, as the browser sends it back. */
    const cookieOf = (result: { setCookies?: string[] }) => {
      const set = result.setCookies?.find((c) => c.startsWith('sp_device_'));
      expect(set, 'a device cookie').toBeTruthy();
      return (set as string).split(';')[0] as string;
    };

    it("keep the owner's own browser signing in while a stranger's paced guesses hold her account", async () => {
      const signedIn = await loginWith(DEMO.owner, DEMO_PASSWORD);
      ok(signedIn);
      const [set] = signedIn.setCookies ?? [];
      expect(set).toMatch(/^sp_device_[\w-]{16}=[\w-]+\.[\w-]+; Max-Age=31536000; Path=\/graphql; HttpOnly; SameSite=Strict$/);
      expect(set).not.toContain(DEMO.owner);
      const mine = cookieOf(signedIn);

      // The stranger, from no known device: enough failures that the account waits, under the address limit.
      for (const guess of ['guess-1', 'guess-2', 'guess-3', 'guess-4']) {
        const result = await loginWith(DEMO.owner, guess);
        expect(result.errors?.[0]?.extensions?.code).toMatch(/InvalidPassword|TooManyRequests/);
      }
      refused(await loginWith(DEMO.owner, DEMO_PASSWORD), { code: 'TooManyRequests', reason: 'RATE_LIMITED' });
      // Her browser is not held: the right password gets in at once, and the cookie is renewed.
      const again = await loginWith(DEMO.owner, DEMO_PASSWORD, mine);
      expect(ok(again).login.role).toBe('ADMIN');
      cookieOf(again);
      // A forged cookie, or another account's, is an unknown device.
      const [name, value] = mine.split('=') as [string, string];
      const forged = `${name}=${value.slice(0, -2)}xx`;
      refused(await loginWith(DEMO.owner, DEMO_PASSWORD, forged), { code: 'TooManyRequests' });
      const suppliers = cookieOf(await loginWith(DEMO.supplier, DEMO_PASSWORD));
      refused(await loginWith(DEMO.owner, DEMO_PASSWORD, suppliers), { code: 'TooManyRequests' });
    });

    it("count a known device's own failures, and too many make it unknown for the window", async () => {
      const mine = cookieOf(await loginWith(DEMO.master, DEMO_PASSWORD));
      for (const guess of ['typo-1', 'typo-2', 'typo-3']) refused(await loginWith(DEMO.master, guess, mine), { code: 'InvalidPassword' });
      // Its failures were its own: the account does not wait for other browsers.
      expect(ok(await loginWith(DEMO.master, DEMO_PASSWORD)).login.role).toBe('MASTER');
      const fresh = cookieOf(await loginWith(DEMO.master, DEMO_PASSWORD));
      for (const guess of ['typo-4', 'typo-5', 'typo-6']) refused(await loginWith(DEMO.master, guess, fresh), { code: 'InvalidPassword' });
      // Now unknown: its next failures count on the account like anyone's, and the account waits.
      for (const guess of ['typo-7', 'typo-8', 'typo-9']) refused(await loginWith(DEMO.master, guess, fresh), { code: 'InvalidPassword' });
      refused(await loginWith(DEMO.master, DEMO_PASSWORD, fresh), { code: 'TooManyRequests' });
    });
  });

  describe.runIf(backend === 'postgres')('two instances on one database', () => {
    const first = useTestServer(backend, { seedDemo: true, rateLimits: LIMITS, captchaSecret: 'shared-captcha-secret' });

    it('count failures together and accept a captcha solution once between them', async () => {
      const t = first;
      const second = await startTestServer(backend, { rateLimits: LIMITS, captchaSecret: 'shared-captcha-secret' }, t.databaseUrl);
      try {
        refused(await login(t, DEMO.master, 'wrong-1'), { code: 'InvalidPassword' });
        refused(await login(second, DEMO.master, 'wrong-2'), { code: 'InvalidPassword' });
        refused(await login(t, DEMO.master, 'wrong-3'), { code: 'InvalidPassword' });
        refused(await login(second, DEMO.master, DEMO_PASSWORD), { code: 'TooManyRequests' });

        const captcha = await captchaFor(t);
        ok((await signUp(second, { captcha })).result);
        refused((await signUp(t, { captcha })).result, { code: 'NotAllowed', reason: 'CAPTCHA_FAILED' });
      } finally {
        await second.stop();
      }
    });
  });
});
