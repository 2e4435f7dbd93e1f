import { createHmac, timingSafeEqual } from 'node:crypto';
import { ID_PATTERN } from '../../../src/domain/ids';

/**
 * The token of a client's unsubscribe link (issue 57 item 4): the client's id and an HMAC of it with a secret every
 * instance shares (server_secrets 'unsubscribe'), so a link names one client and cannot be made for another. It
 * never expires: a mail read a year later still unsubscribes.
 */
export interface UnsubscribeTokens {
  tokenOf(clientId: string): string;
  /** The client a token was made for, or null when it is not one of ours. */
  clientOf(token: string): string | null;
}

export function createUnsubscribeTokens(secret: string): UnsubscribeTokens {
  const mac = (clientId: string) => createHmac('sha256', secret).update(`unsubscribe:${clientId}`).digest('base64url').slice(0, 32);
  return {
    tokenOf: (clientId) => `${clientId}.${mac(clientId)}`,
    clientOf(token) {
      const [clientId, given, ...rest] = token.split('.');
      if (!clientId || !given || rest.length > 0 || !ID_PATTERN.test(clientId)) return null;
      const expected = Buffer.from(mac(clientId));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected) ? clientId : null;
    },
  };
}
