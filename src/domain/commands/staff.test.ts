import { describe, expect, it } from 'vitest';
import type { Actor } from './appointments';
import { checkCreateMaster, checkDeleteMaster, checkUpdateMaster, masterIdentity, masterWithContact } from './staff';

const SALON = 's'.repeat(24);
const admin: Actor = { role: 'ADMIN', isOwner: false, salonId: SALON };
const master: Actor = { ...admin, role: 'MASTER' };
const reason = (shape: { reason?: string | null } | null) => shape?.reason ?? null;
const fields = {
  firstName: 'Anna',
  lastName: 'Ozola',
  gender: 'FEMALE' as const,
  phone: '+37120000001',
  email: 'anna@example.com',
  status: 'ACTIVE' as const,
  serviceGroups: ['g1'],
};
const create = { id: 'm1', salon: SALON, ...fields, userId: null, command: null };
const other = { id: 'm0', phone: '+37120000009', email: 'Other@Example.com' };
const account = { firstName: 'Anna', lastName: '', phone: '+37120000001', email: 'Anna@Example.com', gender: null };

describe('masterWithContact (the New master lookup names a master already on staff)', () => {
  const staff = [
    { id: 'a', phone: '+37120000001', email: 'Anna@Example.com', userId: null },
    { id: 'b', phone: null, email: null, userId: 'u2' },
  ];
  it('finds her by phone, by e-mail in any case, or by the account found; nobody else', () => {
    expect(masterWithContact({ phone: '+37120000001', email: null }, staff)?.id).toBe('a');
    expect(masterWithContact({ phone: null, email: 'anna@example.COM' }, staff)?.id).toBe('a');
    expect(masterWithContact({ phone: '+37129999999', email: 'x@example.com', userId: 'u2' }, staff)?.id).toBe('b');
    expect(masterWithContact({ phone: '+37129999999', email: 'x@example.com', userId: 'u3' }, staff)).toBeUndefined();
    expect(masterWithContact({ phone: null, email: null, userId: null }, staff)).toBeUndefined();
  });
});

