import { describe, expect, it } from 'vitest';
import type { Role } from '../roles';
import { DEFAULT_SALON_SETTINGS } from '../rules/salon-defaults';
import {
  checkArchiveAppointment,
  checkCreateAppointments,
  checkDeleteAppointment,
  checkMarkNoShow,
  checkUpdateAppointment,
  refsToFind,
  type Actor,
  type CurrentAppointment,
} from './appointments';

const SALON = 's'.repeat(24);
const admin: Actor = { role: 'ADMIN', isOwner: false, salonId: SALON };
const owner: Actor = { ...admin, isOwner: true };
const as = (role: Role): Actor => ({ ...admin, role });
const salon = { settings: DEFAULT_SALON_SETTINGS, today: '2026-11-25' };
const line = (id: string, startAt: string, over: Partial<{ master: string | null; duration: number }> = {}) => ({
  id,
  master: 'm1',
  cabinet: null,
  client: null,
  service: 'v1',
  duration: 60,
  startAt,
  notes: '',
  ...over,
});
const create = (...lines: ReturnType<typeof line>[]) => ({
  salon: SALON,
  group: null,
  appointments: lines,
  lang: 'lv' as const,
  command: null,
});
const busy = (startAt: string, endAt: string, over: Partial<CurrentAppointment> = {}) => ({
  id: 'b1',
  masterId: 'm1',
  cabinetId: null,
  startAt,
  endAt,
  ...over,
});
const current = (over: Partial<CurrentAppointment> = {}): CurrentAppointment => ({
  id: 'a1',
  masterId: 'm1',
  cabinetId: null,
  clientId: null,
  serviceId: 'v1',
  duration: 60,
  startAt: '2026-11-25 10:00',
  endAt: '2026-11-25 11:00',
  groupId: null,
  archived: false,
  ...over,
});
const update = (startAt: string, over: Partial<{ master: string | null; duration: number }> = {}) => ({
  appointmentId: 'a1',
  master: 'm1',
  cabinet: null,
  client: null,
  service: 'v1',
  duration: 60,
  startAt,
  notes: '',
  command: null,
  ...over,
});
const reason = (shape: { reason?: string | null } | null) => shape?.reason ?? null;
/** A delete's reads besides exists and paid: another master's appointment, the spec's rule (masters may). */
const gone = { masterId: 'm2', settings: DEFAULT_SALON_SETTINGS, own: null };

describe('createAppointments check', () => {
  const ok = { salon, missing: null, idTaken: false, busy: [], own: null };
  it('refuses another salon, a missing reference on its field, a taken or repeated id', () => {
    expect(reason(checkCreateAppointments({ ...create(line('a', '2026-11-25 10:00')), salon: 'x'.repeat(24) }, admin, ok))).toBe(
      'NOT_THE_SESSION_SALON',
    );
    expect(checkCreateAppointments(create(line('a', '2026-11-25 10:00')), admin, { ...ok, missing: 'cabinet' })).toMatchObject({
      reason: 'ID_DOES_NOT_EXISTS',
      field: 'cabinet',
    });
    expect(checkCreateAppointments(create(line('a', '2026-11-25 10:00')), admin, { ...ok, missing: 'client' })).toMatchObject({
      messageId: 'client.notExists',
      field: 'client',
    });
    expect(reason(checkCreateAppointments(create(line('a', '2026-11-25 10:00')), admin, { ...ok, idTaken: true }))).toBe(
      'APPOINTMENT_ALREADY_EXISTS',
    );
    expect(reason(checkCreateAppointments(create(line('a', '2026-11-25 10:00'), line('a', '2026-11-25 12:00')), admin, ok))).toBe(
      'APPOINTMENT_ALREADY_EXISTS',
    );
  });
  it('books past days only for the owner and a sysadmin, and checks each line against the earlier ones', () => {
    expect(reason(checkCreateAppointments(create(line('a', '2026-11-24 10:00')), admin, ok))).toBe('PAST_DATE_NOT_ALLOWED');
    expect(checkCreateAppointments(create(line('a', '2026-11-24 10:00')), owner, ok)).toBeNull();
    expect(checkCreateAppointments(create(line('a', '2026-11-24 10:00')), as('SYSADMIN'), ok)).toBeNull();
    expect(reason(checkCreateAppointments(create(line('a', '2026-11-25 10:00'), line('b', '2026-11-25 10:30')), admin, ok))).toBe(
      'TIME_OVERLAPS_WITH_OTHER_RECORD',
    );
    expect(
      reason(
        checkCreateAppointments(create(line('a', '2026-11-25 10:00')), admin, {
          ...ok,
          busy: [busy('2026-11-25 10:30', '2026-11-25 11:30')],
        }),
      ),
    ).toBe('TIME_OVERLAPS_WITH_OTHER_RECORD');
    expect(reason(checkCreateAppointments(create(line('a', '2026-11-25 19:30')), admin, ok))).toBe('TIME_OUT_OF_RANGE');
  });
});

