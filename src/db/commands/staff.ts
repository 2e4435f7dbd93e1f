import { commissionsOf } from '../../domain/rules/commissions';
import { checkCreateMaster, checkDeleteMaster, checkUpdateMaster, type MasterReads } from '../../domain/commands/staff';
import { createMasterSchema, deleteMasterSchema, updateMasterSchema } from '../../domain/schemas/master';
import { actorOf, check } from './shared-check';
import type { CommandTx } from './command-tx';
import { defineCommand, type CommandContext } from './registry';
import { knownIds, liveRow } from './setup-reads';
import { parseOrRefuse } from './validate';

/**
 * Master commands (Staff, part 2 §2, §5, §8). The rules are the shared checks (src/domain/commands/staff.ts),
 * read here from the mirror. Refused later by the server (a phone taken on another device, say), the change is
 * undone by the re-base and the master form reopens from the conflicts list.
 */
async function masterReads(tx: CommandTx, ctx: CommandContext, serviceGroups: string[]): Promise<MasterReads> {
  const [knownGroups, masters] = await Promise.all([
    knownIds(tx, ctx, 'serviceGroups', serviceGroups),
    tx.table('masters').where('salonId').equals(ctx.salonId).toArray(),
  ]);
  return { knownGroups, masters };
}

export const createMaster = defineCommand({
  name: 'master.create',
  async validate(tx, args) {
    const input = parseOrRefuse(createMasterSchema, args.input);
    const [taken, reads] = await Promise.all([tx.get('masters', input.id), masterReads(tx, args.ctx, input.serviceGroups)]);
    // Accounts are not in the mirror: the Staff lookup has just filled the form from the found one, so the
    // form's identity stands for it here; the server checks the account itself.
    const account = input.userId
      ? { firstName: input.firstName, lastName: input.lastName, phone: input.phone, email: input.email, gender: input.gender }
      : null;
    check(checkCreateMaster(input, actorOf(args.ctx), { ...reads, idTaken: Boolean(taken), account }));
  },
  async apply(tx, args) {
    const input = parseOrRefuse(createMasterSchema, args.input);
    await tx.put('masters', {
      id: input.id,
      salonId: input.salon,
      userId: input.userId,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      email: input.email,
      gender: input.gender,
      status: input.userId ? 'ACTIVE' : input.status,
      type: input.userId ? 'GLOBAL' : 'LOCAL',
      serviceGroupIds: input.serviceGroups,
      serviceCommission: input.serviceCommission ?? null,
      productCommission: input.productCommission ?? null,
      groupCommissions: input.groupCommissions ?? [],
    });
  },
});

export const updateMaster = defineCommand({
  name: 'master.update',
  async validate(tx, args) {
    const input = parseOrRefuse(updateMasterSchema, args.input);
    const [current, reads] = await Promise.all([
      liveRow(tx, args.ctx, 'masters', input.masterId),
      masterReads(tx, args.ctx, input.serviceGroups),
    ]);
    check(checkUpdateMaster(input, actorOf(args.ctx), { ...reads, current }));
  },
  async apply(tx, args) {
    const input = parseOrRefuse(updateMasterSchema, args.input);
    const current = await tx.get('masters', input.masterId);
    if (!current) return;
    // A GLOBAL master keeps the account's identity; only services and status change (part 2 §4).
    const identity =
      current.type === 'GLOBAL'
        ? { gender: current.gender ?? input.gender }
        : { firstName: input.firstName, lastName: input.lastName, phone: input.phone, email: input.email, gender: input.gender };
    await tx.put('masters', {
      ...current,
      ...identity,
      status: input.status,
      serviceGroupIds: input.serviceGroups,
      ...commissionsOf(input),
    });
  },
});

/** Deleting takes the row off the list at once; a refusal is listed, not shown (part 2 §7 'no message on failure'). */
export const deleteMaster = defineCommand({
  name: 'master.delete',
  async validate(tx, args) {
    const input = parseOrRefuse(deleteMasterSchema, args.input);
    check(checkDeleteMaster(input, actorOf(args.ctx), { exists: Boolean(await liveRow(tx, args.ctx, 'masters', input.masterId)) }));
  },
  async apply(tx, args) {
    await tx.delete('masters', args.input.masterId);
  },
});
