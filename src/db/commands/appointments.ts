import { refuse } from '../../domain/command-refusal';
import { refusal } from '../../domain/refusals';
import { moveRefusal } from '../../domain/rules/appointment-move';
import { checkBooking, groupIdOf } from '../../domain/rules/appointments';
import { addMinutes, dateOf } from '../../domain/rules/time';
import {
  archiveAppointmentSchema, createAppointmentsSchema, deleteAppointmentSchema, updateAppointmentSchema,
  type ArchiveAppointmentInput, type CreateAppointmentsInput, type DeleteAppointmentInput, type UpdateAppointmentInput,
} from '../../domain/schemas/appointment';
import type { AppointmentRow } from '../../domain/sync/entities';
import type { CommandTx } from './command-tx';
import { defineCommand, type CommandContext } from './registry';
import { parseOrRefuse } from './validate';

/**
 * Appointment commands (part 1 §4, §5). Each says what happens when the server refuses it later: the
 * effect is undone by the re-base and the form reopens from the conflicts list with the server's message.
 */
export interface WithContext<I> {
  ctx: CommandContext;
  input: I;
}

const notExists = () => refuse(refusal('appointmentNotExists'));

/** The day's appointments of the line's master and of its cabinet: the only rows it may overlap. */
async function othersOnDay(tx: CommandTx, salonId: string, line: { masterId: string | null; cabinetId: string | null; startAt: string }) {
  const day = dateOf(line.startAt);
  const on = (index: '[masterId+startAt]' | '[cabinetId+startAt]', id: string | null) =>
    id ? tx.table('appointments').where(index).between([id, `${day} 00:00`], [id, `${day} 23:59`], true, true).toArray() : Promise.resolve([]);
  const [byMaster, byCabinet] = await Promise.all([on('[masterId+startAt]', line.masterId), on('[cabinetId+startAt]', line.cabinetId)]);
  return [...byMaster, ...byCabinet].filter((a) => a.salonId === salonId);
}

/**
 * The line's hours, past day and overlaps among `others` (othersOnDay, plus lines of the same booking).
 * `retimed` false (an edit keeping start and duration): hours and past days do not bind, as on the server.
 */
function assertBookable(ctx: CommandContext, line: { id: string; masterId: string | null; cabinetId: string | null; startAt: string; duration: number }, others: AppointmentRow[], retimed = true) {
  const canBookPast = ctx.isOwner || ctx.role === 'SYSADMIN' || !retimed;
  const broken = checkBooking(line, { schedule: retimed ? (ctx.settings?.schedule ?? null) : null, today: ctx.today, canBookPast, others });
  if (broken) refuse(broken);
}

/** Whether every row the line names is there and this salon's. */
async function allInSalon(tx: CommandTx, ctx: CommandContext, refs: { master?: string | null; cabinet?: string | null; client?: string | null; service?: string }): Promise<boolean> {
  const checks: Array<[Parameters<CommandTx['get']>[0], string | null | undefined]> = [
    ['masters', refs.master], ['cabinets', refs.cabinet], ['clients', refs.client], ['services', refs.service],
  ];
  const rows = await Promise.all(checks.map(([entity, id]) => (id ? (tx.get(entity, id) as Promise<{ salonId: string } | undefined>) : null)));
  return !rows.some((row, i) => checks[i]?.[1] && (!row || row.salonId !== ctx.salonId));
}

function rowsOf(args: WithContext<CreateAppointmentsInput>): AppointmentRow[] {
  const input = parseOrRefuse(createAppointmentsSchema, args.input);
  const groupId = groupIdOf(input.group, input.appointments.map((line) => line.id));
  return input.appointments.map((line) => ({
    id: line.id,
    salonId: input.salon,
    masterId: line.master,
    cabinetId: line.cabinet,
    clientId: line.client,
    serviceId: line.service,
    authorId: args.ctx.userId,
    authorRole: args.ctx.role === 'MASTER' ? 'MASTER' : 'ADMIN',
    startAt: line.startAt,
    endAt: addMinutes(line.startAt, line.duration),
    duration: line.duration,
    notes: line.notes,
    groupId,
    archived: false,
    membershipId: null,
    createdAt: args.ctx.now,
  }));
}

