import { describe, expect, it } from 'vitest';
import { INVITATION_TTL_MS, masterAccessState } from './master-access';

const now = Date.UTC(2026, 11, 5, 10);

describe('masterAccessState', () => {
  it('is NONE without an account, whatever the invitations', () => {
    expect(masterAccessState({ account: null, invitationExpiresAt: now + INVITATION_TTL_MS }, now)).toBe('NONE');
  });

  it('is ACTIVE once the account has a password', () => {
    expect(masterAccessState({ account: { passwordSet: true }, invitationExpiresAt: null }, now)).toBe('ACTIVE');
    expect(masterAccessState({ account: { passwordSet: true }, invitationExpiresAt: now + 1 }, now)).toBe('ACTIVE');
  });

  it('is INVITED while the link works, EXPIRED from its end on', () => {
    const account = { passwordSet: false };
    expect(masterAccessState({ account, invitationExpiresAt: now + 1 }, now)).toBe('INVITED');
    expect(masterAccessState({ account, invitationExpiresAt: now }, now)).toBe('EXPIRED');
    expect(masterAccessState({ account, invitationExpiresAt: null }, now)).toBe('EXPIRED');
  });
});
