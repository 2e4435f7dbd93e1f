import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../graphql/errors';

export interface RateLimits {
  /** Failed logins allowed per username and address in the window. */
  loginFailures: number;
  /** Requests of a kind (reset mail, sign-up) per address in the window. */
  perAddress: number;
  windowSeconds: number;
  /**
   * User lookups (Query user) per signed-in user in the window. A lookup tells a salon's administrator who owns
   * a phone or e-mail, and anyone may sign up a salon: the limit bounds enumeration. Counted per user, not per
   * address, because a reception behind one address runs one lookup per client it registers.
   */
  lookups?: number;
}

export const DEFAULT_LOOKUPS = 120;
export const DEFAULT_RATE_LIMITS: RateLimits = { loginFailures: 10, perAddress: 20, windowSeconds: 15 * 60, lookups: DEFAULT_LOOKUPS };

/**
 * Login throttling (DESIGN.md §7): failures are counted per username+address; a success clears them.
 * One process keeps counters in memory; several instances each count on their own, which still bounds guessing.
 */
export function createRateLimiters(limits: RateLimits = DEFAULT_RATE_LIMITS) {
  const loginFailures = new RateLimiterMemory({ points: limits.loginFailures, duration: limits.windowSeconds, keyPrefix: 'login' });
  const perAddress = new RateLimiterMemory({ points: limits.perAddress, duration: limits.windowSeconds, keyPrefix: 'addr' });
  const lookups = new RateLimiterMemory({ points: limits.lookups ?? DEFAULT_LOOKUPS, duration: limits.windowSeconds, keyPrefix: 'lookup' });

  const tooMany = (res: RateLimiterRes) =>
    new AppError('TooManyRequests', `Too many attempts. Try again in ${Math.ceil(res.msBeforeNext / 60000)} min.`, {
      reason: 'RATE_LIMITED',
    });

  const consume = async (limiter: RateLimiterMemory, key: string) => {
    try {
      await limiter.consume(key);
    } catch (res) {
      if (res instanceof RateLimiterRes) throw tooMany(res);
      throw res;
    }
  };

  return {
    async assertLoginAllowed(key: string) {
      const res = await loginFailures.get(key);
      if (res && res.consumedPoints >= limits.loginFailures) throw tooMany(res);
    },
    async loginFailed(key: string) {
      await loginFailures.consume(key).catch(() => undefined);
    },
    async loginSucceeded(key: string) {
      await loginFailures.delete(key);
    },
    /** Counts one request of `kind` from an address; throws when over the limit. */
    async hit(kind: string, address: string) {
      await consume(perAddress, `${kind}:${address}`);
    },
    /** Counts one user lookup of a signed-in user; throws when over the limit. */
    async lookup(userId: string) {
      await consume(lookups, userId);
    },
  };
}
export type RateLimiters = ReturnType<typeof createRateLimiters>;
