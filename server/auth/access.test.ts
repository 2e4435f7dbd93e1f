import { describe, expect, it } from 'vitest';
import { DEFAULT_SALON_SETTINGS } from '../../src/domain/rules/salon-defaults';
import { accessOf, type AccessFacts, type SalonRow } from './access';

/** The one decision of a user's access (part 1 §3, §6; DESIGN.md §7) that login, every request and every write use. */
const salon = (masterPanelLogin: boolean): SalonRow => ({
  id: 's'.repeat(24),
  name: 'Salon',
  address: '',
  administratorId: 'o'.repeat(24),
  settings: { ...DEFAULT_SALON_SETTINGS, masterPanelLogin },
  rev: 1,
  rowRev: 1,
  timeZone: 'Europe/Riga',
  trialEndsAt: new Date(),
  createdAt: new Date(),
  deletedAt: null,
});
const user = (id: string, flags: Partial<AccessFacts['user']> = {}) => ({ id, isSupplier: false, isSysadmin: false, ...flags });
const facts = (over: Partial<AccessFacts>): AccessFacts => ({
  user: user('u'.repeat(24)),
  salon: salon(true),
  isAdministrator: false,
  isMaster: false,
  ...over,
});

describe('accessOf', () => {
  it('gives the owner and administrators ADMIN, the owner marked', () => {
    expect(accessOf(facts({ user: user('o'.repeat(24)), isAdministrator: true }))).toMatchObject({ role: 'ADMIN', isOwner: true });
    expect(accessOf(facts({ isAdministrator: true }))).toMatchObject({ role: 'ADMIN', isOwner: false });
  });

  it('lets masters in only while the salon allows master login; an administrator who is also a master stays ADMIN', () => {
    expect(accessOf(facts({ isMaster: true }))).toMatchObject({ role: 'MASTER', isOwner: false });
    expect(accessOf(facts({ isMaster: true, salon: salon(false) }))).toBeNull();
    expect(accessOf(facts({ isMaster: true, isAdministrator: true, salon: salon(false) }))).toMatchObject({ role: 'ADMIN' });
  });

  it('refuses a user who works nowhere in the salon, and a salon that is gone', () => {
    expect(accessOf(facts({}))).toBeNull();
    expect(accessOf(facts({ isAdministrator: true, salon: null }))).toBeNull();
  });

  it('gives suppliers no salon, and sysadmins any salon (owner when they administer it)', () => {
    expect(accessOf(facts({ user: user('p'.repeat(24), { isSupplier: true }), isAdministrator: true }))).toEqual({
      role: 'SUPPLIER',
      isOwner: false,
      salon: null,
    });
    expect(accessOf(facts({ user: user('o'.repeat(24), { isSysadmin: true, isSupplier: true }) }))).toMatchObject({
      role: 'SYSADMIN',
      isOwner: true,
    });
    expect(accessOf(facts({ user: user('y'.repeat(24), { isSysadmin: true }), salon: null }))).toEqual({
      role: 'SYSADMIN',
      isOwner: false,
      salon: null,
    });
  });
});
