import { createHash } from 'node:crypto';
import { lt } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { AppError } from '../graphql/errors';

export interface RateLimits {
  /** Failed logins of one account, from any address, before each further failure makes the next attempt wait. */
  loginFailures: number;
  /** The first wait; each further failure doubles it, up to `loginMaxDelaySeconds`. */
  loginDelaySeconds?: number;
  loginMaxDelaySeconds?: number;
  /** Failed logins from one address, whatever the usernames, in the window. */
  addressLoginFailures?: number;
  /** Failed logins of a known device (its device cookie) in the window before it counts as unknown again. */
  deviceLoginFailures?: number;
  /** Requests of a kind (reset mail, sign-up) per address in the window. */
  perAddress: number;
  windowSeconds: number;
  /**
   * User lookups (Query user) per signed-in user in the window. A lookup tells a salon's administrator who owns
   * a phone or e-mail, and anyone may sign up a salon: the limit bounds enumeration. Counted per user, not per
   * address, because a reception behind one address runs one lookup per client it registers.
   */
  lookups?: number;
  /**
   * Reads of a public booking page (its offer, free days and times) per address in the window. Counted in each
   * instance's memory: a read writes nothing, and a booking page asks often while a client looks for a time.
   */
  bookingReads?: number;
}
export const DEFAULT_BOOKING_READS = 600;

export const DEFAULT_LOOKUPS = 120;
export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginFailures: 5,
  loginDelaySeconds: 1,
  loginMaxDelaySeconds: 15 * 60,
  addressLoginFailures: 30,
  deviceLoginFailures: 10,
  perAddress: 20,
  windowSeconds: 15 * 60,
  lookups: DEFAULT_LOOKUPS,
};

/** An account's failures are forgotten a day after its last one (or at once by a successful login). */
const ACCOUNT_MEMORY_SECONDS = 24 * 60 * 60;

/** The wait after an account's `failures`-th failure: none within the free ones, then doubling to the cap. */
export function loginDelaySeconds(failures: number, limits: RateLimits): number {
  const free = limits.loginFailures;
  if (failures < free) return 0;
  const first = limits.loginDelaySeconds ?? 1;
  return Math.min(limits.loginMaxDelaySeconds ?? 15 * 60, first * 2 ** (failures - free));
}

function tooMany(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError('TooManyRequests', `Too many attempts. Try again in ${seconds} s.`, {
    reason: 'RATE_LIMITED',
    // The catalog's words, not this English text, on every form (issue 60 item 12).
    messageId: 'error.tooManyAttempts',
    extra: { retryAfterSeconds: seconds },
  });
}

/** Keys are stored hashed: the table holds no typed username or caller address. */
const hashed = (key: string) => createHash('sha256').update(key).digest('base64url');

/**
 * Throttling (DESIGN.md §7, docs/decisions/034-throttling.md) with rate-limiter-flexible's Drizzle store: the
 * counters live in the shared database, so every instance counts together. A login from an unknown device waits
 * per account, longer with every failure past the free ones, and a success forgets them; its failures also count
 * per address across usernames. A known device (a valid device cookie of the account, server/auth/device-cookie.ts)
 * is not held by either: its own failures count on it alone, and too many make it unknown until its window ends
 * (OWASP's device cookies; decision 034). Reset mails and sign-ups count per address, user lookups per user.
 */
