import type { CommandName } from '../../src/domain/commands/catalogue';
import { afterEach, describe, expect, it } from 'vitest';
import { administrator, runCommand, salonSettings, schedule, type CommandArgs, type CommandDefinition } from '../../src/db/commands';
import type { SalonDb } from '../../src/db/salon-db';
import { CommandRefusal } from '../../src/domain/command-refusal';
import { newId } from '../../src/domain/ids';
import { DEFAULT_SALON_SETTINGS } from '../../src/domain/rules/salon-defaults';
import type { AdministratorRow, SalonRow } from '../../src/domain/entities';
import { makeAppointment, makeContext, makeDb, makeMaster } from '../factories/mirror';

/**
 * The local working-time, settings and administrator commands read the mirror and hand it to the shared checks
 * (src/domain/commands/{schedule,settings,administrators}.ts): they refuse with the server's answers.
 */
const ctx = makeContext();
const salonId = ctx.salonId;
const OTHER = 'c'.repeat(24);
let db: SalonDb;
afterEach(async () => {
  await db?.delete();
});

const salon: SalonRow = {
  id: salonId,
  name: 'Studija',
  address: 'Rīga',
  administratorId: ctx.userId,
  settings: DEFAULT_SALON_SETTINGS,
  timeZone: 'Europe/Riga',
};
const run = <N extends CommandName>(command: CommandDefinition<N>, args: CommandArgs<N>) =>
  runCommand(db, command, args, { salonId }).then(
    () => null,
    (e: unknown) => (e instanceof CommandRefusal ? e.error : e),
  );

async function seed(withSalon = true) {
  db = makeDb();
  if (withSalon) await db.mirror('salons').put(salon);
  const master = makeMaster();
  await db.mirror('masters').put(master);
  return master;
}

describe('working time on the mirror', () => {
  const span = (master: string, startAt: string, endAt: string) => ({ id: newId(), salon: salonId, master, startAt, endAt });

  it('refuses a master user, another salon, an unknown master and an overlap; adds otherwise', async () => {
    const master = await seed();
    expect(
      await run(schedule.addWorkingTime, {
        ctx: makeContext({ role: 'MASTER' }),
        input: span(master.id, '2026-11-25 09:00', '2026-11-25 12:00'),
      }),
    ).toMatchObject({ code: 'Forbidden', reason: 'MASTER_CANNOT_EDIT_SALON_SETUP' });
    expect(
      await run(schedule.addWorkingTime, { ctx, input: { ...span(master.id, '2026-11-25 09:00', '2026-11-25 12:00'), salon: OTHER } }),
    ).toMatchObject({ code: 'Forbidden', reason: 'NOT_THE_SESSION_SALON' });
    expect(await run(schedule.addWorkingTime, { ctx, input: span(newId(), '2026-11-25 09:00', '2026-11-25 12:00') })).toMatchObject({
      messageId: 'workingTime.masterNotExists',
    });
    expect(await run(schedule.addWorkingTime, { ctx, input: span(master.id, '2026-11-25 09:00', '2026-11-25 12:00') })).toBeNull();
    expect(await run(schedule.addWorkingTime, { ctx, input: span(master.id, '2026-11-25 11:00', '2026-11-25 13:00') })).toMatchObject({
      reason: 'TIME_OVERLAPS_WITH_OTHER_RECORD',
    });
  });

  it("refuses to change or delete a day with the master's appointments (old day or new), not archived ones", async () => {
    const master = await seed();
    const made = span(master.id, '2026-11-25 09:00', '2026-11-25 12:00');
    expect(await run(schedule.addWorkingTime, { ctx, input: made })).toBeNull();
    await db.mirror('appointments').put(makeAppointment({ masterId: master.id, startAt: '2026-11-26 10:00', endAt: '2026-11-26 11:00' }));
    await db
      .mirror('appointments')
      .put(makeAppointment({ masterId: master.id, startAt: '2026-11-27 10:00', endAt: '2026-11-27 11:00', archived: true }));
    expect(
      await run(schedule.updateWorkingTime, {
        ctx,
        input: { workingTimeId: made.id, startAt: '2026-11-26 09:00', endAt: '2026-11-26 12:00' },
      }),
    ).toMatchObject({ reason: 'APPOINTMENTS_EXIST_THAT_DAY', messageId: 'workingTime.cannotChange' });
    expect(
      await run(schedule.updateWorkingTime, {
        ctx,
        input: { workingTimeId: made.id, startAt: '2026-11-27 09:00', endAt: '2026-11-27 12:00' },
      }),
    ).toBeNull();
    await db.mirror('appointments').put(makeAppointment({ masterId: master.id, startAt: '2026-11-27 13:00', endAt: '2026-11-27 14:00' }));
    expect(await run(schedule.deleteWorkingTime, { ctx, input: { workingTimeId: made.id } })).toMatchObject({
      messageId: 'workingTime.cannotDelete',
    });
    expect(
      await run(schedule.deleteWorkingTime, { ctx: makeContext({ role: 'MASTER' }), input: { workingTimeId: made.id } }),
    ).toMatchObject({ reason: 'MASTER_CANNOT_EDIT_SALON_SETUP' });
    expect(await run(schedule.deleteWorkingTime, { ctx, input: { workingTimeId: newId() } })).toMatchObject({
      messageId: 'workingTime.notExists',
    });
  });

  it('generates only for a known master of the session salon', async () => {
    const master = await seed();
    const input = {
      salonId,
      seed: newId(),
      masterId: master.id,
      firstRangeFrom: '2026-11-23',
      firstRangeTo: '2026-11-23',
      secondRangeFrom: '2026-11-24',
      secondRangeTo: '2026-11-25',
    };
    expect(await run(schedule.generateSchedule, { ctx, input: { ...input, salonId: OTHER } })).toMatchObject({
      reason: 'NOT_THE_SESSION_SALON',
    });
    expect(await run(schedule.generateSchedule, { ctx, input: { ...input, masterId: newId() } })).toMatchObject({
      messageId: 'workingTime.masterNotExists',
    });
    expect(await run(schedule.generateSchedule, { ctx, input })).toBeNull();
  });
});