describe('updateAppointment check', () => {
  const reads = { salon, current: current(), paid: false, missing: null, busy: [], own: null };
  it('refuses a gone appointment, a paid one, a grouped one moved to another day, a missing changed reference', () => {
    expect(reason(checkUpdateAppointment(update('2026-11-25 12:00'), admin, { ...reads, current: null }))).toBe('ID_DOES_NOT_EXISTS');
    expect(reason(checkUpdateAppointment(update('2026-11-25 12:00'), admin, { ...reads, paid: true }))).toBe('APPOINTMENT_IS_PAID');
    expect(reason(checkUpdateAppointment(update('2026-11-26 10:00'), admin, { ...reads, current: current({ groupId: 'g' }) }))).toBe(
      'GROUPED_DATE_LOCKED',
    );
    expect(checkUpdateAppointment(update('2026-11-25 12:00'), admin, { ...reads, missing: 'master' })).toMatchObject({ field: 'master' });
  });
  it('binds hours and past days to a new time only, and the overlap unless archived', () => {
    const past = current({ startAt: '2026-11-20 10:00', endAt: '2026-11-20 11:00' });
    expect(checkUpdateAppointment(update('2026-11-20 10:00', { master: 'm2' }), admin, { ...reads, current: past })).toBeNull();
    expect(reason(checkUpdateAppointment(update('2026-11-20 12:00'), admin, { ...reads, current: past }))).toBe('PAST_DATE_NOT_ALLOWED');
    const taken = { ...reads, busy: [busy('2026-11-25 12:00', '2026-11-25 13:00')] };
    expect(reason(checkUpdateAppointment(update('2026-11-25 12:30'), admin, taken))).toBe('TIME_OVERLAPS_WITH_OTHER_RECORD');
    expect(checkUpdateAppointment(update('2026-11-25 12:30'), admin, { ...taken, current: current({ archived: true }) })).toBeNull();
  });
  it('looks only for the references an edit changes', () => {
    expect(refsToFind({ master: 'm2', cabinet: null, service: 'v1', client: 'c1' }, current())).toEqual({
      master: 'm2',
      cabinet: null,
      service: null,
      client: 'c1',
    });
    expect(refsToFind({ master: 'm1', cabinet: null, service: 'v1', client: null })).toEqual({
      master: 'm1',
      cabinet: null,
      service: 'v1',
      client: null,
    });
  });
});