export function createRateLimiters(db: Db, limits: RateLimits = DEFAULT_RATE_LIMITS) {
  // The library's own clean-up is a timer per limiter that outlives a stopped server; ours runs on writes.
  const limiter = (keyPrefix: string, points: number, duration: number) =>
    new RateLimiterDrizzle({ storeClient: db, schema: rateLimits, keyPrefix, points, duration, clearExpiredByTimeout: false });
  let writes = 0;
  /** Counters expired for an hour go now and then (one write in 100), on whichever instance. */
  const sweepSometimes = async () => {
    writes += 1;
    if (writes % 100 === 0) await db.delete(rateLimits).where(lt(rateLimits.expire, new Date(Date.now() - 60 * 60 * 1000)));
  };
  const addressLimit = limits.addressLoginFailures ?? 30;
  // Failures of an account, counted for a day; a wait is a block on its own key (rate-limiter-flexible's block).
  const accountFailures = limiter('account-failures', Number.MAX_SAFE_INTEGER, ACCOUNT_MEMORY_SECONDS);
  const accountWaits = limiter('account-wait', 1, ACCOUNT_MEMORY_SECONDS);
  const addressFailures = limiter('address-failures', addressLimit, limits.windowSeconds);
  const deviceLimit = limits.deviceLoginFailures ?? 10;
  const deviceFailures = limiter('device-failures', deviceLimit, limits.windowSeconds);
  /** A known device still trusted: it has not failed too often in its window. */
  const trusted = async (device: string | null) => {
    if (!device) return false;
    const failures = await deviceFailures.get(hashed(device));
    return !failures || failures.consumedPoints < deviceLimit;
  };
  const countOnly = (res: unknown) => {
    if (!(res instanceof RateLimiterRes)) throw res;
  };
  const perAddress = limiter('address', limits.perAddress, limits.windowSeconds);
  const lookups = limiter('lookup', limits.lookups ?? DEFAULT_LOOKUPS, limits.windowSeconds);
  const bookingReads = new RateLimiterMemory({ points: limits.bookingReads ?? DEFAULT_BOOKING_READS, duration: limits.windowSeconds });
  const account = (username: string) => hashed(username.trim().toLowerCase());

  /** Counts one point; over the limit, the refusal says how long until the window ends. */
  const consume = async (limiter: RateLimiterDrizzle, key: string) => {
    try {
      await sweepSometimes();
      return await limiter.consume(hashed(key));
    } catch (res) {
      if (res instanceof RateLimiterRes) throw tooMany(res.msBeforeNext);
      throw res;
    }
  };

  return {
    /**
     * Refuses a login attempt from an unknown device while the account waits or its address has failed too often;
     * `device` is the nonce of the request's valid device cookie for the account, if any. Returns the device while
     * it is still known (the one to pass to `loginFailed` and `loginSucceeded`), else null.
     */
    async assertLoginAllowed(username: string, address: string, device: string | null = null): Promise<string | null> {
      if (device && (await trusted(device))) return device;
      const waiting = await accountWaits.get(account(username));
      if (waiting && waiting.consumedPoints > 1 && waiting.msBeforeNext > 0) throw tooMany(waiting.msBeforeNext);
      const fromAddress = await addressFailures.get(hashed(address));
      if (fromAddress && fromAddress.consumedPoints >= addressLimit) throw tooMany(fromAddress.msBeforeNext);
      return null;
    },
    /** `device`: the known device `assertLoginAllowed` returned, whose failures count on it alone. */
    async loginFailed(username: string, address: string, device: string | null = null) {
      await sweepSometimes();
      if (device) {
        await deviceFailures.consume(hashed(device)).catch(countOnly);
        return;
      }
      const failures = (await accountFailures.consume(account(username))).consumedPoints;
      const wait = loginDelaySeconds(failures, limits);
      if (wait > 0) await accountWaits.block(account(username), wait);
      await addressFailures.consume(hashed(address)).catch(countOnly);
    },
    /**
     * A success from an unknown device forgets the account's failures; one from a known device forgets only that
     * device's, so a stranger's guesses stay counted. The address's stay (one good account must not clear them).
     */
    async loginSucceeded(username: string, device: string | null = null) {
      if (device) await deviceFailures.delete(hashed(device));
      else await Promise.all([accountFailures.delete(account(username)), accountWaits.delete(account(username))]);
    },
    /** Counts one request of `kind` from an address; throws when over the limit. */
    async hit(kind: string, address: string) {
      await consume(perAddress, `${kind}:${address}`);
    },
    /** Counts one read of a public booking page from an address; throws when over the limit. */
    async bookingRead(address: string) {
      try {
        await bookingReads.consume(hashed(address));
      } catch (res) {
        if (res instanceof RateLimiterRes) throw tooMany(res.msBeforeNext);
        throw res;
      }
    },
    /** Counts one user lookup of a signed-in user; throws when over the limit. */
    async lookup(userId: string) {
      await consume(lookups, userId);
    },
  };
}
export type RateLimiters = ReturnType<typeof createRateLimiters>;
