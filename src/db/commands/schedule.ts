import { refuse } from '../../domain/command-refusal';
import { refusal } from '../../domain/refusals';
import { dateOf } from '../../domain/rules/time';
import {
  addDays, cannotChangeWithAppointments, cannotDeleteWithAppointments, checkGenerateRanges, checkWorkingTime, generatedWorkingTimeId, plannedWorkingTimes,
} from '../../domain/rules/working-time';
import {
  addWorkingTimeSchema, deleteWorkingTimeSchema, generateScheduleSchema, updateWorkingTimeSchema,
  type AddWorkingTimeInput, type DeleteWorkingTimeInput, type GenerateScheduleInput, type UpdateWorkingTimeInput,
} from '../../domain/schemas/working-time';
import type { WorkingTimeRow } from '../../domain/sync/entities';
import type { WithContext } from './appointments';
import type { CommandTx } from './command-tx';
import { defineCommand, type CommandContext } from './registry';
import { parseOrRefuse } from './validate';
import { isAdministrator } from '../../domain/roles';

/**
 * Working-time commands (part 2 §4, §5). Checked against the mirror with the same rules the server uses;
 * refused later (an appointment booked that day on another device, say), the change is undone by the
 * re-base and the working-time dialog reopens from the conflicts list with the spec's message.
 */
const forbidden = () => refuse(refusal('forbidden'));
const notExists = () => refuse(refusal('workingTimeNotExists'));
const masterNotExists = () => refuse(refusal('scheduleMasterNotExists'));

function assertWriter(ctx: CommandContext, salonId?: string) {
  if (!isAdministrator(ctx) || (salonId !== undefined && salonId !== ctx.salonId)) forbidden();
}

/** Working times of the salon from `from` to `to` (wall times, by start). */
function timesBetween(tx: CommandTx, salonId: string, from: string, to: string) {
  return tx.table('workingTimes').where('[salonId+startAt]').between([salonId, from], [salonId, to], true, false).toArray();
}

async function dayTimes(tx: CommandTx, salonId: string, day: string): Promise<WorkingTimeRow[]> {
  return timesBetween(tx, salonId, `${day} 00:00`, `${addDays(day, 1)} 00:00`);
}

async function hasAppointments(tx: CommandTx, ctx: CommandContext, masterId: string, day: string): Promise<boolean> {
  const rows = await tx.table('appointments').where('[salonId+startAt]').between([ctx.salonId, `${day} 00:00`], [ctx.salonId, `${addDays(day, 1)} 00:00`], true, false).toArray();
  return rows.some((a) => a.masterId === masterId && !a.archived);
}

async function assertRules(tx: CommandTx, ctx: CommandContext, candidate: { id: string; masterId: string; startAt: string; endAt: string }) {
  const others = await dayTimes(tx, ctx.salonId, dateOf(candidate.startAt));
  const broken = checkWorkingTime(candidate, ctx.settings?.schedule ?? null, others);
  if (broken) refuse(broken);
}

export const addWorkingTime = defineCommand<WithContext<AddWorkingTimeInput>>({
  name: 'workingTime.add',
  async validate(tx, args) {
    const input = parseOrRefuse(addWorkingTimeSchema, args.input);
    assertWriter(args.ctx, input.salon);
    if (await tx.get('workingTimes', input.id)) refuse(refusal('idTaken'));
    const master = await tx.get('masters', input.master);
    if (!master || master.salonId !== args.ctx.salonId) masterNotExists();
    await assertRules(tx, args.ctx, { id: input.id, masterId: input.master, startAt: input.startAt, endAt: input.endAt });
  },
  async apply(tx, args) {
    const input = parseOrRefuse(addWorkingTimeSchema, args.input);
    await tx.put('workingTimes', { id: input.id, salonId: input.salon, masterId: input.master, cabinetId: null, startAt: input.startAt, endAt: input.endAt });
  },
});

export const updateWorkingTime = defineCommand<WithContext<UpdateWorkingTimeInput>>({
  name: 'workingTime.update',
  async validate(tx, args) {
    const input = parseOrRefuse(updateWorkingTimeSchema, args.input);
    assertWriter(args.ctx);
    const current = await tx.get('workingTimes', input.workingTimeId);
    if (!current || current.salonId !== args.ctx.salonId || !current.masterId) return notExists();
    for (const day of new Set([dateOf(current.startAt), dateOf(input.startAt)])) {
      if (await hasAppointments(tx, args.ctx, current.masterId, day)) refuse(cannotChangeWithAppointments());
    }
    await assertRules(tx, args.ctx, { id: current.id, masterId: current.masterId, startAt: input.startAt, endAt: input.endAt });
  },
  async apply(tx, args) {
    const input = parseOrRefuse(updateWorkingTimeSchema, args.input);
    const current = await tx.get('workingTimes', input.workingTimeId);
    if (!current) return;
    await tx.put('workingTimes', { ...current, startAt: input.startAt, endAt: input.endAt });
  },
});

export const deleteWorkingTime = defineCommand<WithContext<DeleteWorkingTimeInput>>({
  name: 'workingTime.delete',
  async validate(tx, args) {
    const input = parseOrRefuse(deleteWorkingTimeSchema, args.input);
    assertWriter(args.ctx);
    const current = await tx.get('workingTimes', input.workingTimeId);
    if (!current || current.salonId !== args.ctx.salonId || !current.masterId) return notExists();
    if (await hasAppointments(tx, args.ctx, current.masterId, dateOf(current.startAt))) refuse(cannotDeleteWithAppointments());
  },
  async apply(tx, args) {
    await tx.delete('workingTimes', args.input.workingTimeId);
  },
});

async function planned(tx: CommandTx, ctx: CommandContext, input: ReturnType<typeof parseGenerate>) {
  const masters = await tx.table('masters').where('salonId').equals(ctx.salonId).toArray();
  const masterIds = input.masterId ? [input.masterId] : masters.map((m) => m.id);
  const pattern = await timesBetween(tx, ctx.salonId, `${input.firstRangeFrom} 00:00`, `${addDays(input.firstRangeTo, 1)} 00:00`);
  const target = await timesBetween(tx, ctx.salonId, `${addDays(input.secondRangeFrom, -1)} 00:00`, `${addDays(input.secondRangeTo, 1)} 00:00`);
  return plannedWorkingTimes(input, masterIds, [...pattern, ...target]);
}

const parseGenerate = (input: unknown) => parseOrRefuse(generateScheduleSchema, input);

export const generateSchedule = defineCommand<WithContext<GenerateScheduleInput>>({
  name: 'schedule.generate',
  async validate(tx, args) {
    const input = parseGenerate(args.input);
    assertWriter(args.ctx, input.salonId);
    const broken = checkGenerateRanges(input);
    if (broken) refuse(broken);
    if (input.masterId) {
      const master = await tx.get('masters', input.masterId);
      if (!master || master.salonId !== args.ctx.salonId) masterNotExists();
    }
  },
  async apply(tx, args) {
    const input = parseGenerate(args.input);
    const rows = await planned(tx, args.ctx, input);
    for (const row of rows) {
      await tx.put('workingTimes', { id: generatedWorkingTimeId(input.seed, row), salonId: args.ctx.salonId, masterId: row.masterId, cabinetId: null, startAt: row.startAt, endAt: row.endAt });
    }
  },
});
