import { describe, expect, it } from 'vitest';
import type { Role } from '../roles';
import type { Actor } from './appointments';
import {
  accountIdentity,
  checkCreateClient,
  checkDeleteClient,
  checkSetDefaultMasters,
  checkUpdateClient,
  newClientIdentity,
  type ClientAccount,
  type CurrentClient,
} from './clients';

const SALON = 's'.repeat(24);
const OTHER = 'x'.repeat(24);
const admin: Actor = { role: 'ADMIN', isOwner: false, salonId: SALON };
const owner: Actor = { ...admin, isOwner: true };
const as = (role: Role): Actor => ({ ...admin, role });
const today = '2026-11-25';
const reason = (shape: { reason?: string | null } | null) => shape?.reason ?? null;
const free = { byPhone: null, byEmail: null };

const fields = {
  firstName: 'Anna',
  lastName: 'Liepa',
  gender: 'FEMALE' as const,
  phone: '+37120000000',
  email: 'anna@example.com',
  notes: '',
  birthday: null as string | null,
  blocked: false,
};
const create = (over: Partial<typeof fields & { salon: string; userId: string | null }> = {}) => ({
  id: 'c1',
  salon: SALON,
  userId: null,
  command: null,
  ...fields,
  ...over,
});
const update = (over: Partial<typeof fields & { salonId: string }> = {}) => ({
  salonId: SALON,
  clientId: 'c1',
  command: null,
  ...fields,
  ...over,
});
const account = (over: Partial<ClientAccount> = {}): ClientAccount => ({
  email: 'anna@example.com',
  firstName: 'Anna',
  lastName: 'Liepa',
  phone: '+37120000000',
  gender: 'FEMALE',
  ...over,
});
const current = (over: Partial<CurrentClient> = {}): CurrentClient => ({ type: 'LOCAL', ...fields, ...over });

describe('createClient check', () => {
  const ok = { idTaken: false, today, holders: free };
  it('lets administrators of the session salon only (MASTER_CANNOT_EDIT_CLIENTS, NOT_THE_SESSION_SALON)', () => {
    expect(checkCreateClient(create(), as('MASTER'), ok)).toMatchObject({ code: 'Forbidden', reason: 'MASTER_CANNOT_EDIT_CLIENTS' });
    expect(checkCreateClient(create({ salon: OTHER }), admin, ok)).toMatchObject({ code: 'Forbidden', reason: 'NOT_THE_SESSION_SALON' });
    expect(checkCreateClient(create(), admin, ok)).toBeNull();
    expect(checkCreateClient(create(), as('SYSADMIN'), ok)).toBeNull();
  });
  it('refuses a taken id', () => {
    expect(reason(checkCreateClient(create(), admin, { ...ok, idTaken: true }))).toBe('ID_ALREADY_EXISTS');
  });
  it('sets a birthday before today for the owner or a sysadmin only', () => {
    expect(checkCreateClient(create({ birthday: '2026-11-24' }), admin, ok)).toMatchObject({
      reason: 'BIRTHDAY_BEFORE_TODAY',
      field: 'birthday',
    });
    expect(checkCreateClient(create({ birthday: '2026-11-24' }), owner, ok)).toBeNull();
    expect(checkCreateClient(create({ birthday: '2026-11-24' }), as('SYSADMIN'), ok)).toBeNull();
    expect(checkCreateClient(create({ birthday: today }), admin, ok)).toBeNull();
  });
  it('refuses a found account that is gone or no longer has the phone or e-mail, unless this side cannot know it', () => {
    const found = create({ userId: 'u'.repeat(24) });
    const mismatch = { reason: 'VALIDATION_FAILED', messageId: 'client.userMismatch', field: 'phone' };
    expect(checkCreateClient(found, admin, { ...ok, account: null })).toMatchObject(mismatch);
    expect(
      checkCreateClient(found, admin, { ...ok, account: account({ phone: '+37129999999', email: 'other@example.com' }) }),
    ).toMatchObject(mismatch);
    expect(checkCreateClient(found, admin, { ...ok, account: account({ phone: null }) })).toBeNull();
    expect(checkCreateClient(found, admin, { ...ok, account: account({ email: 'x@example.com' }) })).toBeNull();
    expect(checkCreateClient(found, admin, ok)).toBeNull();
    // Without a found user the account plays no part.
    expect(checkCreateClient(create(), admin, { ...ok, account: null })).toBeNull();
  });
  it('keeps a phone and an e-mail to one client of the salon', () => {
    expect(checkCreateClient(create(), admin, { ...ok, holders: { byPhone: 'a', byEmail: null } })).toMatchObject({
      reason: 'PHONE_ALREADY_EXISTS',
      field: 'phone',
    });
    expect(checkCreateClient(create(), admin, { ...ok, holders: { byPhone: null, byEmail: 'a' } })).toMatchObject({
      reason: 'EMAIL_ALREADY_EXISTS',
      field: 'phone',
    });
    expect(reason(checkCreateClient(create(), admin, { ...ok, holders: { byPhone: 'a', byEmail: 'b' } }))).toBe(
      'THERE_ARE_TWO_DIFFERENT_USER_WITH_PROVIDED_PHONE_AND_EMAIL',
    );
    expect(reason(checkCreateClient(create(), admin, { ...ok, holders: { byPhone: 'a', byEmail: 'a' } }))).toBe('PHONE_ALREADY_EXISTS');
  });
});

