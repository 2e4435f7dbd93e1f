import { CappedMap, createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { verify } from 'altcha-lib/frameworks/shared';

/**
 * ALTCHA proof of work, self-hosted (no third party). Challenges are signed with the server's secret,
 * expire after 10 minutes and each solution is accepted once.
 */
export function createCaptcha(secret: string, options: { cost?: number; maxCounter?: number } = {}) {
  const used = new CappedMap<string, boolean>({ maxSize: 10_000 });
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
        expiresAt: new Date(Date.now() + 10 * 60 * 1000),
      });
    },
    async verify(payload: string): Promise<boolean> {
      const result = await verify(payload, deriveKey, secret, `${secret}:key`, used);
      return result.error === null;
    },
  };
}
export type Captcha = ReturnType<typeof createCaptcha>;
