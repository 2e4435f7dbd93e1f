import { describe, expect, it } from 'vitest';
import type { Role } from '../roles';
import { DEFAULT_SALON_SETTINGS } from '../rules/salon-defaults';
import type { Actor } from './appointments';
import { checkArchiveSelectedAppointments, checkUpdateSalon, checkUpdateSwitch, settingsWriterRefusal } from './settings';

const SALON = 's'.repeat(24);
const OTHER = 'x'.repeat(24);
const admin: Actor = { role: 'ADMIN', isOwner: false, salonId: SALON };
const owner: Actor = { ...admin, isOwner: true };
const as = (role: Role): Actor => ({ ...admin, role });
const reason = (shape: { reason?: string | null } | null) => shape?.reason ?? null;
const settings = DEFAULT_SALON_SETTINGS;

describe('the settings writer', () => {
  it('is an administrator or a sysadmin of the session salon', () => {
    expect(reason(settingsWriterRefusal(as('MASTER'), SALON))).toBe('ONLY_ADMINISTRATORS_CHANGE_SETTINGS');
    expect(reason(settingsWriterRefusal(as('SUPPLIER'), SALON))).toBe('ONLY_ADMINISTRATORS_CHANGE_SETTINGS');
    expect(settingsWriterRefusal(admin, OTHER)).toMatchObject({ code: 'Forbidden', reason: 'NOT_THE_SESSION_SALON' });
    expect(settingsWriterRefusal(admin, SALON)).toBeNull();
    expect(settingsWriterRefusal(as('SYSADMIN'), SALON)).toBeNull();
  });
});

describe('updateSalon check', () => {
  const input = {
    id: SALON,
    name: 'Studija',
    address: 'Brīvības iela 1',
    settings: { schedule: { startAt: 540, endAt: 1260, step: 15 as const, format: 'HH:mm' as const } },
    command: null,
  };
  it('refuses a master, another salon, a salon the mirror lacks, then a name taken elsewhere', () => {
    expect(reason(checkUpdateSalon(input, as('MASTER'), { settings, nameTaken: true }))).toBe('ONLY_ADMINISTRATORS_CHANGE_SETTINGS');
    expect(reason(checkUpdateSalon({ ...input, id: OTHER }, admin, { settings, nameTaken: true }))).toBe('NOT_THE_SESSION_SALON');
    expect(reason(checkUpdateSalon(input, admin, { settings: null, nameTaken: true }))).toBe('SALON_DOES_NOT_EXIST');
    expect(checkUpdateSalon(input, admin, { settings, nameTaken: true })).toMatchObject({
      code: 'AlreadyExists',
      reason: 'NAME_ALREADY_EXISTS',
      field: 'name',
      messageId: 'error.salon.nameExists',
    });
    expect(checkUpdateSalon(input, admin, { settings, nameTaken: false })).toBeNull();
  });
});

describe('the switches', () => {
  it('refuses a master and another salon every switch', () => {
    for (const key of ['enableArchive', 'hideClientPhone', 'masterPanelLogin', 'reportByType'] as const) {
      expect(reason(checkUpdateSwitch(key, { id: SALON }, as('MASTER'), { settings }))).toBe('ONLY_ADMINISTRATORS_CHANGE_SETTINGS');
      expect(reason(checkUpdateSwitch(key, { id: OTHER }, owner, { settings }))).toBe('NOT_THE_SESSION_SALON');
    }
  });
  it('leaves the archive switch to the owner and a sysadmin; the others to every administrator', () => {
    expect(reason(checkUpdateSwitch('enableArchive', { id: SALON }, admin, { settings }))).toBe('ONLY_OWNER_CHANGES_ARCHIVE');
    expect(checkUpdateSwitch('enableArchive', { id: SALON }, owner, { settings })).toBeNull();
    expect(checkUpdateSwitch('enableArchive', { id: SALON }, as('SYSADMIN'), { settings })).toBeNull();
    expect(checkUpdateSwitch('reportByType', { id: SALON }, admin, { settings })).toBeNull();
  });
  it('refuses when the mirror does not have the salon yet', () => {
    expect(reason(checkUpdateSwitch('hideClientPhone', { id: SALON }, admin, { settings: null }))).toBe('SALON_DOES_NOT_EXIST');
    expect(reason(checkUpdateSwitch('enableArchive', { id: SALON }, admin, { settings: null }))).toBe('ONLY_OWNER_CHANGES_ARCHIVE');
  });
});

describe('archiveSelectedAppointments check', () => {
  const input = { salon: SALON, fromDate: '2026-11-20', toDate: '2026-11-25', command: null };
  const salon = { settings, today: '2026-11-25' };
  it('refuses a master, another salon and a salon the mirror lacks', () => {
    expect(reason(checkArchiveSelectedAppointments(input, as('MASTER'), { salon }))).toBe('ONLY_ADMINISTRATORS_CHANGE_SETTINGS');
    expect(reason(checkArchiveSelectedAppointments({ ...input, salon: OTHER }, owner, { salon }))).toBe('NOT_THE_SESSION_SALON');
    expect(reason(checkArchiveSelectedAppointments(input, owner, { salon: { ...salon, settings: null } }))).toBe('SALON_DOES_NOT_EXIST');
  });
  it('needs the archive setting, the owner or a sysadmin', () => {
    expect(checkArchiveSelectedAppointments(input, admin, { salon })).toMatchObject({ code: 'Forbidden', reason: 'ARCHIVE_NOT_ALLOWED' });
    expect(
      checkArchiveSelectedAppointments(input, admin, { salon: { ...salon, settings: { ...settings, enableArchive: true } } }),
    ).toBeNull();
    expect(checkArchiveSelectedAppointments(input, owner, { salon })).toBeNull();
    expect(checkArchiveSelectedAppointments(input, as('SYSADMIN'), { salon })).toBeNull();
  });
  it('refuses an upside-down range and one past today, on the range field', () => {
    expect(checkArchiveSelectedAppointments({ ...input, fromDate: '2026-11-26' }, owner, { salon })).toMatchObject({
      reason: 'VALIDATION_FAILED',
      field: 'range',
      messageId: 'settings.deleteHistory.badRange',
    });
    expect(checkArchiveSelectedAppointments({ ...input, toDate: '2026-11-26' }, owner, { salon })).toMatchObject({
      field: 'range',
      messageId: 'settings.deleteHistory.future',
    });
  });
});
