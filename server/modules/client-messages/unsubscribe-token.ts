import { createSignedIds } from '../../auth/signed-id';

/**
 * The token of a client's unsubscribe link (issue 57 item 4): the client's id, signed (server/auth/signed-id.ts, the
 * secret server_secrets 'unsubscribe'), so a link names one client and cannot be made for another. It never expires:
 * a mail read a year later still unsubscribes.
 */
export interface UnsubscribeTokens {
  tokenOf(clientId: string): string;
  /** The client a token was made for, or null when it is not one of ours. */
  clientOf(token: string): string | null;
}

export function createUnsubscribeTokens(secret: string): UnsubscribeTokens {
  const ids = createSignedIds(secret, 'unsubscribe');
  return { tokenOf: ids.tokenOf, clientOf: ids.idOf };
}
