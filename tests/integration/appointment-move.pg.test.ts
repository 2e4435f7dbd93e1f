import { describe, expect, it } from 'vitest';
import { addStaff, at, editOf, line, salonWithOwner, type SalonFixture } from '../factories/salon';
import { ok, refused, type Loose } from '../helpers/graphql';
import { ARCHIVE_APPOINTMENT, CREATE_APPOINTMENTS, DELETE_APPOINTMENT, UPDATE_APPOINTMENT } from '../helpers/operations';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';

/**
 * Drag and drop moves (part 1 §2, §4; src/domain/rules/appointment-move.ts): the same updateAppointment as the
 * edit form. A master books, edits, moves and deletes any appointment of his salon, his colleagues' too; the
 * paid lock and his spec limits (no archiving of paid ones, appointments.pg.test.ts) still hold (decision 033).
 */
describe.each(backends(import.meta.url))('appointment moves on %s', (backend) => {
  const t = useTestServer(backend, ROOMY_LIMITS);
  const book = async (f: SalonFixture, overrides: Loose = {}) =>
    ok(await t.gql(CREATE_APPOINTMENTS, { input: { salon: f.salonId, appointments: [line(f, overrides)] } }, f.owner.token))
      .createAppointments[0];
  const move = (a: Loose, overrides: Loose, token: string) => t.gql(UPDATE_APPOINTMENT, { input: editOf(a, overrides) }, token);

  it('lets a master move his own appointment to another time and day', async () => {
    const f = await salonWithOwner(t);
    const master = await addStaff(t, f.salonId, 'MASTER');
    const a = await book(f, { master: master.masterId, startAt: at(1, '10:00') });
    const moved = ok(await move(a, { startAt: at(2, '12:30') }, master.token)).updateAppointment;
    expect(moved).toMatchObject({ masterId: master.masterId, startAt: at(2, '12:30'), endAt: at(2, '13:00') });
  });

  it("lets a master book for, edit, move and delete another master's appointment, as the spec limits him in none", async () => {
    const f = await salonWithOwner(t);
    const master = await addStaff(t, f.salonId, 'MASTER');
    const lineFor = { master: f.masterIds[0], startAt: at(1, '10:00') };
    const [booked] = ok(
      await t.gql(CREATE_APPOINTMENTS, { input: { salon: f.salonId, appointments: [line(f, lineFor)] } }, master.token),
    ).createAppointments;
    expect(booked).toMatchObject({ masterId: f.masterIds[0], startAt: at(1, '10:00') });
    const own = await book(f, { master: master.masterId, startAt: at(1, '11:00') });

    expect(ok(await move(booked, { notes: 'Call first' }, master.token)).updateAppointment.notes).toBe('Call first');
    expect(ok(await move(booked, { startAt: at(1, '14:00'), notes: 'Call first' }, master.token)).updateAppointment.startAt).toBe(
      at(1, '14:00'),
    );
    expect(ok(await move(own, { master: f.masterIds[1] }, master.token)).updateAppointment.masterId).toBe(f.masterIds[1]);
    expect(ok(await t.gql(DELETE_APPOINTMENT, { input: { appointmentId: booked.id } }, master.token)).deleteAppointment.appointmentId).toBe(
      booked.id,
    );
  });

  const MASTER_EDIT = `mutation ($input: UpdateSalonMasterEditSettingsInput!) {
    updateSalonMasterEditSettings(input: $input) { id settings { mastersEditOthers } }
  }`;

  it("with 'Masters may change colleagues' appointments' off, a master changes only his own; on again, any", async () => {
    const f = await salonWithOwner(t);
    const master = await addStaff(t, f.salonId, 'MASTER');
    const colleagues = await book(f, { master: f.masterIds[0], startAt: at(1, '10:00') });
    const own = await book(f, { master: master.masterId, startAt: at(1, '11:00') });
    // The spec's rule until the salon turns it off; a master may not turn it off.
    refused(await t.gql(MASTER_EDIT, { input: { id: f.salonId, mastersEditOthers: false } }, master.token), { code: 'Forbidden' });
    const off = ok(await t.gql(MASTER_EDIT, { input: { id: f.salonId, mastersEditOthers: false } }, f.owner.token));
    expect(off.updateSalonMasterEditSettings.settings.mastersEditOthers).toBe(false);

    const notOwn = { code: 'Forbidden', reason: 'NOT_OWN_APPOINTMENT' };
    refused(await move(colleagues, { notes: 'x' }, master.token), notOwn);
    refused(await move(own, { master: f.masterIds[1] }, master.token), notOwn);
    refused(await t.gql(DELETE_APPOINTMENT, { input: { appointmentId: colleagues.id } }, master.token), notOwn);
    refused(
      await t.gql(ARCHIVE_APPOINTMENT, { input: { salon: f.salonId, appointmentId: colleagues.id, archived: true } }, master.token),
      notOwn,
    );
    const forColleague = { salon: f.salonId, appointments: [line(f, { master: f.masterIds[0], startAt: at(1, '15:00') })] };
    refused(await t.gql(CREATE_APPOINTMENTS, { input: forColleague }, master.token), notOwn);
    // His own still moves, and the owner still changes anyone's.
    expect(ok(await move(own, { startAt: at(1, '12:00') }, master.token)).updateAppointment.startAt).toBe(at(1, '12:00'));
    expect(ok(await move(colleagues, { notes: 'by the owner' }, f.owner.token)).updateAppointment.notes).toBe('by the owner');

    ok(await t.gql(MASTER_EDIT, { input: { id: f.salonId, mastersEditOthers: true } }, f.owner.token));
    expect(ok(await move(colleagues, { notes: 'by a colleague' }, master.token)).updateAppointment.notes).toBe('by a colleague');
  });

  it('lets an administrator move any appointment to another master', async () => {
    const f = await salonWithOwner(t);
    const admin = await addStaff(t, f.salonId, 'ADMIN');
    const a = await book(f, { master: f.masterIds[0], startAt: at(1, '10:00') });
    expect(ok(await move(a, { master: f.masterIds[2], startAt: at(1, '10:30') }, admin.token)).updateAppointment).toMatchObject({
      masterId: f.masterIds[2],
      startAt: at(1, '10:30'),
    });
  });
});
