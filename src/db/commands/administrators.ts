import { checkDeleteAdministrator, checkUpdateAdministrator, type OwnerActor, type OwnerRead } from '../../domain/commands/administrators';
import { deleteAdministratorSchema, updateAdministratorSchema } from '../../domain/schemas/administrator';
import type { AdministratorRow } from '../../domain/entities';
import type { CommandTx } from './command-tx';
import { defineCommand, type CommandContext } from './registry';
import { check } from './shared-check';
import { parseOrRefuse } from './validate';

/**
 * Administrator commands (part 2 §2, §6, §7; docs/decisions/022). Their rules are the shared checks of
 * src/domain/commands/administrators.ts, which the server runs too; here they read the mirror. Adding is not a
 * command: it carries a password, which must never wait in the outbox. When the server refuses one of these
 * later (the account works in another salon too, the viewer is no longer the owner), the mirror row returns to
 * the server's and the edit form reopens from the conflicts list; a refused delete brings the row back.
 */
const actorOf = (ctx: CommandContext): OwnerActor => ({ role: ctx.role, isOwner: ctx.isOwner, salonId: ctx.salonId, userId: ctx.userId });

/**
 * The salon's owner as the mirror has it; before the first pull brought the salon's row, the session's word
 * (its isOwner) stands alone.
 */
async function ownerOf(tx: CommandTx, ctx: CommandContext): Promise<OwnerRead> {
  const salon = await tx.get('salons', ctx.salonId);
  return { ownerId: salon?.administratorId ?? ctx.userId };
}

/** An administrator of the session's salon in the mirror, or null. */
async function administratorOf(tx: CommandTx, ctx: CommandContext, id: string): Promise<AdministratorRow | null> {
  const row = await tx.get('administrators', id);
  return row && row.salonId === ctx.salonId ? row : null;
}

export const updateAdministrator = defineCommand({
  name: 'administrator.update',
  async validate(tx, args) {
    const input = parseOrRefuse(updateAdministratorSchema, args.input);
    const [owner, current] = await Promise.all([ownerOf(tx, args.ctx), administratorOf(tx, args.ctx, input.administratorId)]);
    // Whether the account works elsewhere too only the server knows: the mirror holds this salon alone.
    check(checkUpdateAdministrator(input, actorOf(args.ctx), { ...owner, current, usedElsewhere: false }));
  },
  async apply(tx, args) {
    const input = parseOrRefuse(updateAdministratorSchema, args.input);
    const current = await tx.get('administrators', input.administratorId);
    if (!current) return;
    await tx.put('administrators', { ...current, firstName: input.firstName, lastName: input.lastName, phone: input.phone });
  },
});

export const deleteAdministrator = defineCommand({
  name: 'administrator.delete',
  async validate(tx, args) {
    const input = parseOrRefuse(deleteAdministratorSchema, args.input);
    const [owner, current] = await Promise.all([ownerOf(tx, args.ctx), administratorOf(tx, args.ctx, input.administratorId)]);
    check(checkDeleteAdministrator(input, actorOf(args.ctx), { ...owner, current }));
  },
  async apply(tx, args) {
    await tx.delete('administrators', args.input.administratorId);
  },
});
