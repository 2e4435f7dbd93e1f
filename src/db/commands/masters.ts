import { refuse } from '../../domain/command-refusal';
import { canEditSalonSetup } from '../../domain/rules/permissions';
import {
  createMasterSchema, deleteMasterSchema, updateMasterSchema,
  type CreateMasterInput, type DeleteMasterInput, type UpdateMasterInput,
} from '../../domain/schemas/master';
import type { WithContext } from './appointments';
import type { CommandTx } from './command-tx';
import { defineCommand, type CommandContext } from './registry';
import { parseOrRefuse } from './validate';

/**
 * Master commands (Staff, part 2 §2, §5, §8). Refused later by the server (a phone taken on another
 * device, say), the change is undone by the re-base and the master form reopens from the conflicts list.
 */
const notExists = () => refuse({ code: 'NotExists', reason: 'ID_DOES_NOT_EXISTS', field: null, messageId: 'master.notExists' });
const forbidden = () => refuse({ code: 'Forbidden', reason: 'FORBIDDEN', field: null, messageId: 'error.forbidden' });

function assertWriter(ctx: CommandContext, salonId?: string) {
  if (!canEditSalonSetup(ctx) || (salonId !== undefined && salonId !== ctx.salonId)) forbidden();
}

async function assertGroups(tx: CommandTx, ctx: CommandContext, ids: string[]) {
  for (const id of ids) {
    const group = await tx.get('serviceGroups', id);
    if (!group || group.salonId !== ctx.salonId) {
      refuse({ code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field: 'serviceGroups', messageId: 'master.selectServiceGroups' });
    }
  }
}

/** No other master of the salon has the same phone or e-mail (part 2 §8). */
async function assertUnique(tx: CommandTx, ctx: CommandContext, phone: string | null, email: string | null, selfId: string) {
  if (!phone && !email) return;
  const others = await tx.table('masters').where('salonId').equals(ctx.salonId).filter((m) => m.id !== selfId).toArray();
  if (phone && others.some((m) => m.phone === phone)) refuse({ code: 'AlreadyExists', reason: 'PHONE_ALREADY_EXISTS', field: 'phone', messageId: 'master.phoneExists' });
  if (email && others.some((m) => (m.email ?? '').toLowerCase() === email)) refuse({ code: 'AlreadyExists', reason: 'EMAIL_ALREADY_EXISTS', field: 'email', messageId: 'master.emailExists' });
}

export const createMaster = defineCommand<WithContext<CreateMasterInput>>({
  name: 'master.create',
  async validate(tx, args) {
    const input = parseOrRefuse(createMasterSchema, args.input);
    assertWriter(args.ctx, input.salon);
    if (await tx.get('masters', input.id)) refuse({ code: 'AlreadyExists', reason: 'ID_ALREADY_EXISTS', field: null, messageId: 'error.default' });
    await assertGroups(tx, args.ctx, input.serviceGroups);
    await assertUnique(tx, args.ctx, input.phone, input.email, input.id);
  },
  async apply(tx, args) {
    const input = parseOrRefuse(createMasterSchema, args.input);
    await tx.put('masters', {
      id: input.id, salonId: input.salon, userId: input.userId, firstName: input.firstName, lastName: input.lastName, phone: input.phone, email: input.email,
      gender: input.gender, status: input.userId ? 'ACTIVE' : input.status, type: input.userId ? 'GLOBAL' : 'LOCAL', serviceGroupIds: input.serviceGroups,
    });
  },
});

export const updateMaster = defineCommand<WithContext<UpdateMasterInput>>({
  name: 'master.update',
  async validate(tx, args) {
    const input = parseOrRefuse(updateMasterSchema, args.input);
    assertWriter(args.ctx, input.salonId);
    const current = await tx.get('masters', input.masterId);
    if (!current || current.salonId !== args.ctx.salonId) return notExists();
    await assertGroups(tx, args.ctx, input.serviceGroups);
    if (current.type !== 'GLOBAL') await assertUnique(tx, args.ctx, input.phone, input.email, input.masterId);
  },
  async apply(tx, args) {
    const input = parseOrRefuse(updateMasterSchema, args.input);
    const current = await tx.get('masters', input.masterId);
    if (!current) return;
    // A GLOBAL master keeps the account's identity; only services and status change (part 2 §4).
    const identity = current.type === 'GLOBAL'
      ? { gender: current.gender ?? input.gender }
      : { firstName: input.firstName, lastName: input.lastName, phone: input.phone, email: input.email, gender: input.gender };
    await tx.put('masters', { ...current, ...identity, status: input.status, serviceGroupIds: input.serviceGroups });
  },
});

/** Deleting takes the row off the list at once; a refusal is listed, not shown (part 2 §7 'no message on failure'). */
export const deleteMaster = defineCommand<WithContext<DeleteMasterInput>>({
  name: 'master.delete',
  async validate(tx, args) {
    const input = parseOrRefuse(deleteMasterSchema, args.input);
    assertWriter(args.ctx, input.salonId);
    const current = await tx.get('masters', input.masterId);
    if (!current || current.salonId !== args.ctx.salonId) notExists();
  },
  async apply(tx, args) {
    await tx.delete('masters', args.input.masterId);
  },
});