describe('deleteAppointment and archiveAppointment checks', () => {
  it('lets only the owner or a sysadmin delete a paid appointment', () => {
    expect(reason(checkDeleteAppointment(admin, { ...gone, exists: false, paid: false }))).toBe('ID_DOES_NOT_EXISTS');
    expect(reason(checkDeleteAppointment(admin, { ...gone, exists: true, paid: true }))).toBe('USER_DOES_NOT_HAVE_PERMISSION_TO_REMOVE');
    expect(checkDeleteAppointment(owner, { ...gone, exists: true, paid: true })).toBeNull();
    expect(checkDeleteAppointment(as('MASTER'), { ...gone, exists: true, paid: false })).toBeNull();
  });
  it('archives a paid appointment with the archive setting, or as owner or sysadmin, never as a master (ARCHIVE_PAID_NOT_ALLOWED)', () => {
    const input = { salon: SALON, appointmentId: 'a1', archived: true, command: null };
    const reads = { salon, current: current(), paid: true, busy: [], own: null };
    const withArchive = { ...reads, salon: { ...salon, settings: { ...DEFAULT_SALON_SETTINGS, enableArchive: true } } };
    expect(reason(checkArchiveAppointment(input, admin, reads))).toBe('ARCHIVE_PAID_NOT_ALLOWED');
    expect(checkArchiveAppointment(input, admin, withArchive)).toBeNull();
    expect(checkArchiveAppointment(input, owner, reads)).toBeNull();
    expect(reason(checkArchiveAppointment(input, as('MASTER'), withArchive))).toBe('ARCHIVE_PAID_NOT_ALLOWED');
    expect(reason(checkArchiveAppointment({ ...input, salon: 'x'.repeat(24) }, owner, reads))).toBe('NOT_THE_SESSION_SALON');
  });
  it('unarchives only into free time', () => {
    const input = { salon: SALON, appointmentId: 'a1', archived: false, command: null };
    const reads = {
      salon,
      current: current({ archived: true }),
      paid: false,
      busy: [busy('2026-11-25 10:30', '2026-11-25 11:30')],
      own: null,
    };
    expect(reason(checkArchiveAppointment(input, admin, reads))).toBe('TIME_OVERLAPS_WITH_OTHER_RECORD');
    expect(checkArchiveAppointment(input, admin, { ...reads, busy: [] })).toBeNull();
  });
});

describe('no-shows and late cancellations (decision 079)', () => {
  const mark = { salon: SALON, appointmentId: 'a1', noShow: true, command: null };
  const reads = { salon, current: current({ clientId: 'c1' }), paid: false, own: null, now: '2026-11-25 10:15' };
  it("marks a client's unpaid visit that has begun", () => {
    expect(checkMarkNoShow(mark, admin, reads)).toBeNull();
    expect(checkMarkNoShow(mark, as('MASTER'), { ...reads, now: '2026-11-25 10:00' })).toBeNull();
    expect(reason(checkMarkNoShow(mark, admin, { ...reads, now: '2026-11-25 09:59' }))).toBe('NO_SHOW_NOT_BEGUN');
    expect(reason(checkMarkNoShow(mark, admin, { ...reads, paid: true }))).toBe('OUTCOME_OF_PAID');
    expect(reason(checkMarkNoShow(mark, admin, { ...reads, current: current() }))).toBe('OUTCOME_OF_WALK_IN');
    expect(reason(checkMarkNoShow({ ...mark, salon: 'x'.repeat(24) }, admin, reads))).toBe('NOT_THE_SESSION_SALON');
  });
  it("takes the mark back whenever, but not of a late cancellation or another master's when limited to own", () => {
    const back = { ...mark, noShow: false };
    expect(checkMarkNoShow(back, admin, { ...reads, paid: true, now: '2026-11-24 09:00' })).toBeNull();
    const cancelled = { ...reads, current: current({ clientId: 'c1', outcome: 'LATE_CANCEL', archived: true }) };
    expect(reason(checkMarkNoShow(mark, admin, cancelled))).toBe('ID_DOES_NOT_EXISTS');
    const onlyOwn = { ...salon, settings: { ...DEFAULT_SALON_SETTINGS, mastersEditOthers: false } };
    expect(reason(checkMarkNoShow(mark, as('MASTER'), { ...reads, salon: onlyOwn, own: ['m2'] }))).toBe('NOT_OWN_APPOINTMENT');
  });
  it("keeps as a late cancellation only a client's unpaid appointment", () => {
    const found = { ...gone, exists: true, paid: false };
    expect(checkDeleteAppointment(admin, { ...found, late: { clientId: 'c1' } })).toBeNull();
    expect(reason(checkDeleteAppointment(admin, { ...found, late: { clientId: null } }))).toBe('OUTCOME_OF_WALK_IN');
    expect(reason(checkDeleteAppointment(owner, { ...found, paid: true, late: { clientId: 'c1' } }))).toBe('OUTCOME_OF_PAID');
    expect(checkDeleteAppointment(admin, { ...found, late: undefined })).toBeNull();
  });
});