describe('a found account as the identity', () => {
  it("takes the account's identity, the form's where the account has nothing", () => {
    expect(
      accountIdentity(fields, account({ firstName: ' ', lastName: 'Ozola', phone: null, email: 'ANNA@example.com', gender: null })),
    ).toEqual({ firstName: 'Anna', lastName: 'Ozola', phone: '+37120000000', email: 'anna@example.com', gender: 'FEMALE' });
    expect(accountIdentity(fields, account({ phone: '+37129999999', email: 'other@example.com' }))).toBeNull();
  });
  it("is the new client's identity only with a found user the side knows", () => {
    const theirs = account({ lastName: 'Ozola' });
    expect(newClientIdentity(create({ userId: 'u'.repeat(24) }), theirs).lastName).toBe('Ozola');
    expect(newClientIdentity(create(), theirs).lastName).toBe('Liepa');
    expect(newClientIdentity(create({ userId: 'u'.repeat(24) }), undefined).lastName).toBe('Liepa');
  });
});

describe('updateClient check', () => {
  const ok = { current: current(), today, holders: free };
  it('lets administrators of the session salon only, and needs the client', () => {
    expect(reason(checkUpdateClient(update(), as('MASTER'), ok))).toBe('MASTER_CANNOT_EDIT_CLIENTS');
    expect(reason(checkUpdateClient(update({ salonId: OTHER }), admin, ok))).toBe('NOT_THE_SESSION_SALON');
    expect(checkUpdateClient(update(), admin, { ...ok, current: null })).toMatchObject({
      code: 'NotExists',
      reason: 'ID_DOES_NOT_EXISTS',
      messageId: 'client.notExists',
    });
    expect(checkUpdateClient(update(), admin, ok)).toBeNull();
  });
  it("keeps a GLOBAL client's identity (e-mail case aside); notes, blocked and birthday still change", () => {
    const global = { ...ok, current: current({ type: 'GLOBAL' }) };
    expect(reason(checkUpdateClient(update({ firstName: 'Other' }), admin, global))).toBe('GLOBAL_CLIENT_IDENTITY_LOCKED');
    expect(
      checkUpdateClient(update({ notes: 'x', blocked: true }), admin, {
        ...global,
        current: current({ type: 'GLOBAL', email: 'ANNA@example.com' }),
      }),
    ).toBeNull();
    expect(checkUpdateClient(update({ firstName: 'Other' }), admin, ok)).toBeNull();
  });
  it('binds the birthday rule to a changed birthday only', () => {
    const past = { ...ok, current: current({ birthday: '1990-04-05' }) };
    expect(checkUpdateClient(update({ birthday: '1990-04-05' }), admin, past)).toBeNull();
    expect(reason(checkUpdateClient(update({ birthday: '1990-04-06' }), admin, past))).toBe('BIRTHDAY_BEFORE_TODAY');
    expect(checkUpdateClient(update({ birthday: '1990-04-06' }), owner, past)).toBeNull();
  });
  it('refuses a phone or e-mail of another client', () => {
    expect(reason(checkUpdateClient(update(), admin, { ...ok, holders: { byPhone: 'b', byEmail: null } }))).toBe('PHONE_ALREADY_EXISTS');
    expect(reason(checkUpdateClient(update(), admin, { ...ok, holders: { byPhone: null, byEmail: 'b' } }))).toBe('EMAIL_ALREADY_EXISTS');
  });
});

describe('deleteClient and setDefaultMasters checks', () => {
  it('deletes a client of the salon as an administrator', () => {
    const input = { salonId: SALON, clientId: 'c1', command: null };
    expect(reason(checkDeleteClient(input, as('MASTER'), { exists: true }))).toBe('MASTER_CANNOT_EDIT_CLIENTS');
    expect(reason(checkDeleteClient({ ...input, salonId: OTHER }, admin, { exists: true }))).toBe('NOT_THE_SESSION_SALON');
    expect(checkDeleteClient(input, admin, { exists: false })).toMatchObject({ code: 'NotExists', messageId: 'client.notExists' });
    expect(checkDeleteClient(input, admin, { exists: true })).toBeNull();
  });
  it('sets live masters of the salon on a client of the salon', () => {
    const input = { salon: SALON, client: 'c1', masters: ['m1', 'm2'], command: null };
    const ok = { clientExists: true, liveMasters: new Set(['m1', 'm2']) };
    expect(reason(checkSetDefaultMasters(input, as('MASTER'), ok))).toBe('MASTER_CANNOT_EDIT_CLIENTS');
    expect(reason(checkSetDefaultMasters({ ...input, salon: OTHER }, admin, ok))).toBe('NOT_THE_SESSION_SALON');
    expect(checkSetDefaultMasters(input, admin, { ...ok, clientExists: false })).toMatchObject({
      code: 'NotExists',
      reason: 'CLIENT_NOT_EXISTS',
    });
    expect(checkSetDefaultMasters(input, admin, { ...ok, liveMasters: new Set(['m1']) })).toMatchObject({
      field: 'masters',
      messageId: 'client.defaultMasters.unknownMaster',
    });
    expect(checkSetDefaultMasters(input, admin, ok)).toBeNull();
    expect(checkSetDefaultMasters({ ...input, masters: [] }, admin, { ...ok, liveMasters: new Set() })).toBeNull();
  });
});
