import { checkCloseCashUp } from '../../domain/commands/cash-ups';
import { closeCashUpSchema } from '../../domain/schemas/cash-up';
import type { CommandTx } from './command-tx';
import { defineCommand, type CommandContext } from './registry';
import { actorOf, check } from './shared-check';
import { parseOrRefuse } from './validate';

/**
 * Closing the till (issue 59 item 3), offline like every command: the cash-up is in the mirror at once with what
 * the device counted as the day's cash; the server counts it afresh and its row comes back with the pull.
 */
const closedOn = async (tx: CommandTx, ctx: CommandContext, date: string) =>
  (await tx.table('cashUps').where('[salonId+date]').equals([ctx.salonId, date]).count()) > 0;

export const closeCashUp = defineCommand({
  name: 'cashUp.close',
  async validate(tx, args) {
    const input = parseOrRefuse(closeCashUpSchema, args.input);
    const [taken, closed] = await Promise.all([tx.get('cashUps', input.id), closedOn(tx, args.ctx, input.date)]);
    check(checkCloseCashUp(input, actorOf(args.ctx), { idTaken: Boolean(taken), closed, today: args.ctx.today }));
  },
  async apply(tx, args) {
    const input = parseOrRefuse(closeCashUpSchema, args.input);
    await tx.put('cashUps', {
      id: input.id,
      salonId: input.salon,
      date: input.date,
      expectedCash: input.expectedCash,
      countedCash: input.countedCash,
      note: input.note,
      closedBy: args.ctx.userId,
      closedAt: args.ctx.now,
    });
  },
});