describe('general settings on the mirror', () => {
  const general = {
    id: salonId,
    name: 'Studija',
    address: 'Rīga',
    settings: { schedule: { startAt: 540, endAt: 1200, step: 30 as const, format: 'HH:mm' as const } },
  };

  it("refuses a master, another salon, and a salon the mirror lacks, with the server's reasons", async () => {
    await seed(false);
    expect(await run(salonSettings.updateSalon, { ctx, input: general })).toMatchObject({
      code: 'NotExists',
      reason: 'SALON_DOES_NOT_EXIST',
    });
    await db.mirror('salons').put(salon);
    expect(await run(salonSettings.updateSalon, { ctx: makeContext({ role: 'MASTER' }), input: general })).toMatchObject({
      code: 'Forbidden',
      reason: 'ONLY_ADMINISTRATORS_CHANGE_SETTINGS',
    });
    expect(await run(salonSettings.updateSalon, { ctx, input: { ...general, id: OTHER } })).toMatchObject({
      code: 'Forbidden',
      reason: 'NOT_THE_SESSION_SALON',
    });
    expect(await run(salonSettings.updateSalon, { ctx, input: general })).toBeNull();
    expect((await db.mirror('salons').get(salonId))?.settings.schedule).toMatchObject({ startAt: 540, endAt: 1200 });
  });

  it('leaves the archive switch to the owner', async () => {
    await seed();
    const admin = makeContext({ isOwner: false });
    expect(await run(salonSettings.updateArchiveSettings, { ctx: admin, input: { id: salonId, enableArchive: true } })).toMatchObject({
      reason: 'ONLY_OWNER_CHANGES_ARCHIVE',
    });
    expect(await run(salonSettings.updateReportSettings, { ctx: admin, input: { id: salonId, reportByType: true } })).toBeNull();
    expect(await run(salonSettings.updateArchiveSettings, { ctx, input: { id: salonId, enableArchive: true } })).toBeNull();
    expect((await db.mirror('salons').get(salonId))?.settings).toMatchObject({ enableArchive: true, reportByType: true });
  });

  it("archives history with the mirror's archive setting and the command's today", async () => {
    await seed();
    const admin = makeContext({ isOwner: false });
    const input = { salon: salonId, fromDate: '2026-11-20', toDate: '2026-11-22' };
    expect(await run(salonSettings.archiveSelectedAppointments, { ctx: admin, input })).toMatchObject({
      code: 'Forbidden',
      reason: 'ARCHIVE_NOT_ALLOWED',
    });
    await db.mirror('salons').put({ ...salon, settings: { ...DEFAULT_SALON_SETTINGS, enableArchive: true } });
    expect(await run(salonSettings.archiveSelectedAppointments, { ctx: admin, input: { ...input, toDate: '2026-11-23' } })).toMatchObject({
      field: 'range',
      messageId: 'settings.deleteHistory.future',
    });
    expect(await run(salonSettings.archiveSelectedAppointments, { ctx: admin, input })).toBeNull();
  });
});

describe('administrators on the mirror', () => {
  const row = (userId: string): AdministratorRow => ({
    id: newId(),
    salonId,
    userId,
    firstName: 'Anna',
    lastName: 'B',
    phone: null,
    email: `${newId()}@example.test`,
  });
  const edit = (a: AdministratorRow) => ({ salonId, administratorId: a.id, firstName: 'Ilze', lastName: 'C', phone: null });

  it('lets the owner edit and delete, never delete himself; refuses a gone administrator', async () => {
    await seed();
    const owner = row(ctx.userId);
    const other = row(newId());
    await db.mirror('administrators').bulkPut([owner, other]);
    expect(await run(administrator.updateAdministrator, { ctx, input: edit(other) })).toBeNull();
    expect((await db.mirror('administrators').get(other.id))?.firstName).toBe('Ilze');
    expect(await run(administrator.deleteAdministrator, { ctx, input: { salonId, administratorId: owner.id } })).toMatchObject({
      reason: 'OWNER_CANNOT_BE_REMOVED',
    });
    expect(await run(administrator.deleteAdministrator, { ctx, input: { salonId, administratorId: newId() } })).toMatchObject({
      messageId: 'administrator.notExists',
    });
    expect(await run(administrator.deleteAdministrator, { ctx, input: { salonId, administratorId: other.id } })).toBeNull();
  });

  it("refuses anyone but the owner, and an owner whose salon the mirror shows handed over, with the server's refusal", async () => {
    await seed();
    const other = row(newId());
    await db.mirror('administrators').put(other);
    const notOwner = { code: 'Forbidden', reason: 'FORBIDDEN', message: 'Only the salon owner may do this' };
    expect(await run(administrator.updateAdministrator, { ctx: makeContext({ isOwner: false }), input: edit(other) })).toMatchObject(
      notOwner,
    );
    expect(await run(administrator.updateAdministrator, { ctx, input: { ...edit(other), salonId: OTHER } })).toMatchObject(notOwner);
    await db.mirror('salons').put({ ...salon, administratorId: other.userId });
    expect(await run(administrator.updateAdministrator, { ctx, input: edit(other) })).toMatchObject(notOwner);
    expect(await run(administrator.deleteAdministrator, { ctx, input: { salonId, administratorId: other.id } })).toMatchObject(notOwner);
  });
});