describe('master checks', () => {
  const ok = { idTaken: false, knownGroups: ['g1'], masters: [other], account: null };
  it('creates for a writer of the session salon, with a new id, known groups, a free phone, then a free e-mail', () => {
    expect(checkCreateMaster(create, admin, ok)).toBeNull();
    expect(reason(checkCreateMaster(create, master, ok))).toBe('MASTER_CANNOT_EDIT_SALON_SETUP');
    expect(reason(checkCreateMaster({ ...create, salon: 'x'.repeat(24) }, admin, ok))).toBe('NOT_THE_SESSION_SALON');
    expect(reason(checkCreateMaster(create, admin, { ...ok, idTaken: true, knownGroups: [] }))).toBe('ID_ALREADY_EXISTS');
    expect(checkCreateMaster(create, admin, { ...ok, knownGroups: [] })).toMatchObject({
      field: 'serviceGroups',
      messageId: 'master.selectServiceGroups',
    });
    // The phone of one master and the e-mail of another: the spec's two-users refusal (issue 22 item 12).
    const phoneHolder = { id: 'm8', phone: create.phone, email: null };
    const emailHolder = { id: 'm9', phone: null, email: 'ANNA@example.com' };
    expect(checkCreateMaster(create, admin, { ...ok, masters: [phoneHolder, emailHolder] })).toMatchObject({
      reason: 'THERE_ARE_TWO_DIFFERENT_USER_WITH_PROVIDED_PHONE_AND_EMAIL',
      messageId: 'master.twoDifferentUsers',
    });
    const update = { salonId: SALON, masterId: 'm1', ...fields, command: null };
    const current = { type: 'LOCAL' };
    expect(
      reason(
        checkUpdateMaster(update, admin, { ...ok, current, masters: [{ id: 'm1', phone: null, email: null }, phoneHolder, emailHolder] }),
      ),
    ).toBe('THERE_ARE_TWO_DIFFERENT_USER_WITH_PROVIDED_PHONE_AND_EMAIL');
    expect(reason(checkUpdateMaster(update, admin, { ...ok, current, masters: [phoneHolder] }))).toBe('PHONE_ALREADY_EXISTS');
    const both = { ...other, phone: create.phone, email: 'ANNA@example.com' };
    expect(checkCreateMaster(create, admin, { ...ok, masters: [both] })).toMatchObject({ reason: 'PHONE_ALREADY_EXISTS', field: 'phone' });
    expect(checkCreateMaster(create, admin, { ...ok, masters: [{ ...both, phone: null }] })).toMatchObject({
      reason: 'EMAIL_ALREADY_EXISTS',
      field: 'email',
    });
    expect(
      checkCreateMaster({ ...create, phone: null, email: null }, admin, { ...ok, masters: [{ id: 'm0', phone: null, email: null }] }),
    ).toBeNull();
  });
  it("makes a master from a found account only while it still has the form's phone or e-mail, and checks the identity it will have", () => {
    const fromAccount = { ...create, userId: 'u1' };
    expect(checkCreateMaster(fromAccount, admin, { ...ok, account })).toBeNull();
    expect(checkCreateMaster({ ...fromAccount, phone: null }, admin, { ...ok, account })).toBeNull();
    expect(checkCreateMaster(fromAccount, admin, ok)).toMatchObject({ reason: 'VALIDATION_FAILED', messageId: 'client.userMismatch' });
    expect(
      reason(checkCreateMaster(fromAccount, admin, { ...ok, account: { ...account, phone: '+37129999999', email: 'new@example.com' } })),
    ).toBe('VALIDATION_FAILED');
    // The account's phone, not the form's, must be free.
    const withPhone = { ...account, phone: other.phone, email: 'anna@example.com' };
    expect(reason(checkCreateMaster(fromAccount, admin, { ...ok, account: withPhone }))).toBe('PHONE_ALREADY_EXISTS');
    expect(reason(checkCreateMaster(create, admin, { ...ok, account: withPhone }))).toBeNull();
  });
  it("takes a found account's identity, filling what it lacks from the form", () => {
    expect(masterIdentity(account, { ...fields, phone: null })).toEqual({
      firstName: 'Anna',
      lastName: 'Ozola',
      phone: '+37120000001',
      email: 'anna@example.com',
      gender: 'FEMALE',
    });
    expect(masterIdentity({ ...account, firstName: ' Ann ', phone: null, gender: 'MALE' }, fields)).toMatchObject({
      firstName: 'Ann',
      phone: fields.phone,
      gender: 'MALE',
    });
  });
  it("updates an existing master; a LOCAL one's phone and e-mail must be free of others, a GLOBAL one's are not checked", () => {
    const update = { salonId: SALON, masterId: 'm1', ...fields, command: null };
    const reads = {
      current: { type: 'LOCAL' },
      knownGroups: ['g1'],
      masters: [{ id: 'm1', phone: fields.phone, email: fields.email }, other],
    };
    expect(checkUpdateMaster(update, admin, reads)).toBeNull();
    expect(reason(checkUpdateMaster({ ...update, phone: other.phone }, admin, reads))).toBe('PHONE_ALREADY_EXISTS');
    expect(reason(checkUpdateMaster({ ...update, email: 'other@example.com' }, admin, reads))).toBe('EMAIL_ALREADY_EXISTS');
    expect(checkUpdateMaster({ ...update, phone: other.phone }, admin, { ...reads, current: { type: 'GLOBAL' } })).toBeNull();
    expect(checkUpdateMaster(update, admin, { ...reads, current: null })?.messageId).toBe('master.notExists');
    expect(checkUpdateMaster(update, admin, { ...reads, knownGroups: [] })?.field).toBe('serviceGroups');
    expect(reason(checkUpdateMaster({ ...update, salonId: 'x'.repeat(24) }, admin, reads))).toBe('NOT_THE_SESSION_SALON');
    expect(reason(checkUpdateMaster(update, master, reads))).toBe('MASTER_CANNOT_EDIT_SALON_SETUP');
  });
  it('deletes an existing master of the session salon, for a writer', () => {
    const remove = { salonId: SALON, masterId: 'm1', command: null };
    expect(checkDeleteMaster(remove, admin, { exists: true })).toBeNull();
    expect(checkDeleteMaster(remove, admin, { exists: false })?.messageId).toBe('master.notExists');
    expect(reason(checkDeleteMaster({ ...remove, salonId: 'x'.repeat(24) }, admin, { exists: true }))).toBe('NOT_THE_SESSION_SALON');
    expect(reason(checkDeleteMaster(remove, master, { exists: true }))).toBe('MASTER_CANNOT_EDIT_SALON_SETUP');
  });
});
