import {
  checkArchiveAppointment,
  checkCreateAppointments,
  checkDeleteAppointment,
  checkMarkNoShow,
  checkUpdateAppointment,
  refsToFind,
  type LineRefs,
  type OwnMasters,
  type RefKind,
  type SalonNow,
} from '../../domain/commands/appointments';
import { limitedToOwnAppointments } from '../../domain/rules/permissions';
import { groupIdOf } from '../../domain/rules/appointments';
import { addMinutes, dateOf, salonWallTime, SERVICE_TIME_ZONE } from '../../domain/rules/time';
import {
  archiveAppointmentSchema,
  createAppointmentsSchema,
  deleteAppointmentSchema,
  markNoShowSchema,
  updateAppointmentSchema,
  type UpdateAppointmentInput,
} from '../../domain/schemas/appointment';
import type { AppointmentRow } from '../../domain/entities';
import type { CommandValues } from '../../domain/commands/inputs';
import type { CommandTx } from './command-tx';
import { defineCommand, type CommandContext } from './registry';
import { actorOf, check } from './shared-check';
import { parseOrRefuse } from './validate';
import { parseWith } from '../../domain/schemas/parse';

/**
 * Appointment commands (part 1 §4, §5). Each says what happens when the server refuses it later: the
 * effect is undone by the re-base and the form reopens from the conflicts list with the server's message.
 */
const salonOf = (ctx: CommandContext): SalonNow => ({ settings: ctx.settings, today: ctx.today });

/** The day's appointments of the line's master and of its cabinet: the only rows it may overlap. */
async function othersOnDay(tx: CommandTx, salonId: string, line: { masterId: string | null; cabinetId: string | null; startAt: string }) {
  const day = dateOf(line.startAt);
  const on = (index: '[masterId+startAt]' | '[cabinetId+startAt]', id: string | null) =>
    id
      ? tx
          .table('appointments')
          .where(index)
          .between([id, `${day} 00:00`], [id, `${day} 23:59`], true, true)
          .toArray()
      : Promise.resolve([]);
  const [byMaster, byCabinet] = await Promise.all([on('[masterId+startAt]', line.masterId), on('[cabinetId+startAt]', line.cabinetId)]);
  return [...byMaster, ...byCabinet].filter((a) => a.salonId === salonId);
}

/** The first of the references that is not a row of this salon in the mirror, or null. */
async function missingRef(tx: CommandTx, ctx: CommandContext, refs: LineRefs): Promise<RefKind | null> {
  const checks: Array<[RefKind, Parameters<CommandTx['get']>[0], string | null | undefined]> = [
    ['master', 'masters', refs.master],
    ['cabinet', 'cabinets', refs.cabinet],
    ['service', 'services', refs.service],
    ['client', 'clients', refs.client],
  ];
  const rows = await Promise.all(
    checks.map(([, entity, id]) => (id ? (tx.get(entity, id) as Promise<{ salonId: string } | undefined>) : null)),
  );
  const at = checks.findIndex(([, , id], i) => id && (!rows[i] || rows[i]?.salonId !== ctx.salonId));
  return at < 0 ? null : (checks[at]?.[0] ?? null);
}

/** The rows of a parsed `createAppointments` input made in `ctx` (its `apply`'s writes). */
function rowsOf(input: CommandValues<'appointment.create'>, ctx: CommandContext): AppointmentRow[] {
  const groupId = groupIdOf(
    input.group,
    input.appointments.map((line) => line.id),
  );
  return input.appointments.map((line) => ({
    id: line.id,
    salonId: input.salon,
    masterId: line.master,
    cabinetId: line.cabinet,
    clientId: line.client,
    serviceId: line.service,
    authorId: ctx.userId,
    authorRole: ctx.role === 'MASTER' ? 'MASTER' : 'ADMIN',
    startAt: line.startAt,
    endAt: addMinutes(line.startAt, line.duration),
    duration: line.duration,
    notes: line.notes,
    groupId,
    archived: false,
    membershipId: null,
    createdAt: ctx.now,
  }));
}

/**
 * The user's own master rows in the mirror's salon when a master is limited to own appointments (the salon's
 * 'Masters may change colleagues' appointments' off, issue 63); null, and nothing read, otherwise.
 */
async function ownMasters(tx: CommandTx, ctx: CommandContext): Promise<OwnMasters> {
  if (!limitedToOwnAppointments(ctx, ctx.settings)) return null;
  const rows = await tx
    .table('masters')
    .where('salonId')
    .equals(ctx.salonId)
    .filter((m) => m.userId === ctx.userId)
    .toArray();
  return rows.map((m) => m.id);
}

