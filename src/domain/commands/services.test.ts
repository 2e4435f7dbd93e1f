import { describe, expect, it } from 'vitest';
import type { Actor } from './appointments';
import {
  checkCreateService,
  checkCreateServiceGroup,
  checkDeleteService,
  checkDeleteServiceGroup,
  checkUpdateService,
  checkUpdateServiceGroup,
} from './services';

const SALON = 's'.repeat(24);
const admin: Actor = { role: 'ADMIN', isOwner: false, salonId: SALON };
const master: Actor = { ...admin, role: 'MASTER' };
const reason = (shape: { reason?: string | null } | null) => shape?.reason ?? null;

describe('service group checks', () => {
  const group = { id: 'g1', nameVariants: { lv: 'Krāsošana', en: 'Colouring' } };
  const create = { id: 'g2', salon: SALON, nameVariants: { lv: 'Griešana', en: 'colouring' }, type: null, command: null };
  it('creates for a writer of the session salon, with a new id and a name free in each language', () => {
    expect(checkCreateServiceGroup({ ...create, nameVariants: { lv: 'Griešana' } }, admin, { idTaken: false, groups: [group] })).toBeNull();
    expect(reason(checkCreateServiceGroup(create, master, { idTaken: false, groups: [] }))).toBe('MASTER_CANNOT_EDIT_SALON_SETUP');
    expect(reason(checkCreateServiceGroup({ ...create, salon: 'x'.repeat(24) }, admin, { idTaken: false, groups: [] }))).toBe(
      'NOT_THE_SESSION_SALON',
    );
    expect(reason(checkCreateServiceGroup(create, admin, { idTaken: true, groups: [group] }))).toBe('ID_ALREADY_EXISTS');
    expect(checkCreateServiceGroup(create, admin, { idTaken: false, groups: [group] })).toMatchObject({
      messageId: 'serviceGroup.nameExists',
      field: 'nameVariants.en',
    });
  });
  it('updates an existing group (service.notExists), its own name not counting', () => {
    const update = { id: 'g1', nameVariants: group.nameVariants, type: null, command: null };
    expect(checkUpdateServiceGroup(update, admin, { exists: true, groups: [group] })).toBeNull();
    expect(checkUpdateServiceGroup(update, admin, { exists: false, groups: [group] })).toMatchObject({
      reason: 'ID_DOES_NOT_EXISTS',
      messageId: 'service.notExists',
    });
    expect(checkUpdateServiceGroup({ ...update, id: 'g3' }, admin, { exists: true, groups: [group] })?.field).toBe('nameVariants.lv');
    expect(reason(checkUpdateServiceGroup(update, master, { exists: true, groups: [] }))).toBe('MASTER_CANNOT_EDIT_SALON_SETUP');
  });
  it('deletes an existing group, for a writer', () => {
    expect(checkDeleteServiceGroup(admin, { exists: true })).toBeNull();
    expect(checkDeleteServiceGroup(admin, { exists: false })?.messageId).toBe('service.notExists');
    expect(reason(checkDeleteServiceGroup(master, { exists: true }))).toBe('MASTER_CANNOT_EDIT_SALON_SETUP');
  });
});

describe('service checks', () => {
  const fields = { serviceGroupId: 'g1', nameVariants: { lv: 'Griezums' }, duration: 30, price: '10.00', color: '#ff0000', command: null };
  const cut = { id: 'v0', groupId: 'g1', nameVariants: { lv: 'griezums ' } };
  const ok = { idTaken: false, groupExists: true, services: [] };
  it('creates for a writer, with a new id, in a live group, with a name free within that group', () => {
    expect(checkCreateService({ ...fields, id: 'v1' }, admin, ok)).toBeNull();
    expect(checkCreateService({ ...fields, id: 'v1' }, admin, { ...ok, services: [{ ...cut, groupId: 'g2' }] })).toBeNull();
    expect(reason(checkCreateService({ ...fields, id: 'v1' }, master, ok))).toBe('MASTER_CANNOT_EDIT_SALON_SETUP');
    expect(reason(checkCreateService({ ...fields, id: 'v1' }, admin, { ...ok, idTaken: true, groupExists: false }))).toBe(
      'ID_ALREADY_EXISTS',
    );
    expect(checkCreateService({ ...fields, id: 'v1' }, admin, { ...ok, groupExists: false, services: [cut] })).toMatchObject({
      reason: 'ID_DOES_NOT_EXISTS',
      messageId: 'service.notExists',
    });
    expect(checkCreateService({ ...fields, id: 'v1' }, admin, { ...ok, services: [cut] })).toMatchObject({
      messageId: 'service.nameExists',
      field: 'nameVariants.lv',
    });
  });
  it('updates an existing service into a live group, its own name not counting', () => {
    const reads = { exists: true, groupExists: true, services: [cut] };
    expect(checkUpdateService({ ...fields, id: 'v0' }, admin, reads)).toBeNull();
    expect(checkUpdateService({ ...fields, id: 'v0' }, admin, { ...reads, exists: false })?.messageId).toBe('service.notExists');
    expect(reason(checkUpdateService({ ...fields, id: 'v0' }, admin, { ...reads, groupExists: false }))).toBe('ID_DOES_NOT_EXISTS');
    expect(reason(checkUpdateService({ ...fields, id: 'v1' }, admin, reads))).toBe('NAME_ALREADY_EXISTS');
    expect(reason(checkUpdateService({ ...fields, id: 'v0' }, master, reads))).toBe('MASTER_CANNOT_EDIT_SALON_SETUP');
  });
  it('deletes an existing service, for a writer', () => {
    expect(checkDeleteService(admin, { exists: true })).toBeNull();
    expect(reason(checkDeleteService(admin, { exists: false }))).toBe('ID_DOES_NOT_EXISTS');
    expect(reason(checkDeleteService(master, { exists: true }))).toBe('MASTER_CANNOT_EDIT_SALON_SETUP');
  });
});
