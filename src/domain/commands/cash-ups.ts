import type { ServerErrorShape } from '../errors';
import type { Actor } from './appointments';
import type { CommandValues } from './inputs';
import { setupWriter, when } from './setup';

/**
 * closeCashUp (issue 59 item 3): an administrator (or the sysadmin) of the session's salon, a new id, a day that has
 * begun (today or before, the salon's date), and one cash-up a day. Run by the local command on the mirror
 * (src/db/commands/cash-ups.ts) and by the server in its transaction (server/modules/cash-ups).
 */
export function checkCloseCashUp(
  input: CommandValues<'cashUp.close'>,
  actor: Actor,
  reads: { idTaken: boolean; closed: boolean; today: string },
): ServerErrorShape | null {
  return (
    setupWriter(actor, input.salon) ??
    when(reads.idTaken, 'idTaken') ??
    when(input.date > reads.today, 'cashUpFuture') ??
    when(reads.closed, 'cashUpClosed')
  );
}