export const createAppointments = defineCommand({
  name: 'appointment.create',
  async validate(tx, args) {
    const input = parseOrRefuse(createAppointmentsSchema, args.input);
    const rows = rowsOf(input, args.ctx);
    // Every read in one round trip of the transaction (a booking's card waits for it), then the shared check.
    const reads = await Promise.all(
      input.appointments.map((line, i) =>
        Promise.all([
          missingRef(tx, args.ctx, line),
          tx.get('appointments', line.id),
          othersOnDay(tx, args.ctx.salonId, rows[i] as AppointmentRow),
        ]),
      ),
    );
    const own = await ownMasters(tx, args.ctx);
    const busy = new Map(reads.flatMap(([, , others]) => others).map((a) => [a.id, a]));
    check(
      checkCreateAppointments(input, actorOf(args.ctx), {
        salon: salonOf(args.ctx),
        missing: reads.find(([missing]) => missing)?.[0] ?? null,
        idTaken: reads.some(([, existing]) => Boolean(existing)),
        busy: [...busy.values()],
        own,
      }),
    );
  },
  async apply(tx, args) {
    for (const row of rowsOf(parseOrRefuse(createAppointmentsSchema, args.input), args.ctx)) await tx.put('appointments', row);
  },
  /**
   * The same checks on the day the form holds: every line on that day, its master, cabinet and service among the
   * rows it read, its id not among the day's, and no overlap with the day's bookings. The client is not checked:
   * the form picked it from the mirror (a client deleted meanwhile is refused by `validate`, and the card goes).
   */
  preview(args, known) {
    const parsed = parseWith(createAppointmentsSchema, args.input);
    if (!parsed.ok) return null;
    const input = parsed.value;
    const rows = rowsOf(input, args.ctx);
    if (rows.some((row) => dateOf(row.startAt) !== known.date)) return null;
    const refs = input.appointments.flatMap((line) => [line.master, line.cabinet, line.service]);
    if (refs.some((id) => id && !known.ids.has(id))) return null;
    const takes = (a: AppointmentRow) =>
      a.salonId === args.ctx.salonId &&
      rows.some((r) => (r.masterId && a.masterId === r.masterId) || (r.cabinetId && a.cabinetId === r.cabinetId));
    const busy = known.appointments.filter(takes);
    const idTaken = known.appointments.some((a) => rows.some((r) => r.id === a.id));
    // A master limited to own appointments gets no preview (own: null): the form does not hold their master rows.
    const broken = checkCreateAppointments(input, actorOf(args.ctx), { salon: salonOf(args.ctx), missing: null, idTaken, busy, own: null });
    return broken ? null : rows.map((row) => ({ entity: 'appointments', id: row.id, row }));
  },
});

async function paidInvoiceOf(tx: CommandTx, appointmentId: string): Promise<boolean> {
  const invoice = await tx.table('invoices').where('appointmentId').equals(appointmentId).first();
  return Boolean(invoice?.paid);
}

function updatedRow(current: AppointmentRow, input: ReturnType<typeof parseUpdate>): AppointmentRow {
  return {
    ...current,
    masterId: input.master,
    cabinetId: input.cabinet,
    clientId: input.client,
    serviceId: input.service,
    duration: input.duration,
    startAt: input.startAt,
    endAt: addMinutes(input.startAt, input.duration),
    notes: input.notes,
  };
}
const parseUpdate = (input: UpdateAppointmentInput) => parseOrRefuse(updateAppointmentSchema, input);

/**
 * Update from the edit form and move by drag and drop: the same server mutation (updateAppointment, as the
 * spec's drag sends it). Refused later by the server, the mirror returns to the server's row and the
 * conflicts list reopens Edit Appointment with the attempted values and the message.
 */
function defineUpdate<N extends 'appointment.update' | 'appointment.move'>(name: N) {
  return defineCommand<N>({
    name,
    async validate(tx, args) {
      const input = parseUpdate(args.input);
      const line = { masterId: input.master, cabinetId: input.cabinet, startAt: input.startAt };
      // Every read in one round trip of the transaction (a drop's card waits for it), then the shared check.
      const [row, paid, others, own] = await Promise.all([
        tx.get('appointments', input.appointmentId),
        paidInvoiceOf(tx, input.appointmentId),
        othersOnDay(tx, args.ctx.salonId, line),
        ownMasters(tx, args.ctx),
      ]);
      const current = row && row.salonId === args.ctx.salonId ? row : null;
      const missing = current ? await missingRef(tx, args.ctx, refsToFind(input, current)) : null;
      check(checkUpdateAppointment(input, actorOf(args.ctx), { salon: salonOf(args.ctx), current, paid, missing, busy: others, own }));
    },
    async apply(tx, args) {
      const input = parseUpdate(args.input);
      const current = await tx.get('appointments', input.appointmentId);
      if (current) await tx.put('appointments', updatedRow(current, input));
    },
    // A move within the day the timetable holds (issue 65 item 2): the same check on its rows, else nothing early.
    preview(args, known) {
      const parsed = parseWith(updateAppointmentSchema, args.input);
      if (!parsed.ok || !known.paid) return null;
      const input = parsed.value;
      const current = known.appointments.find((a) => a.id === input.appointmentId && a.salonId === args.ctx.salonId);
      if (!current || dateOf(current.startAt) !== known.date || dateOf(input.startAt) !== known.date) return null;
      const refs = refsToFind(input, current);
      if ([refs.master, refs.cabinet, refs.service].some((id) => id && !known.ids.has(id))) return null;
      // The client is not checked: a move keeps it, and Edit Appointment picked it from the mirror.
      const busy = known.appointments.filter(
        (a) =>
          a.salonId === args.ctx.salonId &&
          ((input.master && a.masterId === input.master) || (input.cabinet && a.cabinetId === input.cabinet)),
      );
      const reads = { salon: salonOf(args.ctx), current, paid: known.paid.has(current.id), missing: null, busy, own: null };
      const broken = checkUpdateAppointment(input, actorOf(args.ctx), reads);
      return broken ? null : [{ entity: 'appointments', id: current.id, row: updatedRow(current, input) }];
    },
  });
}
export const updateAppointment = defineUpdate('appointment.update');
export const moveAppointment = defineUpdate('appointment.move');

