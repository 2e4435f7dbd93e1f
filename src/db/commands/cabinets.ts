import { checkCreateCabinet, checkDeleteCabinet, checkUpdateCabinet, type CabinetReads } from '../../domain/commands/cabinets';
import { createCabinetSchema, deleteCabinetSchema, updateCabinetSchema } from '../../domain/schemas/cabinet';
import { actorOf, check } from './shared-check';
import type { CommandTx } from './command-tx';
import { defineCommand, type CommandContext } from './registry';
import { knownIds, liveRow } from './setup-reads';
import { parseOrRefuse } from './validate';

/**
 * Cabinet commands (part 2 §2, §5). The rules are the shared checks (src/domain/commands/cabinets.ts), read
 * here from the mirror. Refused later by the server (the same name saved on another device, say), the change
 * is undone by the re-base and the cabinet form reopens from the conflicts list.
 */
async function fieldReads(tx: CommandTx, ctx: CommandContext, serviceGroups: string[]): Promise<CabinetReads> {
  const [knownGroups, cabinets] = await Promise.all([
    knownIds(tx, ctx, 'serviceGroups', serviceGroups),
    tx.table('cabinets').where('salonId').equals(ctx.salonId).toArray(),
  ]);
  return { knownGroups, cabinets };
}

export const createCabinet = defineCommand({
  name: 'cabinet.create',
  async validate(tx, args) {
    const input = parseOrRefuse(createCabinetSchema, args.input);
    const [taken, reads] = await Promise.all([tx.get('cabinets', input.id), fieldReads(tx, args.ctx, input.serviceGroups)]);
    check(checkCreateCabinet(input, actorOf(args.ctx), { ...reads, idTaken: Boolean(taken) }));
  },
  async apply(tx, args) {
    const input = parseOrRefuse(createCabinetSchema, args.input);
    await tx.put('cabinets', {
      id: input.id,
      salonId: input.salon,
      nameVariants: input.nameVariants,
      serviceGroupIds: input.serviceGroups,
    });
  },
});

export const updateCabinet = defineCommand({
  name: 'cabinet.update',
  async validate(tx, args) {
    const input = parseOrRefuse(updateCabinetSchema, args.input);
    const [current, reads] = await Promise.all([
      liveRow(tx, args.ctx, 'cabinets', input.id),
      fieldReads(tx, args.ctx, input.serviceGroups),
    ]);
    check(checkUpdateCabinet(input, actorOf(args.ctx), { ...reads, exists: Boolean(current) }));
  },
  async apply(tx, args) {
    const input = parseOrRefuse(updateCabinetSchema, args.input);
    const current = await tx.get('cabinets', input.id);
    if (!current) return;
    await tx.put('cabinets', { ...current, nameVariants: input.nameVariants, serviceGroupIds: input.serviceGroups });
  },
});

/** Deleting takes the row off the list at once; a refusal (already deleted elsewhere) is listed, not shown (part 2 §8). */
export const deleteCabinet = defineCommand({
  name: 'cabinet.delete',
  async validate(tx, args) {
    const input = parseOrRefuse(deleteCabinetSchema, args.input);
    check(checkDeleteCabinet(actorOf(args.ctx), { exists: Boolean(await liveRow(tx, args.ctx, 'cabinets', input.id)) }));
  },
  async apply(tx, args) {
    await tx.delete('cabinets', args.input.id);
  },
});
