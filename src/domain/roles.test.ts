import { describe, expect, it } from 'vitest';
import { canCreateSalon, canOpenSalonPath, landingPath, type Access } from './roles';

const admin: Access = { role: 'ADMIN', isOwner: false };
const owner: Access = { role: 'ADMIN', isOwner: true };
const master: Access = { role: 'MASTER', isOwner: false };
const sysadmin: Access = { role: 'SYSADMIN', isOwner: false };
const supplier: Access = { role: 'SUPPLIER', isOwner: false };

describe('landingPath', () => {
  it('sends suppliers to seminars and everyone else to appointments', () => {
    expect(landingPath('SUPPLIER')).toBe('/supplier/seminars');
    expect(landingPath('MASTER')).toBe('/salon/appointments');
    expect(landingPath('ADMIN')).toBe('/salon/appointments');
    expect(landingPath('SYSADMIN', true)).toBe('/salon/appointments');
    expect(landingPath('SYSADMIN', false)).toBe('/salon/salon-list');
  });
});

describe('canOpenSalonPath', () => {
  it.each([
    [master, '/salon/appointments', true],
    [master, '/salon/seminars', true],
    [master, '/salon/clients', false],
    [supplier, '/salon/seminars', false],
    [master, '/salon/settings', false],
    [admin, '/salon/clients', true],
    [admin, '/salon/settings/administrators', false],
    [owner, '/salon/settings/administrators', true],
    [owner, '/salon/owner-settings', true],
    [admin, '/salon/salon-list', false],
    [owner, '/salon/statistics', false],
    [sysadmin, '/salon/statistics', true],
    [supplier, '/salon/appointments', false],
  ])('%o may open %s: %s', (access, path, expected) => {
    expect(canOpenSalonPath(access, path)).toBe(expected);
  });
});

describe('canCreateSalon', () => {
  it('is refused to masters only among salon users', () => {
    expect(canCreateSalon(master)).toBe(false);
    expect(canCreateSalon(admin)).toBe(true);
    expect(canCreateSalon(owner)).toBe(true);
  });
});
