import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bookingLine, makeAppointment, makeDb, seedMasterAndService } from '../factories/mirror';
import { appointment } from '../../src/db/commands';
import type { KnownRows } from '../../src/db/commands/registry';
import { mirrorTableNames, type SalonDb } from '../../src/db/salon-db';
import { forgetSession, saveSession } from '../../src/db/session';
import { SALON, ownerContext } from '../../src/db/testing/fixtures';
import { CommandRefusal } from '../../src/domain/command-refusal';
import { newId } from '../../src/domain/ids';
import type { AppointmentRow, MasterRow, ServiceRow } from '../../src/domain/entities';
import { DEFAULT_SALON_SETTINGS } from '../../src/domain/rules/salon-defaults';
import { moveInput } from '../../src/domain/rules/appointment-move';
import { echoCommands, localEcho } from '../../src/sync/local-echo';
import { submitCommand } from '../../src/sync/submit-command';
import { salonMirror, syncState } from '../../src/sync/sync-state';

/** Decision 052: a booking's row shows before its command's transaction has read the mirror, when the form's day says it fits. */
const DAY = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
let db: SalonDb;
let master: MasterRow;
let service: ServiceRow;

beforeEach(async () => {
  db = makeDb();
  echoCommands(
    db,
    mirrorTableNames(db).map((t) => t.name),
  );
  ({ master, service } = await seedMasterAndService(db));
  syncState.set({ db, kick: () => {} });
  salonMirror.set({ settings: DEFAULT_SALON_SETTINGS, timeZone: 'Europe/Riga' });
  await saveSession({
    id: 'b'.repeat(24),
    token: 't',
    role: 'ADMIN',
    isOwner: true,
    isMaster: false,
    salon: SALON,
    salonName: 'Salon',
    salonSettings: DEFAULT_SALON_SETTINGS,
    firstName: 'Laura',
    lastName: 'Ozola',
    email: null,
    phone: null,
    salons: [],
    showArchive: false,
  });
});
afterEach(async () => {
  localEcho.clear();
  syncState.set({ db: null });
  salonMirror.set(undefined);
  await forgetSession();
  await db.delete();
});

const known = (appointments: AppointmentRow[] = []): KnownRows => ({ date: DAY, appointments, ids: new Set([master.id, service.id]) });
const input = (startAt: string, id = newId()) => ({ salon: SALON, appointments: [bookingLine(master.id, service.id, startAt, id)] });
const book = (startAt: string, rows: KnownRows, id?: string) =>
  submitCommand('appointment.create', input(startAt, id), { known: rows, wait: false });

describe('a booking shown before its command reads the mirror', () => {
  it('shows the row as soon as it is submitted; the transaction’s write takes its place with the same row object', async () => {
    const id = newId();
    const done = book(`${DAY} 10:00`, known(), id);
    const [preview] = localEcho.entries();
    expect(preview?.committedAt).toBeNull();
    expect(preview?.writes[0]?.row).toMatchObject({ id, masterId: master.id, startAt: `${DAY} 10:00`, endAt: `${DAY} 11:00` });
    await expect(done).resolves.toBe('pending');
    const entries = localEcho.entries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).not.toBe(preview);
    expect(entries[0]?.committedAt).not.toBeNull();
    expect(entries[0]?.writes[0]?.row).toBe(preview?.writes[0]?.row);
    expect(await db.mirror('appointments').get(id)).toEqual(preview?.writes[0]?.row);
  });

  it('shows nothing early when the form’s day has the master busy then', async () => {
    const taken = makeAppointment({ masterId: master.id, serviceId: service.id, startAt: `${DAY} 10:00`, endAt: `${DAY} 11:00` });
    await db.mirror('appointments').put(taken);
    const seen: number[] = [];
    const stop = localEcho.subscribe(() => seen.push(localEcho.entries().length));
    const done = book(`${DAY} 10:30`, known([taken]));
    expect(localEcho.entries()).toEqual([]);
    await expect(done).rejects.toBeInstanceOf(CommandRefusal);
    stop();
    expect(seen).toEqual([]);
  });

  it('takes the early row back when the command’s own checks refuse it (the form’s day was behind the mirror)', async () => {
    const taken = makeAppointment({ masterId: master.id, serviceId: service.id, startAt: `${DAY} 10:00`, endAt: `${DAY} 11:00` });
    await db.mirror('appointments').put(taken);
    const done = book(`${DAY} 10:30`, known());
    expect(localEcho.entries()).toHaveLength(1);
    await expect(done).rejects.toBeInstanceOf(CommandRefusal);
    expect(localEcho.entries()).toEqual([]);
  });

  it('writes after the frame that shows the row, and without a frame (a hidden tab paints none) all the same', async () => {
    const frames: Array<() => void> = [];
    globalThis.requestAnimationFrame = (callback: FrameRequestCallback) => frames.push(() => callback(0));
    try {
      const id = newId();
      const done = book(`${DAY} 10:00`, known(), id);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(localEcho.entries()).toHaveLength(1);
      expect(await db.mirror('appointments').get(id)).toBeUndefined();
      frames.shift()?.();
      await expect(done).resolves.toBe('pending');
      expect(await db.mirror('appointments').get(id)).toBeDefined();
      // No frame comes: the write goes after FRAME_WAIT_MS.
      const unpainted = newId();
      await expect(book(`${DAY} 12:00`, known(), unpainted)).resolves.toBe('pending');
      expect(await db.mirror('appointments').get(unpainted)).toBeDefined();
    } finally {
      Reflect.deleteProperty(globalThis, 'requestAnimationFrame');
    }
  });

  it('previews only what the form’s day covers', () => {
    const ctx = ownerContext({ today: new Date().toISOString().slice(0, 10) });
    const preview = (startAt: string, rows: KnownRows) =>
      appointment.createAppointments.preview?.({ ctx, input: input(startAt) }, rows) ?? null;
    expect(preview(`${DAY} 10:00`, known())).toHaveLength(1);
    expect(preview(`${DAY} 10:00`, { ...known(), date: '2030-01-01' })).toBeNull();
    expect(preview(`${DAY} 10:00`, { ...known(), ids: new Set([service.id]) })).toBeNull();
    expect(preview(`${DAY} 03:00`, known())).toBeNull();
  });
});

