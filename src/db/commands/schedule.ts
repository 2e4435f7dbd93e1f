import {
  checkAddWorkingTime,
  checkDeleteWorkingTime,
  checkGenerateSchedule,
  checkUpdateWorkingTime,
  daysOfUpdate,
} from '../../domain/commands/schedule';
import { dateOf } from '../../domain/rules/time';
import { generatedWorkingTimeId, plannedWorkingTimes, type WorkingTimeSpan } from '../../domain/rules/working-time';
import { addDays } from '../../domain/rules/time';
import {
  addWorkingTimeSchema,
  deleteWorkingTimeSchema,
  generateScheduleSchema,
  updateWorkingTimeSchema,
} from '../../domain/schemas/working-time';
import type { WorkingTimeRow } from '../../domain/entities';
import type { CommandTx } from './command-tx';
import { defineCommand, type CommandContext } from './registry';
import { actorOf, check } from './shared-check';
import { parseOrRefuse } from './validate';

/**
 * Working-time commands (part 2 §4, §5). Their rules are the shared checks of src/domain/commands/schedule.ts,
 * which the server runs too; here they read the mirror. Refused later (an appointment booked that day on
 * another device, say), the change is undone by the re-base and the working-time dialog reopens from the
 * conflicts list with the spec's message.
 */

/** Working times of the salon from `from` to `to` (wall times, by start). */
function timesBetween(tx: CommandTx, salonId: string, from: string, to: string) {
  return tx.table('workingTimes').where('[salonId+startAt]').between([salonId, from], [salonId, to], true, false).toArray();
}

/** The salon's working times starting on the day of `startAt`: what a span there may overlap. */
async function dayTimes(tx: CommandTx, salonId: string, startAt: string): Promise<WorkingTimeRow[]> {
  const day = dateOf(startAt);
  return timesBetween(tx, salonId, `${day} 00:00`, `${addDays(day, 1)} 00:00`);
}

/** The days among `days` on which the master has an appointment in the mirror that is not archived. */
async function daysWithAppointments(tx: CommandTx, ctx: CommandContext, masterId: string, days: readonly string[]): Promise<string[]> {
  const busy = await Promise.all(
    days.map(async (day) => {
      const rows = await tx
        .table('appointments')
        .where('[salonId+startAt]')
        .between([ctx.salonId, `${day} 00:00`], [ctx.salonId, `${addDays(day, 1)} 00:00`], true, false)
        .toArray();
      return rows.some((a) => a.masterId === masterId && !a.archived);
    }),
  );
  return days.filter((_, i) => busy[i]);
}

/** A working time of the session's salon in the mirror, or null. */
async function workingTimeOf(tx: CommandTx, ctx: CommandContext, id: string): Promise<WorkingTimeSpan | null> {
  const row = await tx.get('workingTimes', id);
  return row && row.salonId === ctx.salonId ? row : null;
}

/** Whether the master is a row of this salon in the mirror. */
async function masterExists(tx: CommandTx, ctx: CommandContext, id: string): Promise<boolean> {
  const master = await tx.get('masters', id);
  return Boolean(master && master.salonId === ctx.salonId);
}

export const addWorkingTime = defineCommand({
  name: 'workingTime.add',
  async validate(tx, args) {
    const input = parseOrRefuse(addWorkingTimeSchema, args.input);
    const [taken, master, others] = await Promise.all([
      tx.get('workingTimes', input.id),
      masterExists(tx, args.ctx, input.master),
      dayTimes(tx, args.ctx.salonId, input.startAt),
    ]);
    check(
      checkAddWorkingTime(input, actorOf(args.ctx), {
        schedule: args.ctx.settings?.schedule ?? null,
        idTaken: Boolean(taken),
        masterExists: master,
        others,
      }),
    );
  },
  async apply(tx, args) {
    const input = parseOrRefuse(addWorkingTimeSchema, args.input);
    await tx.put('workingTimes', {
      id: input.id,
      salonId: input.salon,
      masterId: input.master,
      cabinetId: null,
      startAt: input.startAt,
      endAt: input.endAt,
    });
  },
});

export const updateWorkingTime = defineCommand({
  name: 'workingTime.update',
  async validate(tx, args) {
    const input = parseOrRefuse(updateWorkingTimeSchema, args.input);
    const current = await workingTimeOf(tx, args.ctx, input.workingTimeId);
    const [days, others] = current?.masterId
      ? await Promise.all([
          daysWithAppointments(tx, args.ctx, current.masterId, daysOfUpdate(current, input.startAt)),
          dayTimes(tx, args.ctx.salonId, input.startAt),
        ])
      : [[], []];
    check(
      checkUpdateWorkingTime(input, actorOf(args.ctx), {
        schedule: args.ctx.settings?.schedule ?? null,
        current,
        daysWithAppointments: days,
        others,
      }),
    );
  },
  async apply(tx, args) {
    const input = parseOrRefuse(updateWorkingTimeSchema, args.input);
    const current = await tx.get('workingTimes', input.workingTimeId);
    if (!current) return;
    await tx.put('workingTimes', { ...current, startAt: input.startAt, endAt: input.endAt });
  },
});

export const deleteWorkingTime = defineCommand({
  name: 'workingTime.delete',
  async validate(tx, args) {
    const input = parseOrRefuse(deleteWorkingTimeSchema, args.input);
    const current = await workingTimeOf(tx, args.ctx, input.workingTimeId);
    const days = current?.masterId ? await daysWithAppointments(tx, args.ctx, current.masterId, [dateOf(current.startAt)]) : [];
    check(checkDeleteWorkingTime(actorOf(args.ctx), { current, daysWithAppointments: days }));
  },
  async apply(tx, args) {
    await tx.delete('workingTimes', args.input.workingTimeId);
  },
});

async function planned(tx: CommandTx, ctx: CommandContext, input: ReturnType<typeof parseGenerate>) {
  const masters = await tx.table('masters').where('salonId').equals(ctx.salonId).toArray();
  const masterIds = input.masterId ? [input.masterId] : masters.map((m) => m.id);
  const pattern = await timesBetween(tx, ctx.salonId, `${input.firstRangeFrom} 00:00`, `${addDays(input.firstRangeTo, 1)} 00:00`);
  const target = await timesBetween(
    tx,
    ctx.salonId,
    `${addDays(input.secondRangeFrom, -1)} 00:00`,
    `${addDays(input.secondRangeTo, 1)} 00:00`,
  );
  return plannedWorkingTimes(input, masterIds, [...pattern, ...target]);
}

const parseGenerate = (input: unknown) => parseOrRefuse(generateScheduleSchema, input);

export const generateSchedule = defineCommand({
  name: 'schedule.generate',
  async validate(tx, args) {
    const input = parseGenerate(args.input);
    const master = input.masterId ? await masterExists(tx, args.ctx, input.masterId) : false;
    check(checkGenerateSchedule(input, actorOf(args.ctx), { masterExists: master }));
  },
  async apply(tx, args) {
    const input = parseGenerate(args.input);
    const rows = await planned(tx, args.ctx, input);
    for (const row of rows) {
      await tx.put('workingTimes', {
        id: generatedWorkingTimeId(input.seed, row),
        salonId: args.ctx.salonId,
        masterId: row.masterId,
        cabinetId: null,
        startAt: row.startAt,
        endAt: row.endAt,
      });
    }
  },
});
