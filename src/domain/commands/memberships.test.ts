import { describe, expect, it } from 'vitest';
import type { Role } from '../roles';
import type { Actor } from './appointments';
import { checkAddMembership, checkDeleteMembership } from './memberships';

const SALON = 's'.repeat(24);
const admin: Actor = { role: 'ADMIN', isOwner: false, salonId: SALON };
const as = (role: Role): Actor => ({ ...admin, role });
const reason = (shape: { reason?: string | null } | null) => shape?.reason ?? null;
const input = (salon = SALON) => ({
  id: 'm1',
  salon,
  client: 'c1',
  service: 'v1',
  serialNumber: 7,
  quantity: 5,
  price: '50.00',
  pricePerUse: '10.00',
  paymentType: 'CASH' as const,
  createdAt: '2026-11-25T08:00:00.000Z',
  command: null,
});

describe('createMembership check', () => {
  const ok = { idTaken: false, clientExists: true, serviceExists: true, serialTaken: false };
  it('lets administrators of the session salon only (MASTER_CANNOT_MANAGE_MEMBERSHIPS, NOT_THE_SESSION_SALON)', () => {
    expect(checkAddMembership(input(), as('MASTER'), ok)).toMatchObject({ code: 'Forbidden', reason: 'MASTER_CANNOT_MANAGE_MEMBERSHIPS' });
    expect(checkAddMembership(input('x'.repeat(24)), admin, ok)).toMatchObject({ code: 'Forbidden', reason: 'NOT_THE_SESSION_SALON' });
    expect(checkAddMembership(input(), as('SYSADMIN'), ok)).toBeNull();
    expect(checkAddMembership(input(), admin, ok)).toBeNull();
  });
  it('refuses a taken id, a missing client on its field, an unknown service, a taken serial number, in that order', () => {
    expect(reason(checkAddMembership(input(), admin, { ...ok, idTaken: true, clientExists: false }))).toBe('ID_ALREADY_EXISTS');
    expect(checkAddMembership(input(), admin, { ...ok, clientExists: false, serviceExists: false })).toMatchObject({
      code: 'NotExists',
      field: 'client',
      messageId: 'client.notExists',
    });
    expect(checkAddMembership(input(), admin, { ...ok, serviceExists: false, serialTaken: true })).toMatchObject({
      field: 'service',
      messageId: 'membership.selectService',
    });
    expect(checkAddMembership(input(), admin, { ...ok, serialTaken: true })).toMatchObject({
      reason: 'SERIAL_NUMBER_ALREADY_EXISTS',
      field: 'serialNumber',
    });
  });
  it('leaves a service this side cannot see (a deleted one, locally) to the server', () => {
    expect(checkAddMembership(input(), admin, { ...ok, serviceExists: null })).toBeNull();
  });
});

describe('deleteMembership check', () => {
  it('deletes a live membership of the salon as an administrator', () => {
    expect(reason(checkDeleteMembership(as('MASTER'), { exists: true }))).toBe('MASTER_CANNOT_MANAGE_MEMBERSHIPS');
    expect(checkDeleteMembership(admin, { exists: false })).toMatchObject({ code: 'NotExists', messageId: 'membership.notExists' });
    expect(checkDeleteMembership(admin, { exists: true })).toBeNull();
  });
});
