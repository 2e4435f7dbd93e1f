import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { appointments, salons } from '../../server/db/schema';
import { signUpOwner } from '../factories/accounts';
import { addInvoice, addStaff, at, editOf, line, salonWithOwner, setSettings, type SalonFixture } from '../factories/salon';
import { ok, refused, type Loose } from '../helpers/graphql';
import { ARCHIVE_APPOINTMENT, CREATE_APPOINTMENTS, DELETE_APPOINTMENT, UPDATE_APPOINTMENT } from '../helpers/operations';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';

describe.each(backends(import.meta.url))('appointments on %s', (backend) => {
  const t = useTestServer(backend, ROOMY_LIMITS);
  const create = (f: SalonFixture, lines: Loose[], token = f.owner.token, extra: Loose = {}) =>
    t.gql(CREATE_APPOINTMENTS, { input: { salon: f.salonId, appointments: lines, ...extra } }, token);
  const book = async (f: SalonFixture, overrides: Loose = {}, token = f.owner.token) =>
    ok(await create(f, [line(f, overrides)], token)).createAppointments[0];
  const update = (input: Loose, token: string) => t.gql(UPDATE_APPOINTMENT, { input }, token);
  const rowOf = async (id: string) => (await t.db.select().from(appointments).where(eq(appointments.id, id)))[0];
  const salonRev = async (id: string) => (await t.db.select({ rev: salons.rev }).from(salons).where(eq(salons.id, id)))[0]?.rev;

  describe('createAppointments', () => {
    it('books a line: end from duration, author from the viewer, rev of the salon', async () => {
      const f = await salonWithOwner(t);
      const input = line(f, { startAt: at(1, '09:30'), duration: 60, notes: 'First visit' });
      const [a] = ok(await create(f, [input])).createAppointments;
      expect(a).toMatchObject({
        id: input.id,
        salonId: f.salonId,
        masterId: f.masterIds[0],
        startAt: at(1, '09:30'),
        endAt: at(1, '10:30'),
        duration: 60,
        notes: 'First visit',
        authorRole: 'ADMIN',
        authorId: f.owner.userId,
        groupId: null,
        archived: false,
      });
      expect(a.rev).toBe(await salonRev(f.salonId));
      expect(await rowOf(input.id)).toMatchObject({ rev: a.rev, startAt: `${at(1, '09:30')}:00` });
    });

    it('gives several lines one new group, or the group sent', async () => {
      const f = await salonWithOwner(t);
      const two = ok(await create(f, [line(f), line(f, { master: f.masterIds[1] })])).createAppointments;
      expect(two[0].groupId).toMatch(/^[0-9a-f]{24}$/);
      expect(two[1].groupId).toBe(two[0].groupId);
      const group = newId();
      const sent = ok(await create(f, [line(f, { startAt: at(2, '10:00') })], f.owner.token, { group })).createAppointments;
      expect(sent[0].groupId).toBe(group);
    });

    it('records a master as the author', async () => {
      const f = await salonWithOwner(t);
      const master = await addStaff(t, f.salonId, 'MASTER');
      const a = await book(f, { master: master.masterId }, master.token);
      expect(a).toMatchObject({ authorRole: 'MASTER', authorId: master.userId });
    });

    it.each([
      ['master', { master: 'f'.repeat(24) }],
      ['service', { service: 'f'.repeat(24) }],
      ['client', { client: 'f'.repeat(24) }],
      ['cabinet', { cabinet: 'f'.repeat(24) }],
    ])('refuses an unknown %s (NotExists)', async (field, overrides) => {
      const f = await salonWithOwner(t);
      refused(await create(f, [line(f, overrides)]), { code: 'NotExists', reason: 'ID_DOES_NOT_EXISTS', field });
    });

    it('refuses a master of another salon as NotExists', async () => {
      const f = await salonWithOwner(t);
      const other = await salonWithOwner(t, 0);
      refused(await create(f, [line(f, { master: other.masterIds[0] })]), { code: 'NotExists', reason: 'ID_DOES_NOT_EXISTS' });
    });

    it('refuses an id already used (APPOINTMENT_ALREADY_EXISTS)', async () => {
      const f = await salonWithOwner(t);
      const a = await book(f);
      refused(await create(f, [line(f, { id: a.id, startAt: at(3, '10:00') })]), {
        code: 'AlreadyExists',
        reason: 'APPOINTMENT_ALREADY_EXISTS',
        messageId: 'appointment.alreadyExists',
      });
      const twice = newId();
      refused(await create(f, [line(f, { id: twice }), line(f, { id: twice, master: f.masterIds[1] })]), {
        reason: 'APPOINTMENT_ALREADY_EXISTS',
      });
    });

    it.each([
      ['before the schedule start', '07:30', 30],
      ['past the schedule end', '19:45', 30],
    ])('refuses a time %s (TIME_OUT_OF_RANGE)', async (_name, time, duration) => {
      const f = await salonWithOwner(t);
      refused(await create(f, [line(f, { startAt: at(1, time), duration })]), {
        code: 'IllegalArgument',
        reason: 'TIME_OUT_OF_RANGE',
        field: 'startTime',
        messageId: 'appointment.timeOutOfRange',
      });
    });

    it('accepts a booking ending exactly at the schedule end', async () => {
      const f = await salonWithOwner(t);
      expect((await book(f, { startAt: at(1, '19:30'), duration: 30 })).endAt).toBe(at(1, '20:00'));
    });

    it('refuses an overlap with the same master, the same cabinet and inside one batch', async () => {
      const f = await salonWithOwner(t);
      await book(f, { startAt: at(1, '10:00'), duration: 60, cabinet: f.cabinetIds[0] });
      const overlap = {
        code: 'AlreadyExists',
        reason: 'TIME_OVERLAPS_WITH_OTHER_RECORD',
        field: 'startTime',
        messageId: 'appointment.overlaps',
      };
      refused(await create(f, [line(f, { startAt: at(1, '10:30') })]), overlap);
      refused(await create(f, [line(f, { master: f.masterIds[1], cabinet: f.cabinetIds[0], startAt: at(1, '10:59') })]), overlap);
      refused(
        await create(f, [
          line(f, { master: f.masterIds[2], startAt: at(1, '12:00') }),
          line(f, { master: f.masterIds[2], startAt: at(1, '12:15') }),
        ]),
        overlap,
      );
      // Back to back is no overlap; another master and cabinet are free.
      await book(f, { startAt: at(1, '11:00') });
      await book(f, { master: f.masterIds[1], cabinet: f.cabinetIds[1], startAt: at(1, '10:00') });
    });

    it('refuses a past day to an administrator and allows it to the owner', async () => {
      const f = await salonWithOwner(t);
      const admin = await addStaff(t, f.salonId, 'ADMIN');
      const past = { startAt: at(-1, '10:00') };
      refused(await create(f, [line(f, past)], admin.token), {
        code: 'Forbidden',
        reason: 'PAST_DATE_NOT_ALLOWED',
        messageId: 'appointment.pastDate',
      });
      expect((await book(f, past)).startAt).toBe(at(-1, '10:00'));
      expect((await book(f, { master: f.masterIds[1], startAt: at(0, '19:00') }, admin.token)).startAt).toBe(at(0, '19:00'));
    });

    it.each([
      ['a missing duration', { duration: 0 }, 'appointments.0.duration', 'appointment.selectDuration'],
      ['a bad start', { startAt: '2030-01-01 25:00' }, 'appointments.0.startAt', 'appointment.selectTime'],
      ['a start on a day the month has not', { startAt: '2030-02-31 10:00' }, 'appointments.0.startAt', 'appointment.selectTime'],
      ['no master nor cabinet', { master: null, cabinet: null }, 'appointments.0.master', 'appointment.selectMaster'],
      ['a bad service', { service: 'x' }, 'appointments.0.service', 'appointment.selectService'],
    ])('validates %s', async (_name, overrides, field, messageId) => {
      const f = await salonWithOwner(t);
      refused(await create(f, [line(f, overrides)]), { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field, messageId });
    });

    it('refuses another salon (Forbidden) and a sign-in-less call', async () => {
      const f = await salonWithOwner(t);
      const b = await signUpOwner(t);
      refused(await create(f, [line(f)], b.token), { code: 'Forbidden' });
      refused(await create(f, [line(f)], null as unknown as string), { code: 'Unauthenticated' });
    });
  });

  describe('updateAppointment', () => {
    it('moves an appointment to another master and time, keeping author and group', async () => {
      const f = await salonWithOwner(t);
      const a = await book(f);
      const moved = ok(
        await update(editOf(a, { master: f.masterIds[1], startAt: at(1, '15:00'), duration: 60, notes: 'Moved' }), f.owner.token),
      ).updateAppointment;
      expect(moved).toMatchObject({
        id: a.id,
        masterId: f.masterIds[1],
        startAt: at(1, '15:00'),
        endAt: at(1, '16:00'),
        notes: 'Moved',
        authorId: f.owner.userId,
      });
      expect(moved.rev).toBeGreaterThan(a.rev);
    });

    it("refuses a missing, a deleted and another salon's appointment (NotExists)", async () => {
      const f = await salonWithOwner(t);
      const b = await salonWithOwner(t, 0);
      const a = await book(f);
      refused(await update(editOf(a, { appointmentId: 'f'.repeat(24) }), f.owner.token), {
        code: 'NotExists',
        reason: 'ID_DOES_NOT_EXISTS',
        messageId: 'appointment.notExists',
      });
      refused(await update(editOf(a, { master: b.masterIds[0], service: b.serviceIds[0] }), b.owner.token), { code: 'NotExists' });
      ok(await t.gql(DELETE_APPOINTMENT, { input: { appointmentId: a.id } }, f.owner.token));
      refused(await update(editOf(a), f.owner.token), { code: 'NotExists' });
    });

    it('locks a paid appointment', async () => {
      const f = await salonWithOwner(t);
      const a = await book(f);
      await addInvoice(t, f.salonId, a.id, f.serviceIds[0] as string);
      refused(await update(editOf(a, { notes: 'x' }), f.owner.token), {
        code: 'NotAllowed',
        reason: 'APPOINTMENT_IS_PAID',
        messageId: 'appointment.paidLocked',
      });
    });

    it('keeps grouped appointments on their date but lets them change time', async () => {
      const f = await salonWithOwner(t);
      const [a] = ok(await create(f, [line(f), line(f, { master: f.masterIds[1] })])).createAppointments;
      refused(await update(editOf(a, { startAt: at(2, '10:00') }), f.owner.token), {
        code: 'IllegalArgument',
        reason: 'GROUPED_DATE_LOCKED',
        messageId: 'appointment.groupDateLocked',
      });
      expect(ok(await update(editOf(a, { startAt: at(1, '12:00') }), f.owner.token)).updateAppointment.startAt).toBe(at(1, '12:00'));
    });

    it('applies the overlap, hours and past-day rules to a new time', async () => {
      const f = await salonWithOwner(t);
      const admin = await addStaff(t, f.salonId, 'ADMIN');
      const a = await book(f);
      await book(f, { startAt: at(1, '11:00') });
      refused(await update(editOf(a, { startAt: at(1, '11:15') }), admin.token), {
        reason: 'TIME_OVERLAPS_WITH_OTHER_RECORD',
        field: 'startTime',
      });
      refused(await update(editOf(a, { startAt: at(1, '19:50') }), admin.token), { reason: 'TIME_OUT_OF_RANGE' });
      refused(await update(editOf(a, { startAt: at(-1, '10:00') }), admin.token), { reason: 'PAST_DATE_NOT_ALLOWED' });
      // The same time with a longer duration is checked too; its own old time never counts as busy.
      refused(await update(editOf(a, { duration: 90 }), admin.token), { reason: 'TIME_OVERLAPS_WITH_OTHER_RECORD' });
      expect(ok(await update(editOf(a, { duration: 60 }), admin.token)).updateAppointment.endAt).toBe(at(1, '11:00'));
    });

    it('lets a non-owner change the master of a past appointment without moving it', async () => {
      const f = await salonWithOwner(t);
      const admin = await addStaff(t, f.salonId, 'ADMIN');
      const a = await book(f, { startAt: at(-2, '10:00') });
      expect(ok(await update(editOf(a, { master: f.masterIds[1] }), admin.token)).updateAppointment.masterId).toBe(f.masterIds[1]);
    });
  });

  describe('deleteAppointment', () => {
    const remove = (id: string, token: string) => t.gql(DELETE_APPOINTMENT, { input: { appointmentId: id } }, token);

    it('soft-deletes with a new rev, then answers NotExists', async () => {
      const f = await salonWithOwner(t);
      const a = await book(f);
      expect(ok(await remove(a.id, f.owner.token)).deleteAppointment).toEqual({ appointmentId: a.id });
      const row = await rowOf(a.id);
      expect(row?.deletedAt).toBeInstanceOf(Date);
      expect(row?.rev).toBe(await salonRev(f.salonId));
      refused(await remove(a.id, f.owner.token), { code: 'NotExists', reason: 'ID_DOES_NOT_EXISTS', messageId: 'appointment.notExists' });
      // Its time is free again.
      await book(f);
    });

    it('lets only the owner remove a paid appointment', async () => {
      const f = await salonWithOwner(t);
      const admin = await addStaff(t, f.salonId, 'ADMIN');
      const a = await book(f);
      await addInvoice(t, f.salonId, a.id, f.serviceIds[0] as string);
      refused(await remove(a.id, admin.token), {
        code: 'Forbidden',
        reason: 'USER_DOES_NOT_HAVE_PERMISSION_TO_REMOVE',
        messageId: 'appointment.removePaidForbidden',
      });
      ok(await remove(a.id, f.owner.token));
    });

    it('dissolves a group left with one appointment, not one left with two', async () => {
      const f = await salonWithOwner(t);
      const [a, b] = ok(await create(f, [line(f), line(f, { master: f.masterIds[1] })])).createAppointments;
      ok(await remove(a.id, f.owner.token));
      expect((await rowOf(b.id))?.groupId).toBeNull();
      const three = ok(
        await create(
          f,
          [0, 1, 2].map((i) => line(f, { master: f.masterIds[i], startAt: at(2, '10:00') })),
        ),
      ).createAppointments;
      ok(await remove(three[0].id, f.owner.token));
      expect((await rowOf(three[1].id))?.groupId).toBe(three[0].groupId);
    });

    it("never removes another salon's appointment", async () => {
      const f = await salonWithOwner(t);
      const b = await signUpOwner(t);
      const a = await book(f);
      refused(await remove(a.id, b.token), { code: 'NotExists' });
      expect((await rowOf(a.id))?.deletedAt).toBeNull();
    });
  });

  describe('archiveAppointment', () => {
    const archive = (f: SalonFixture, id: string, archived: boolean, token: string) =>
      t.gql(ARCHIVE_APPOINTMENT, { input: { salon: f.salonId, appointmentId: id, archived } }, token);

    it('archives, freeing the time, and unarchives only while the time is free', async () => {
      const f = await salonWithOwner(t);
      const a = await book(f);
      expect(ok(await archive(f, a.id, true, f.owner.token)).archiveAppointment.appointment).toMatchObject({ id: a.id, archived: true });
      const b = await book(f);
      refused(await archive(f, a.id, false, f.owner.token), { code: 'AlreadyExists', reason: 'TIME_OVERLAPS_WITH_OTHER_RECORD' });
      ok(await t.gql(DELETE_APPOINTMENT, { input: { appointmentId: b.id } }, f.owner.token));
      expect(ok(await archive(f, a.id, false, f.owner.token)).archiveAppointment.appointment.archived).toBe(false);
    });

    it('lets a master archive an unpaid appointment but not a paid one', async () => {
      const f = await salonWithOwner(t);
      const master = await addStaff(t, f.salonId, 'MASTER');
      const a = await book(f);
      ok(await archive(f, a.id, true, master.token));
      const paid = await book(f, { startAt: at(1, '12:00') });
      await addInvoice(t, f.salonId, paid.id, f.serviceIds[0] as string);
      await setSettings(t, f.salonId, { enableArchive: true });
      refused(await archive(f, paid.id, true, master.token), { code: 'Forbidden' });
    });

    it('archives a paid appointment with the archive setting, or as owner', async () => {
      const f = await salonWithOwner(t);
      const admin = await addStaff(t, f.salonId, 'ADMIN');
      const a = await book(f);
      await addInvoice(t, f.salonId, a.id, f.serviceIds[0] as string);
      refused(await archive(f, a.id, true, admin.token), { code: 'Forbidden' });
      ok(await archive(f, a.id, true, f.owner.token));
      await setSettings(t, f.salonId, { enableArchive: true });
      ok(await archive(f, a.id, false, admin.token));
    });

    it('refuses a missing appointment and another salon', async () => {
      const f = await salonWithOwner(t);
      const b = await signUpOwner(t);
      const a = await book(f);
      refused(await archive(f, 'f'.repeat(24), true, f.owner.token), { code: 'NotExists' });
      refused(await archive(f, a.id, true, b.token), { code: 'Forbidden' });
    });
  });

  describe('exclusion constraints', () => {
    const insert = (
      f: SalonFixture,
      o: { master?: string | null; cabinet?: string | null; start: string; end: string; archived?: boolean; deleted?: boolean },
    ) =>
      t.db
        .execute(sql`insert into appointments (id, salon_id, master_id, cabinet_id, service_id, author_role, start_at, end_at, duration, archived, deleted_at)
        values (${newId()}, ${f.salonId}, ${o.master ?? null}, ${o.cabinet ?? null}, ${f.serviceIds[0]}, 'ADMIN', ${o.start}, ${o.end}, 30, ${o.archived ?? false}, ${o.deleted ? new Date().toISOString() : null})`);
    const code = async (p: Promise<unknown>) => {
      try {
        await p;
        return null;
      } catch (error) {
        const e = error as { code?: string; cause?: { code?: string } };
        return e.cause?.code ?? e.code ?? 'unknown';
      }
    };

    it('refuse an overlapping master or cabinet even when the application check is bypassed', async () => {
      const f = await salonWithOwner(t);
      await insert(f, { master: f.masterIds[0], cabinet: f.cabinetIds[0], start: at(5, '10:00'), end: at(5, '11:00') });
      expect(await code(insert(f, { master: f.masterIds[0], start: at(5, '10:30'), end: at(5, '11:30') }))).toBe('23P01');
      expect(await code(insert(f, { master: f.masterIds[1], cabinet: f.cabinetIds[0], start: at(5, '10:59'), end: at(5, '11:30') }))).toBe(
        '23P01',
      );
      expect(await code(insert(f, { master: f.masterIds[0], start: at(5, '11:00'), end: at(5, '11:30') }))).toBeNull();
      expect(await code(insert(f, { master: f.masterIds[0], start: at(5, '10:00'), end: at(5, '11:00'), archived: true }))).toBeNull();
      expect(await code(insert(f, { master: f.masterIds[0], start: at(5, '10:00'), end: at(5, '11:00'), deleted: true }))).toBeNull();
    });
  });
});
