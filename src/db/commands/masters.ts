import { refuse } from '../../domain/command-refusal';
import { refusal } from '../../domain/refusals';
import {
  createMasterSchema, deleteMasterSchema, updateMasterSchema,
  type CreateMasterInput, type DeleteMasterInput, type UpdateMasterInput,
} from '../../domain/schemas/master';
import type { WithContext } from './appointments';
import type { CommandTx } from './command-tx';
import { defineCommand, type CommandContext } from './registry';
import { parseOrRefuse } from './validate';
import { isAdministrator } from '../../domain/roles';

/**
 * Master commands (Staff, part 2 §2, §5, §8). Refused later by the server (a phone taken on another
 * device, say), the change is undone by the re-base and the master form reopens from the conflicts list.
 */
const notExists = () => refuse(refusal('masterNotExists'));
const forbidden = () => refuse(refusal('forbidden'));

function assertWriter(ctx: CommandContext, salonId?: string) {
  if (!isAdministrator(ctx) || (salonId !== undefined && salonId !== ctx.salonId)) forbidden();
}

async function assertGroups(tx: CommandTx, ctx: CommandContext, ids: string[]) {
  for (const id of ids) {
    const group = await tx.get('serviceGroups', id);
    if (!group || group.salonId !== ctx.salonId) {
      refuse(refusal('masterUnknownServiceGroup'));
    }
  }
}

/** No other master of the salon has the same phone or e-mail (part 2 §8). */
async function assertUnique(tx: CommandTx, ctx: CommandContext, phone: string | null, email: string | null, selfId: string) {
  if (!phone && !email) return;
  const others = await tx.table('masters').where('salonId').equals(ctx.salonId).filter((m) => m.id !== selfId).toArray();
  if (phone && others.some((m) => m.phone === phone)) refuse(refusal('masterPhoneTaken'));
  if (email && others.some((m) => (m.email ?? '').toLowerCase() === email)) refuse(refusal('masterEmailTaken'));
}

export const createMaster = defineCommand<WithContext<CreateMasterInput>>({
  name: 'master.create',
  async validate(tx, args) {
    const input = parseOrRefuse(createMasterSchema, args.input);
    assertWriter(args.ctx, input.salon);
    if (await tx.get('masters', input.id)) refuse(refusal('idTaken'));
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