/** Issue 65 item 2: a card dropped on the timetable shows at its place before the move's transaction reads the mirror. */
describe('a move shown before its command reads the mirror', () => {
  const later = (time: string, minutes: number) => {
    const [h, m] = time.split(':').map(Number) as [number, number];
    const total = h * 60 + m + minutes;
    return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
  };
  const booked = (time: string) =>
    makeAppointment({
      salonId: SALON,
      masterId: master.id,
      serviceId: service.id,
      startAt: `${DAY} ${time}`,
      endAt: `${DAY} ${later(time, 60)}`,
    });
  const day = (appointments: AppointmentRow[], paid: string[] = []): KnownRows => ({ ...known(appointments), paid: new Set(paid) });
  const moveTo = (a: AppointmentRow, time: string, rows: KnownRows | null) =>
    submitCommand('appointment.move', moveInput(a, { masterId: a.masterId, cabinetId: a.cabinetId, startAt: `${DAY} ${time}` }), {
      known: rows,
      wait: false,
    });

  it('shows the moved row as soon as it is dropped; the transaction’s write takes its place with the same row object', async () => {
    const card = booked('10:00');
    await db.mirror('appointments').put(card);
    const done = moveTo(card, '12:00', day([card]));
    const [preview] = localEcho.entries();
    expect(preview?.committedAt).toBeNull();
    expect(preview?.writes[0]?.row).toMatchObject({ id: card.id, startAt: `${DAY} 12:00`, endAt: `${DAY} 13:00` });
    await expect(done).resolves.toBe('pending');
    expect(localEcho.entries()[0]?.writes[0]?.row).toBe(preview?.writes[0]?.row);
    expect(await db.mirror('appointments').get(card.id)).toEqual(preview?.writes[0]?.row);
  });

  it('shows nothing early when the day has the master busy at the drop: the card never paints there', async () => {
    const card = booked('10:00');
    const other = booked('12:00');
    await db.mirror('appointments').bulkPut([card, other]);
    const seen: number[] = [];
    const stop = localEcho.subscribe(() => seen.push(localEcho.entries().length));
    const done = moveTo(card, '12:30', day([card, other]));
    expect(localEcho.entries()).toEqual([]);
    await expect(done).rejects.toBeInstanceOf(CommandRefusal);
    stop();
    expect(seen).toEqual([]);
    expect((await db.mirror('appointments').get(card.id))?.startAt).toBe(`${DAY} 10:00`);
  });

  it('takes the early row back when the command’s own checks refuse it (the day was behind the mirror)', async () => {
    const card = booked('10:00');
    const other = booked('12:00');
    await db.mirror('appointments').bulkPut([card, other]);
    const done = moveTo(card, '12:30', day([card]));
    expect(localEcho.entries()).toHaveLength(1);
    await expect(done).rejects.toBeInstanceOf(CommandRefusal);
    expect(localEcho.entries()).toEqual([]);
  });

  it('previews only a move the timetable’s day covers', () => {
    const ctx = ownerContext({ today: new Date().toISOString().slice(0, 10) });
    const card = booked('10:00');
    const preview = (time: string, rows: KnownRows, moved = card) =>
      appointment.moveAppointment.preview?.(
        { ctx, input: moveInput(moved, { masterId: moved.masterId, cabinetId: moved.cabinetId, startAt: `${DAY} ${time}` }) },
        rows,
      ) ?? null;
    expect(preview('12:00', day([card]))).toHaveLength(1);
    // Paid: refused locally (appointmentPaidLocked), so nothing early.
    expect(preview('12:00', day([card], [card.id]))).toBeNull();
    // The form does not know what is paid (Edit Appointment), another day, a card it does not hold, another master.
    expect(preview('12:00', known([card]))).toBeNull();
    expect(preview('12:00', { ...day([card]), date: '2030-01-01' })).toBeNull();
    expect(preview('12:00', day([]))).toBeNull();
    expect(preview('12:00', day([{ ...card, masterId: newId() }]), { ...card, masterId: newId() })).toBeNull();
  });
});
