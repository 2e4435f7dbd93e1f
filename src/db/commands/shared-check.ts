import { refuse } from '../../domain/command-refusal';
import type { Actor } from '../../domain/commands/appointments';
import type { ServerErrorShape } from '../../domain/errors';
import type { CommandContext } from './registry';

/** The actor and the salon of a command's context, as the shared checks (src/domain/commands) take them. */
export const actorOf = (ctx: CommandContext): Actor => ({ role: ctx.role, isOwner: ctx.isOwner, salonId: ctx.salonId });

/** Refuses with a shared check's refusal, if any: the local command stops before it writes. */
export const check = (broken: ServerErrorShape | null) => {
  if (broken) refuse(broken);
};
