import { describe, expect, it } from 'vitest';
import type { Actor } from './appointments';
import { checkCreateCabinet, checkDeleteCabinet, checkUpdateCabinet } from './cabinets';

const SALON = 's'.repeat(24);
const admin: Actor = { role: 'ADMIN', isOwner: false, salonId: SALON };
const master: Actor = { ...admin, role: 'MASTER' };
const fields = { salon: SALON, nameVariants: { lv: 'Zils', en: 'Blue' }, serviceGroups: ['g1'], lang: null, command: null };
const create = { id: 'c1', ...fields };
const blue = { id: 'c0', nameVariants: { lv: 'Zils' } };
const reason = (shape: { reason?: string | null } | null) => shape?.reason ?? null;

describe('cabinet checks', () => {
  const ok = { idTaken: false, knownGroups: ['g1'], cabinets: [] };
  it('creates for a writer of the session salon, with a new id, known groups and a free name, in that order', () => {
    expect(checkCreateCabinet(create, admin, ok)).toBeNull();
    expect(reason(checkCreateCabinet(create, master, { ...ok, idTaken: true }))).toBe('MASTER_CANNOT_EDIT_SALON_SETUP');
    expect(reason(checkCreateCabinet({ ...create, salon: 'x'.repeat(24) }, admin, ok))).toBe('NOT_THE_SESSION_SALON');
    expect(reason(checkCreateCabinet(create, admin, { ...ok, idTaken: true, knownGroups: [] }))).toBe('ID_ALREADY_EXISTS');
    expect(checkCreateCabinet(create, admin, { ...ok, knownGroups: [], cabinets: [blue] })).toMatchObject({
      field: 'serviceGroups',
      messageId: 'cabinet.unknownServiceGroup',
    });
    expect(checkCreateCabinet(create, admin, { ...ok, cabinets: [blue] })).toMatchObject({
      reason: 'NAME_ALREADY_EXISTS',
      field: 'nameVariants.lv',
    });
  });
  it('updates an existing cabinet, its own name not counting as taken', () => {
    const update = { ...fields, id: 'c0' };
    const reads = { exists: true, knownGroups: ['g1'], cabinets: [blue] };
    expect(checkUpdateCabinet(update, admin, reads)).toBeNull();
    expect(reason(checkUpdateCabinet(update, admin, { ...reads, exists: false }))).toBe('ID_DOES_NOT_EXISTS');
    expect(reason(checkUpdateCabinet({ ...update, salon: 'x'.repeat(24) }, admin, { ...reads, exists: false }))).toBe(
      'NOT_THE_SESSION_SALON',
    );
    expect(checkUpdateCabinet({ ...update, id: 'c2' }, admin, reads)).toMatchObject({
      messageId: 'cabinet.nameExists',
      field: 'nameVariants.lv',
    });
    expect(checkUpdateCabinet(update, admin, { ...reads, knownGroups: [] })?.field).toBe('serviceGroups');
  });
  it('deletes an existing cabinet, for a writer', () => {
    expect(checkDeleteCabinet(admin, { exists: true })).toBeNull();
    expect(checkDeleteCabinet(admin, { exists: false })?.messageId).toBe('cabinet.notExists');
    expect(reason(checkDeleteCabinet(master, { exists: true }))).toBe('MASTER_CANNOT_EDIT_SALON_SETUP');
  });
});
