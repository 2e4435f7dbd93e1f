import { describe, expect, it } from 'vitest';
import type { Actor } from './appointments';
import { checkRemoval, nameVariantsTaken, othersThan, setupWriter, someUnknown, when } from './setup';

const SALON = 's'.repeat(24);
const admin: Actor = { role: 'ADMIN', isOwner: false, salonId: SALON };

describe('the salon-setup check parts', () => {
  it('lets administrators and sysadmins write the setup of their session salon only', () => {
    expect(setupWriter(admin)).toBeNull();
    expect(setupWriter({ ...admin, role: 'SYSADMIN' }, SALON)).toBeNull();
    expect(setupWriter({ ...admin, role: 'MASTER' })).toMatchObject({
      code: 'Forbidden',
      reason: 'MASTER_CANNOT_EDIT_SALON_SETUP',
      messageId: 'error.forbidden',
    });
    expect(setupWriter({ ...admin, role: 'MASTER', isOwner: true })?.reason).toBe('MASTER_CANNOT_EDIT_SALON_SETUP');
    expect(setupWriter(admin, 'x'.repeat(24))?.reason).toBe('NOT_THE_SESSION_SALON');
  });
  it('refuses by the table only when broken', () => {
    expect(when(false, 'idTaken')).toBeNull();
    expect(when(true, 'cabinetNameTaken', { field: 'nameVariants.ru' })).toMatchObject({
      reason: 'NAME_ALREADY_EXISTS',
      field: 'nameVariants.ru',
    });
  });
  it('finds a name taken in a language, case and spaces ignored, on its field', () => {
    const others = [{ nameVariants: { lv: 'Zils', en: 'Blue' } }];
    expect(nameVariantsTaken('serviceGroupNameTaken', { lv: 'Sarkans', en: ' blue ' }, others)).toMatchObject({
      messageId: 'serviceGroup.nameExists',
      field: 'nameVariants.en',
    });
    // A name missing in a language shows another one: a Russian screen would show 'Blue' twice.
    expect(nameVariantsTaken('serviceGroupNameTaken', { lv: 'Sarkans', ru: 'Blue' }, others)).toMatchObject({
      field: 'nameVariants.ru',
    });
    expect(nameVariantsTaken('serviceGroupNameTaken', { lv: 'Sarkans', en: 'Red', ru: 'Красный' }, others)).toBeNull();
  });
  it('two names that read the same in English are taken, even when one is only the Latvian shown in its place (issue 22 item 14)', () => {
    const cabinet1 = [{ nameVariants: { lv: 'Cabinet 1' } }];
    expect(nameVariantsTaken('cabinetNameTaken', { lv: 'Kabinets 2', en: 'cabinet 1' }, cabinet1)).toMatchObject({
      messageId: 'cabinet.nameExists',
      field: 'nameVariants.en',
    });
    const english = [{ nameVariants: { lv: 'Kabinets 2', en: 'Cabinet 1' } }];
    expect(nameVariantsTaken('cabinetNameTaken', { lv: 'Cabinet 1' }, english)).toMatchObject({ field: 'nameVariants.lv' });
    expect(nameVariantsTaken('cabinetNameTaken', { lv: 'Kabinets 3', en: 'Cabinet 3' }, english)).toBeNull();
  });
  it('leaves the row itself out, and tells chosen ids the reads did not find', () => {
    expect(othersThan([{ id: 'a' }, { id: 'b' }], 'a')).toEqual([{ id: 'b' }]);
    expect(othersThan([{ id: 'a' }], null)).toEqual([{ id: 'a' }]);
    expect(someUnknown(['g1', 'g2'], ['g1'])).toBe(true);
    expect(someUnknown(['g1'], ['g1', 'g2'])).toBe(false);
  });
  it('removes a row that exists, for a writer of the session salon', () => {
    expect(checkRemoval(admin, true, 'cabinetNotExists')).toBeNull();
    expect(checkRemoval(admin, false, 'cabinetNotExists')?.messageId).toBe('cabinet.notExists');
    expect(checkRemoval({ ...admin, role: 'MASTER' }, false, 'cabinetNotExists')?.reason).toBe('MASTER_CANNOT_EDIT_SALON_SETUP');
    expect(checkRemoval(admin, true, 'masterNotExists', 'x'.repeat(24))?.reason).toBe('NOT_THE_SESSION_SALON');
  });
});
