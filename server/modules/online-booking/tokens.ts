import { createHmac } from 'node:crypto';
import { createSignedIds, type SignedIds } from '../../auth/signed-id';

/**
 * The booking page's secrets (issue 61), from one secret every instance shares: the manage links (an online booking's
 * id, signed) and the one-time codes, kept as an HMAC of the code's row and digits, never the digits.
 */
export interface OnlineBookingTokens {
  manage: SignedIds;
  codeHash(id: string, code: string): string;
}

export function createOnlineBookingTokens(secret: string): OnlineBookingTokens {
  return {
    manage: createSignedIds(secret, 'online-booking'),
    codeHash: (id, code) => createHmac('sha256', secret).update(`booking-code:${id}:${code}`).digest('base64url'),
  };
}