export const deleteAppointment = defineCommand({
  name: 'appointment.delete',
  async validate(tx, args) {
    const { appointmentId, late } = parseOrRefuse(deleteAppointmentSchema, args.input);
    const [current, paid, own] = await Promise.all([
      tx.get('appointments', appointmentId),
      paidInvoiceOf(tx, appointmentId),
      ownMasters(tx, args.ctx),
    ]);
    const exists = Boolean(current && current.salonId === args.ctx.salonId);
    check(
      checkDeleteAppointment(actorOf(args.ctx), {
        exists,
        paid,
        masterId: current?.masterId ?? null,
        settings: args.ctx.settings,
        own,
        late: late ? { clientId: current?.clientId ?? null } : undefined,
      }),
    );
  },
  async apply(tx, args) {
    const current = await tx.get('appointments', args.input.appointmentId);
    if (!current) return;
    // A late cancellation stays, archived, out of its group (decision 079).
    if (args.input.late) await tx.put('appointments', { ...current, archived: true, outcome: 'LATE_CANCEL', groupId: null });
    else await tx.delete('appointments', current.id);
    // The last one left of a group loses its group (part 1 §4).
    if (current.groupId) {
      const rest = await tx
        .table('appointments')
        .where('groupId')
        .equals(current.groupId)
        .filter((a) => a.id !== current.id)
        .toArray();
      if (rest.length === 1 && rest[0]) await tx.put('appointments', { ...rest[0], groupId: null });
    }
  },
});

/** markNoShow (decision 079): a client's unpaid visit that has begun, by the salon's clock as this device reads it. */
export const markNoShow = defineCommand({
  name: 'appointment.markNoShow',
  async validate(tx, args) {
    const input = parseOrRefuse(markNoShowSchema, args.input);
    const [row, salon] = await Promise.all([tx.get('appointments', input.appointmentId), tx.get('salons', args.ctx.salonId)]);
    const current = row && row.salonId === args.ctx.salonId ? row : null;
    const [paid, own] = current ? await Promise.all([paidInvoiceOf(tx, current.id), ownMasters(tx, args.ctx)]) : [false, null];
    const now = salonWallTime(new Date(args.ctx.now), salon?.timeZone ?? SERVICE_TIME_ZONE);
    check(checkMarkNoShow(input, actorOf(args.ctx), { salon: salonOf(args.ctx), current, paid, own, now }));
  },
  async apply(tx, args) {
    const current = await tx.get('appointments', args.input.appointmentId);
    if (current) await tx.put('appointments', { ...current, outcome: args.input.noShow ? 'NO_SHOW' : null });
  },
});

export const archiveAppointment = defineCommand({
  name: 'appointment.archive',
  async validate(tx, args) {
    const input = parseOrRefuse(archiveAppointmentSchema, args.input);
    const row = await tx.get('appointments', input.appointmentId);
    const current = row && row.salonId === args.ctx.salonId ? row : null;
    const [paid, busy, own] = current
      ? await Promise.all([paidInvoiceOf(tx, current.id), othersOnDay(tx, args.ctx.salonId, current), ownMasters(tx, args.ctx)])
      : [false, [], null];
    check(checkArchiveAppointment(input, actorOf(args.ctx), { salon: salonOf(args.ctx), current, paid, busy, own }));
  },
  async apply(tx, args) {
    const current = await tx.get('appointments', args.input.appointmentId);
    if (!current) return;
    // Unarchived, a late cancellation is a booking again (decision 079).
    const outcome = !args.input.archived && current.outcome === 'LATE_CANCEL' ? null : (current.outcome ?? null);
    await tx.put('appointments', { ...current, archived: args.input.archived, outcome });
  },
});
