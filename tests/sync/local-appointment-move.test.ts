import { afterEach, describe, expect, it } from 'vitest';
import { appointment, runCommand } from '../../src/db/commands';
import type { SalonDb } from '../../src/db/salon-db';
import { CommandRefusal } from '../../src/domain/command-refusal';
import { moveInput, placementOf } from '../../src/domain/rules/appointment-move';
import { newId } from '../../src/domain/ids';
import { DEFAULT_SALON_SETTINGS } from '../../src/domain/rules/salon-defaults';
import type { AppointmentRow } from '../../src/domain/entities';
import { makeAppointment, makeContext, makeDb, makeMaster, makeService } from '../factories/mirror';

/** appointment.move against the mirror: the drag's rules checked locally before anything is queued. */
let db: SalonDb;
afterEach(async () => {
  await db?.delete();
});

const masterCtx = makeContext({ role: 'MASTER', isOwner: false, userId: 'c'.repeat(24) });
const adminCtx = makeContext({ role: 'ADMIN', isOwner: false });

async function seed(extra: Partial<AppointmentRow> = {}) {
  db = makeDb();
  const own = makeMaster({ userId: masterCtx.userId });
  const other = makeMaster();
  const service = makeService();
  const row = makeAppointment({ masterId: own.id, serviceId: service.id, ...extra });
  await db.mirror('masters').bulkPut([own, other]);
  await db.mirror('services').put(service);
  await db.mirror('appointments').put(row);
  return { own, other, row };
}

const move = (row: AppointmentRow, drop: Parameters<typeof placementOf>[1], ctx = adminCtx) =>
  runCommand(db, appointment.moveAppointment, { ctx, input: moveInput(row, placementOf(row, drop)) }, { salonId: ctx.salonId, form: null });
const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => (e instanceof CommandRefusal ? e.error : e),
  );
const drop = (providerId: string, steps: number, date = '2026-11-23') => ({ kind: 'master' as const, providerId, date, steps, step: 30 });

describe('appointment.move', () => {
  it('moves the card at once and queues the update, marked as touched', async () => {
    const { row, other } = await seed();
    await move(row, drop(other.id, 2));
    expect(await db.mirror('appointments').get(row.id)).toMatchObject({
      masterId: other.id,
      startAt: '2026-11-23 11:00',
      endAt: '2026-11-23 12:00',
    });
    expect(await db.outbox.toArray()).toMatchObject([{ name: 'appointment.move', touched: [`appointments:${row.id}`] }]);
  });

  it('refuses a paid appointment before writing anything', async () => {
    const { row } = await seed();
    await db
      .mirror('invoices')
      .put({ id: newId(), salonId: row.salonId, appointmentId: row.id, paid: true, totalPrice: '20.00', items: [] } as never);
    expect(await refusalOf(move(row, drop(row.masterId as string, 1)))).toMatchObject({
      reason: 'APPOINTMENT_IS_PAID',
      messageId: 'appointment.paidLocked',
    });
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses a grouped appointment on another date, not within its day', async () => {
    const { row } = await seed({ groupId: newId() });
    expect(await refusalOf(move(row, drop(row.masterId as string, 0, '2026-11-24')))).toMatchObject({ reason: 'GROUPED_DATE_LOCKED' });
    expect(await refusalOf(move(row, drop(row.masterId as string, 2)))).toBeNull();
  });

  it('refuses an overlap with the spec message on the start time', async () => {
    const { row, other } = await seed();
    await db.mirror('appointments').put(makeAppointment({ masterId: other.id, startAt: '2026-11-23 10:30', endAt: '2026-11-23 11:30' }));
    expect(await refusalOf(move(row, drop(other.id, 0)))).toMatchObject({
      reason: 'TIME_OVERLAPS_WITH_OTHER_RECORD',
      field: 'startTime',
      messageId: 'appointment.overlaps',
    });
  });

  it("lets a master move another master's appointment and give his own to another master (decision 033)", async () => {
    const { row, other } = await seed();
    const others = makeAppointment({
      masterId: other.id,
      serviceId: row.serviceId,
      startAt: '2026-11-23 14:00',
      endAt: '2026-11-23 15:00',
    });
    await db.mirror('appointments').put(others);
    expect(await refusalOf(move(others, drop(other.id, 1), masterCtx))).toBeNull();
    expect(await refusalOf(move(row, drop(other.id, 0), masterCtx))).toBeNull();
    expect(await db.mirror('appointments').get(row.id)).toMatchObject({ masterId: other.id });
  });

  it("refuses a master's move of a colleague's card, or of his own to a colleague, when the salon keeps masters to their own", async () => {
    const { row, own, other } = await seed();
    const onlyOwn = { ...masterCtx, settings: { ...DEFAULT_SALON_SETTINGS, mastersEditOthers: false } };
    const colleagues = makeAppointment({
      masterId: other.id,
      serviceId: row.serviceId,
      startAt: '2026-11-23 14:00',
      endAt: '2026-11-23 15:00',
    });
    await db.mirror('appointments').put(colleagues);
    expect(await refusalOf(move(colleagues, drop(other.id, 1), onlyOwn))).toMatchObject({ reason: 'NOT_OWN_APPOINTMENT' });
    expect(await refusalOf(move(row, drop(other.id, 1), onlyOwn))).toMatchObject({ reason: 'NOT_OWN_APPOINTMENT' });
    expect(await db.outbox.count()).toBe(0);
    // His own card within his own column moves; with the spec's rule, the colleague's too.
    await move(row, drop(own.id, 2), onlyOwn);
    await move(colleagues, drop(other.id, 1), masterCtx);
    expect(await db.outbox.count()).toBe(2);
  });
});
