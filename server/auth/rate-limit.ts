import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../graphql/errors';

export interface RateLimits {
  /** Failed logins allowed per username and address in the window. */
  loginFailures: number;
  /** Requests of a kind (reset mail, sign-up) per address in the window. */
  perAddress: number;
  windowSeconds: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = { loginFailures: 10, perAddress: 20, windowSeconds: 15 * 60 };

/**
 * Login throttling (DESIGN.md §7): failures are counted per username+address; a success clears them.
 * One process keeps counters in memory; several instances each count on their own, which still bounds guessing.
 */
export function createRateLimiters(limits: RateLimits = DEFAULT_RATE_LIMITS) {
  const loginFailures = new RateLimiterMemory({ points: limits.loginFailures, duration: limits.windowSeconds, keyPrefix: 'login' });
  const perAddress = new RateLimiterMemory({ points: limits.perAddress, duration: limits.windowSeconds, keyPrefix: 'addr' });

  const tooMany = (res: RateLimiterRes) =>
    new AppError('TooManyRequests', `Too many attempts. Try again in ${Math.ceil(res.msBeforeNext / 60000)} min.`, {
      reason: 'RATE_LIMITED',
    });

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
      try {
        await perAddress.consume(`${kind}:${address}`);
      } catch (res) {
        if (res instanceof RateLimiterRes) throw tooMany(res);
        throw res;
      }
    },
  };
}
export type RateLimiters = ReturnType<typeof createRateLimiters>;
