import { createHmac, timingSafeEqual } from 'node:crypto';
import { ID_PATTERN } from '../../src/domain/ids';

/**
 * A link's token that names one row: its id and an HMAC of `purpose:id` with a secret every instance shares
 * (server_secrets), so a token is made for one row of one purpose and cannot be made for another. It never expires by
 * itself: the row it names ends it (a new id, a deleted row).
 */
export interface SignedIds {
  tokenOf(id: string): string;
  /** The id a token was made for, or null when it is not one of ours. */
  idOf(token: string): string | null;
}

export function createSignedIds(secret: string, purpose: string): SignedIds {
  const mac = (id: string) => createHmac('sha256', secret).update(`${purpose}:${id}`).digest('base64url').slice(0, 32);
  return {
    tokenOf: (id) => `${id}.${mac(id)}`,
    idOf(token) {
      const [id, given, ...rest] = token.split('.');
      if (!id || !given || rest.length > 0 || !ID_PATTERN.test(id)) return null;
      const expected = Buffer.from(mac(id));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected) ? id : null;
    },
  };
}
