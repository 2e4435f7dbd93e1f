import { refuse } from '../../domain/command-refusal';
import { refusal } from '../../domain/refusals';
import { canManageAdministrators } from '../../domain/rules/administrators';
import {
  deleteAdministratorSchema, updateAdministratorSchema, type DeleteAdministratorInput, type UpdateAdministratorInput,
} from '../../domain/schemas/administrator';
import type { WithContext } from './appointments';
import type { CommandTx } from './command-tx';
import { defineCommand, type CommandContext } from './registry';
import { parseOrRefuse } from './validate';

/**
 * Administrator commands (part 2 §2, §6, §7; docs/decisions/022), the same checks as
 * server/modules/administrators/service.ts. Adding is not a command: it carries a password, which must never
 * wait in the outbox. When the server refuses one of these later (the account works in another salon too, the
 * viewer is no longer the owner), the mirror row returns to the server's and the edit form reopens from the
 * conflicts list; a refused delete brings the row back.
 */
const notExists = () => refuse(refusal('administratorNotExists'));

function assertOwner(ctx: CommandContext, salonId: string) {
  if (!canManageAdministrators(ctx) || salonId !== ctx.salonId) refuse(refusal('forbidden'));
}

async function findAdministrator(tx: CommandTx, ctx: CommandContext, id: string) {
  const row = await tx.get('administrators', id);
  if (!row || row.salonId !== ctx.salonId) return notExists();
  return row;
}

export const updateAdministrator = defineCommand<WithContext<UpdateAdministratorInput>>({
  name: 'administrator.update',
  async validate(tx, args) {
    const input = parseOrRefuse(updateAdministratorSchema, args.input);
    assertOwner(args.ctx, input.salonId);
    await findAdministrator(tx, args.ctx, input.administratorId);
  },
  async apply(tx, args) {
    const input = parseOrRefuse(updateAdministratorSchema, args.input);
    const current = await tx.get('administrators', input.administratorId);
    if (!current) return;
    await tx.put('administrators', { ...current, firstName: input.firstName, lastName: input.lastName, phone: input.phone });
  },
});

export const deleteAdministrator = defineCommand<WithContext<DeleteAdministratorInput>>({
  name: 'administrator.delete',
  async validate(tx, args) {
    const input = parseOrRefuse(deleteAdministratorSchema, args.input);
    assertOwner(args.ctx, input.salonId);
    const row = await findAdministrator(tx, args.ctx, input.administratorId);
    const salon = await tx.get('salons', args.ctx.salonId);
    if (row.userId === (salon?.administratorId ?? args.ctx.userId)) {
      refuse(refusal('ownerLocked'));
    }
  },
  async apply(tx, args) {
    await tx.delete('administrators', args.input.administratorId);
  },
});