export const createAppointments = defineCommand<WithContext<CreateAppointmentsInput>>({
  name: 'appointment.create',
  async validate(tx, args) {
    const rows = rowsOf(args);
    if (args.input.salon !== args.ctx.salonId) refuse(refusal('forbidden'));
    // Every read in one round trip of the transaction (a booking's card waits for it), then the checks in order.
    const reads = await Promise.all(
      rows.map(async (row) => {
        const [inSalon, existing, others] = await Promise.all([
          allInSalon(tx, args.ctx, { master: row.masterId, cabinet: row.cabinetId, client: row.clientId, service: row.serviceId }),
          tx.get('appointments', row.id),
          othersOnDay(tx, args.ctx.salonId, row),
        ]);
        return { row, inSalon, existing, others };
      }),
    );
    const accepted: AppointmentRow[] = [];
    for (const { row, inSalon, existing, others } of reads) {
      if (!inSalon) notExists();
      if (existing) refuse(refusal('appointmentExists'));
      assertBookable(args.ctx, row, [...others, ...accepted]);
      accepted.push(row);
    }
  },
  async apply(tx, args) {
    for (const row of rowsOf(args)) await tx.put('appointments', row);
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
function defineUpdate(name: 'appointment.update' | 'appointment.move') {
  return defineCommand<WithContext<UpdateAppointmentInput>>({
    name,
    async validate(tx, args) {
      const input = parseUpdate(args.input);
      const line = { id: input.appointmentId, masterId: input.master, cabinetId: input.cabinet, startAt: input.startAt, duration: input.duration };
      // Every read in one round trip of the transaction (a drop's card waits for it), then the checks in order.
      const [current, paid, inSalon, others] = await Promise.all([
        tx.get('appointments', input.appointmentId),
        paidInvoiceOf(tx, input.appointmentId),
        allInSalon(tx, args.ctx, { master: input.master, cabinet: input.cabinet, client: input.client, service: input.service }),
        othersOnDay(tx, args.ctx.salonId, line),
      ]);
      if (!current || current.salonId !== args.ctx.salonId) return notExists();
      // Paid locks it, a group keeps its date (src/domain/rules/appointment-move.ts).
      const broken = moveRefusal(current, { masterId: input.master, cabinetId: input.cabinet, startAt: input.startAt }, { paid });
      if (broken) refuse(broken);
      if (!inSalon) notExists();
      const retimed = input.startAt !== current.startAt || input.duration !== current.duration;
      assertBookable(args.ctx, line, others, retimed);
    },
    async apply(tx, args) {
      const input = parseUpdate(args.input);
      const current = await tx.get('appointments', input.appointmentId);
      if (current) await tx.put('appointments', updatedRow(current, input));
    },
  });
}
export const updateAppointment = defineUpdate('appointment.update');
export const moveAppointment = defineUpdate('appointment.move');

export const deleteAppointment = defineCommand<WithContext<DeleteAppointmentInput>>({
  name: 'appointment.delete',
  async validate(tx, args) {
    const { appointmentId } = parseOrRefuse(deleteAppointmentSchema, args.input);
    const current = await tx.get('appointments', appointmentId);
    if (!current || current.salonId !== args.ctx.salonId) return notExists();
    if ((await paidInvoiceOf(tx, appointmentId)) && !(args.ctx.isOwner || args.ctx.role === 'SYSADMIN')) {
      refuse(refusal('removePaidForbidden'));
    }
  },
  async apply(tx, args) {
    const current = await tx.get('appointments', args.input.appointmentId);
    if (!current) return;
    await tx.delete('appointments', current.id);
    // The last one left of a group loses its group (part 1 §4).
    if (current.groupId) {
      const rest = await tx.table('appointments').where('groupId').equals(current.groupId).toArray();
      if (rest.length === 1 && rest[0]) await tx.put('appointments', { ...rest[0], groupId: null });
    }
  },
});

export const archiveAppointment = defineCommand<WithContext<ArchiveAppointmentInput>>({
  name: 'appointment.archive',
  async validate(tx, args) {
    const input = parseOrRefuse(archiveAppointmentSchema, args.input);
    const current = await tx.get('appointments', input.appointmentId);
    if (!current || current.salonId !== args.ctx.salonId) return notExists();
    const mayArchivePaid = args.ctx.role !== 'MASTER' && (Boolean(args.ctx.settings?.enableArchive) || args.ctx.isOwner || args.ctx.role === 'SYSADMIN');
    if ((await paidInvoiceOf(tx, current.id)) && !mayArchivePaid) refuse(refusal('forbidden'));
  },
  async apply(tx, args) {
    const current = await tx.get('appointments', args.input.appointmentId);
    if (current) await tx.put('appointments', { ...current, archived: args.input.archived });
  },
});