describe("'Masters may change colleagues' appointments' off (issue 63)", () => {
  const onlyOwn = { ...salon, settings: { ...DEFAULT_SALON_SETTINGS, mastersEditOthers: false } };
  const master = as('MASTER');
  const own = ['m1'];
  it('lets a master book, change, delete and archive only appointments of their own master rows', () => {
    const ok = { salon: onlyOwn, missing: null, idTaken: false, busy: [], own };
    expect(checkCreateAppointments(create(line('a', '2026-11-25 10:00')), master, ok)).toBeNull();
    expect(reason(checkCreateAppointments(create(line('a', '2026-11-25 10:00', { master: 'm2' })), master, ok))).toBe(
      'NOT_OWN_APPOINTMENT',
    );
    const reads = { salon: onlyOwn, current: current(), paid: false, missing: null, busy: [], own };
    expect(checkUpdateAppointment(update('2026-11-25 11:00'), master, reads)).toBeNull();
    // Neither handed to a colleague nor taken from one.
    expect(reason(checkUpdateAppointment(update('2026-11-25 11:00', { master: 'm2' }), master, reads))).toBe('NOT_OWN_APPOINTMENT');
    expect(reason(checkUpdateAppointment(update('2026-11-25 11:00'), master, { ...reads, current: current({ masterId: 'm2' }) }))).toBe(
      'NOT_OWN_APPOINTMENT',
    );
    const del = { exists: true, paid: false, settings: onlyOwn.settings, own };
    expect(checkDeleteAppointment(master, { ...del, masterId: 'm1' })).toBeNull();
    expect(reason(checkDeleteAppointment(master, { ...del, masterId: 'm2' }))).toBe('NOT_OWN_APPOINTMENT');
    // An appointment without a master (cabinet view) is nobody's own.
    expect(reason(checkDeleteAppointment(master, { ...del, masterId: null }))).toBe('NOT_OWN_APPOINTMENT');
    const archive = { salon: SALON, appointmentId: 'a1', archived: true, command: null };
    const archiveReads = { salon: onlyOwn, current: current({ masterId: 'm2' }), paid: false, busy: [], own };
    expect(reason(checkArchiveAppointment(archive, master, archiveReads))).toBe('NOT_OWN_APPOINTMENT');
  });

  it('binds masters only: administrators, the owner and a salon that keeps the spec rule change any appointment', () => {
    const reads = { salon: onlyOwn, current: current({ masterId: 'm2' }), paid: false, missing: null, busy: [], own: null };
    expect(checkUpdateAppointment(update('2026-11-25 11:00', { master: 'm2' }), admin, reads)).toBeNull();
    expect(checkUpdateAppointment(update('2026-11-25 11:00', { master: 'm2' }), owner, reads)).toBeNull();
    // Settings without the key (salons made before it) keep the spec's rule.
    const { mastersEditOthers: _absent, ...before } = DEFAULT_SALON_SETTINGS;
    expect(
      checkUpdateAppointment(update('2026-11-25 11:00', { master: 'm2' }), master, { ...reads, salon: { ...salon, settings: before } }),
    ).toBeNull();
    // Limited but read nothing (a side that forgot its read) refuses rather than lets through.
    expect(reason(checkUpdateAppointment(update('2026-11-25 11:00'), master, { ...reads, current: current() }))).toBe(
      'NOT_OWN_APPOINTMENT',
    );
  });
});
