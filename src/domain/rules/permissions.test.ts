import { describe, expect, it } from 'vitest';
import type { Access } from '../roles';
import { canArchivePaid, canBookPastDays, canRemovePaid } from './permissions';
import { isAdministrator } from '../roles';

const owner: Access = { role: 'ADMIN', isOwner: true };
const admin: Access = { role: 'ADMIN', isOwner: false };
const master: Access = { role: 'MASTER', isOwner: false };
const sysadmin: Access = { role: 'SYSADMIN', isOwner: false };

describe('permissions', () => {
  it.each([
    [owner, true],
    [admin, false],
    [master, false],
    [sysadmin, true],
  ])('past days and removing paid: %o → %s', (access, expected) => {
    expect(canBookPastDays(access)).toBe(expected);
    expect(canRemovePaid(access)).toBe(expected);
  });

  it.each([
    [owner, false, true],
    [admin, false, false],
    [admin, true, true],
    [master, true, false],
    [sysadmin, false, true],
  ])('archiving paid: %o with enableArchive %s → %s', (access, enableArchive, expected) => {
    expect(canArchivePaid(access, { enableArchive })).toBe(expected);
  });

  it.each([
    [owner, true],
    [admin, true],
    [master, false],
    [sysadmin, true],
    [{ role: 'SUPPLIER', isOwner: false } as Access, false],
  ])('writing clients: %o → %s', (access, expected) => expect(isAdministrator(access)).toBe(expected));
});
