import { createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { verify } from 'altcha-lib/frameworks/shared';

/** A challenge is good for 10 minutes; its solution is remembered a minute longer. */
const CHALLENGE_TTL_MS = 10 * 60 * 1000;
export const USED_CAPTCHA_TTL_SECONDS = CHALLENGE_TTL_MS / 1000 + 60;

/** Where solved challenges are remembered (the shared database: server/auth/throttle-store.ts). */
export interface UsedCaptchas {
  setIfAbsent(id: string): Promise<boolean>;
  get(id: string): Promise<boolean>;
  set(id: string, value: boolean): Promise<void>;
}

/**
 * ALTCHA proof of work, self-hosted (no third party). Challenges are signed with the server's secret,
 * expire after 10 minutes and each solution is accepted once by all instances together (`used`).
 */
export function createCaptcha(secret: string, used: UsedCaptchas, options: { cost?: number; maxCounter?: number } = {}) {
  const cost = options.cost ?? 1_000;
  const maxCounter = options.maxCounter ?? 5_000;
  return {
    async challenge() {
      return createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost,
        counter: randomInt(Math.floor(maxCounter / 2), maxCounter),
        deriveKey,
        hmacSignatureSecret: secret,
        hmacKeySignatureSecret: `${secret}:key`,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      });
    },
    async verify(payload: string): Promise<boolean> {
      const result = await verify(payload, deriveKey, secret, `${secret}:key`, used);
      return result.error === null;
    },
  };
}
export type Captcha = ReturnType<typeof createCaptcha>;
