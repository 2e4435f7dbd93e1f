import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * OWASP's device cookies ("Slow down online guessing attacks with device cookies"; issue 56): a browser that
 * signed in to an account once keeps a signed cookie for it, and failures from elsewhere do not slow it down.
 * One cookie per account, named by a hash of the username so the browser of a reception holds one for each of its
 * people; its value is a random nonce and an HMAC of the account and the nonce under the service's shared secret.
 * HttpOnly, SameSite=Strict and scoped to /graphql: no script and no other site reads or sends it.
 */
export const DEVICE_COOKIE_DAYS = 365;

const accountHash = (username: string) => createHash('sha256').update(username.trim().toLowerCase()).digest('base64url');

export function createDeviceCookies(secret: string) {
  const sign = (account: string, nonce: string) => createHmac('sha256', secret).update(`${account}.${nonce}`).digest('base64url');
  const nameOf = (username: string) => `sp_device_${accountHash(username).slice(0, 16)}`;

  return {
    /** A new cookie for the account: its Set-Cookie value, and the nonce that names the device in the counters. */
    issue(username: string, secure: boolean): { setCookie: string; nonce: string } {
      const nonce = randomBytes(18).toString('base64url');
      const value = `${nonce}.${sign(accountHash(username), nonce)}`;
      const attributes = [
        `Max-Age=${DEVICE_COOKIE_DAYS * 24 * 3600}`,
        'Path=/graphql',
        'HttpOnly',
        'SameSite=Strict',
        ...(secure ? ['Secure'] : []),
      ];
      return { setCookie: `${nameOf(username)}=${value}; ${attributes.join('; ')}`, nonce };
    },
    /** The nonce of a valid cookie for this account in a Cookie header, or null (none, another account's, forged). */
    deviceOf(username: string, cookieHeader: string | null): string | null {
      if (!cookieHeader) return null;
      const name = nameOf(username);
      for (const part of cookieHeader.split(';')) {
        const [key, value] = part.trim().split('=', 2);
        if (key !== name || !value) continue;
        const [nonce, signature] = value.split('.', 2);
        if (!nonce || !signature) return null;
        const expected = Buffer.from(sign(accountHash(username), nonce));
        const given = Buffer.from(signature);
        return expected.length === given.length && timingSafeEqual(expected, given) ? nonce : null;
      }
      return null;
    },
  };
}
export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
