import { describe, expect, it } from 'vitest';
import {
  checkDeleteAdministrator,
  checkTransferOwnership,
  checkUpdateAdministrator,
  ownerRefusal,
  type OwnerActor,
} from './administrators';

const SALON = 's'.repeat(24);
const OTHER = 'x'.repeat(24);
const owner: OwnerActor = { role: 'ADMIN', isOwner: true, salonId: SALON, userId: 'u-owner' };
const admin: OwnerActor = { ...owner, isOwner: false, userId: 'u-admin' };
const sysadmin: OwnerActor = { ...owner, role: 'SYSADMIN', isOwner: false, userId: 'u-sys' };
const reason = (shape: { reason?: string | null } | null) => shape?.reason ?? null;
const ownerRead = { ownerId: 'u-owner' };

describe("the owner's right", () => {
  it('is the owner of the session salon, still the owner under the lock', () => {
    expect(ownerRefusal(SALON, owner, ownerRead)).toBeNull();
    expect(ownerRefusal(SALON, admin, ownerRead)).toMatchObject({
      code: 'Forbidden',
      reason: 'FORBIDDEN',
      message: 'Only the salon owner may do this',
    });
    expect(reason(ownerRefusal(SALON, sysadmin, ownerRead))).toBe('FORBIDDEN');
    expect(reason(ownerRefusal(OTHER, owner, ownerRead))).toBe('FORBIDDEN');
    // Handed over meanwhile: the session still says owner, the salon no longer does.
    expect(reason(ownerRefusal(SALON, owner, { ownerId: 'u-admin' }))).toBe('FORBIDDEN');
    expect(reason(ownerRefusal(SALON, owner, { ownerId: null }))).toBe('FORBIDDEN');
  });
  it("gives adding the spec's own refusal", () => {
    expect(reason(ownerRefusal(SALON, admin, ownerRead, 'cannotAddAdministrators'))).toBe('USER_DOES_NOT_HAVE_PERMISSION_TO_ADD');
    expect(ownerRefusal(SALON, owner, ownerRead, 'cannotAddAdministrators')).toBeNull();
  });
});

describe('updateAdministrator check', () => {
  const input = { salonId: SALON, administratorId: 'a1', firstName: 'Anna', lastName: 'Bērziņa', phone: null, command: null } as Parameters<
    typeof checkUpdateAdministrator
  >[0];
  const ok = { ...ownerRead, current: { userId: 'u-admin' }, usedElsewhere: false };
  it('refuses anyone but the owner, a gone administrator, then an account used elsewhere', () => {
    expect(reason(checkUpdateAdministrator(input, admin, { ...ok, current: null }))).toBe('FORBIDDEN');
    expect(checkUpdateAdministrator(input, owner, { ...ok, current: null, usedElsewhere: true })).toMatchObject({
      code: 'NotExists',
      messageId: 'administrator.notExists',
    });
    expect(reason(checkUpdateAdministrator(input, owner, { ...ok, usedElsewhere: true }))).toBe('ACCOUNT_USED_ELSEWHERE');
    expect(checkUpdateAdministrator(input, owner, ok)).toBeNull();
    // The owner edits his own name too.
    expect(checkUpdateAdministrator(input, owner, { ...ok, current: { userId: 'u-owner' } })).toBeNull();
  });
});

describe('deleteAdministrator and transferOwnership checks', () => {
  const input = { userId: 'u-owner', salonId: SALON, administratorId: 'a1', command: null } as Parameters<
    typeof checkDeleteAdministrator
  >[0];
  const transfer = { salonId: SALON, administratorId: 'a1' };
  it('refuses anyone but the owner and a gone administrator', () => {
    expect(reason(checkDeleteAdministrator({ ...input, salonId: OTHER }, owner, { ...ownerRead, current: { userId: 'u-admin' } }))).toBe(
      'FORBIDDEN',
    );
    expect(reason(checkDeleteAdministrator(input, owner, { ...ownerRead, current: null }))).toBe('ID_DOES_NOT_EXISTS');
    expect(reason(checkTransferOwnership(transfer, admin, { ...ownerRead, current: { userId: 'u-admin' } }))).toBe('FORBIDDEN');
    expect(reason(checkTransferOwnership(transfer, owner, { ...ownerRead, current: null }))).toBe('ID_DOES_NOT_EXISTS');
  });
  it('never removes the owner, nor hands the salon to its owner', () => {
    expect(reason(checkDeleteAdministrator(input, owner, { ...ownerRead, current: { userId: 'u-owner' } }))).toBe(
      'OWNER_CANNOT_BE_REMOVED',
    );
    expect(checkDeleteAdministrator(input, owner, { ...ownerRead, current: { userId: 'u-admin' } })).toBeNull();
    expect(reason(checkTransferOwnership(transfer, owner, { ...ownerRead, current: { userId: 'u-owner' } }))).toBe('ALREADY_THE_OWNER');
    expect(checkTransferOwnership(transfer, owner, { ...ownerRead, current: { userId: 'u-admin' } })).toBeNull();
  });
});
