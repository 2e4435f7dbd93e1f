/**
 * Whether a master may sign in to the panel (issue 63). An owner invites a master by e-mail: the invitation
 * links the master to an account (a new one without a password, or the one that has the e-mail) and mails a
 * single-use link to the change-password page, which sets the password. Revoking unlinks the account.
 */
export type MasterAccessState = 'NONE' | 'INVITED' | 'EXPIRED' | 'ACTIVE';

/**
 * The address of an account made by an SMS invitation for a master without an e-mail (decision 084): under the
 * reserved `.invalid` domain, so nothing is ever mailed there and nobody can sign in with it. The master chooses
 * the real address with the first password.
 */
export const placeholderEmail = (userId: string) => `sms-${userId}@invite.invalid`;
export const isPlaceholderEmail = (email: string) => email.endsWith('@invite.invalid');

/** An invitation link works for a week. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface MasterAccessFacts {
  /** The account linked to the master, null when none. */
  account: { passwordSet: boolean } | null;
  /** When the account's newest unused invitation ends (ms), null when there is none. */
  invitationExpiresAt: number | null;
}

/**
 * NONE: no account. ACTIVE: an account with a password (it signs in). An account still without a password is
 * INVITED while its link works, else EXPIRED (the owner sends it again).
 */
export function masterAccessState(facts: MasterAccessFacts, now: number): MasterAccessState {
  if (!facts.account) return 'NONE';
  if (facts.account.passwordSet) return 'ACTIVE';
  return facts.invitationExpiresAt !== null && facts.invitationExpiresAt > now ? 'INVITED' : 'EXPIRED';
}
