import { describe, expect, it } from 'vitest';
import { addStaff, at, line, salonWithOwner, type SalonFixture } from '../factories/salon';
import { ok, refused, type Loose } from '../helpers/graphql';
import { CREATE_APPOINTMENTS, UPDATE_APPOINTMENT } from '../helpers/operations';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';

/**
 * Drag and drop moves (part 1 §2, §4; src/domain/rules/appointment-move.ts): the same updateAppointment as the
 * edit form; a master moves only his own appointments and only among his own.
 */
describe.each(backends(import.meta.url))('appointment moves on %s', (backend) => {
  const t = useTestServer(backend, ROOMY_LIMITS);
  const book = async (f: SalonFixture, overrides: Loose = {}) =>
    ok(await t.gql(CREATE_APPOINTMENTS, { input: { salon: f.salonId, appointments: [line(f, overrides)] } }, f.owner.token)).createAppointments[0];
  const move = (a: Loose, overrides: Loose, token: string) =>
    t.gql(UPDATE_APPOINTMENT, {
      input: { appointmentId: a.id, master: a.masterId, cabinet: a.cabinetId, client: a.clientId, service: a.serviceId, duration: a.duration, startAt: a.startAt, notes: a.notes, ...overrides },
    }, token);

  it('lets a master move his own appointment to another time and day', async () => {
    const f = await salonWithOwner(t);
    const master = await addStaff(t, f.salonId, 'MASTER');
    const a = await book(f, { master: master.masterId, startAt: at(1, '10:00') });
    const moved = ok(await move(a, { startAt: at(2, '12:30') }, master.token)).updateAppointment;
    expect(moved).toMatchObject({ masterId: master.masterId, startAt: at(2, '12:30'), endAt: at(2, '13:00') });
  });

  it("refuses a master moving another master's appointment or giving his own away", async () => {
    const f = await salonWithOwner(t);
    const master = await addStaff(t, f.salonId, 'MASTER');
    const others = await book(f, { master: f.masterIds[0], startAt: at(1, '10:00') });
    const own = await book(f, { master: master.masterId, startAt: at(1, '11:00') });
    const forbidden = { code: 'Forbidden', reason: 'NOT_OWN_APPOINTMENT' };
    refused(await move(others, { startAt: at(1, '14:00') }, master.token), forbidden);
    refused(await move(others, { master: master.masterId }, master.token), forbidden);
    refused(await move(own, { master: f.masterIds[1] }, master.token), forbidden);
    // Other edits of another master's appointment stay as they were (the spec is silent on them).
    expect(ok(await move(others, { notes: 'Call first' }, master.token)).updateAppointment.notes).toBe('Call first');
  });

  it('lets an administrator move any appointment to another master', async () => {
    const f = await salonWithOwner(t);
    const admin = await addStaff(t, f.salonId, 'ADMIN');
    const a = await book(f, { master: f.masterIds[0], startAt: at(1, '10:00') });
    expect(ok(await move(a, { master: f.masterIds[2], startAt: at(1, '10:30') }, admin.token)).updateAppointment).toMatchObject({ masterId: f.masterIds[2], startAt: at(1, '10:30') });
  });
});
