import { checkAddManufacturer, checkDeleteManufacturer, checkUpdateManufacturer } from '../../domain/commands/inventory';
import { addManufacturerSchema, deleteManufacturerSchema, updateManufacturerSchema } from '../../domain/schemas/manufacturer';
import { actorOf, check } from './shared-check';
import type { CommandTx } from './command-tx';
import { defineCommand, type CommandContext } from './registry';
import { liveRow } from './setup-reads';
import { parseOrRefuse } from './validate';

/**
 * Manufacturer commands (part 2 §2, §5, §8). The rules are the shared checks (src/domain/commands/inventory.ts),
 * read here from the mirror.
 */
const manufacturersOf = (tx: CommandTx, ctx: CommandContext) => tx.table('manufacturers').where('salonId').equals(ctx.salonId).toArray();

export const addManufacturer = defineCommand({
  name: 'manufacturer.add',
  async validate(tx, args) {
    const input = parseOrRefuse(addManufacturerSchema, args.input);
    const [taken, manufacturers] = await Promise.all([tx.get('manufacturers', input.id), manufacturersOf(tx, args.ctx)]);
    check(checkAddManufacturer(input, actorOf(args.ctx), { idTaken: Boolean(taken), manufacturers }));
  },
  async apply(tx, args) {
    const input = parseOrRefuse(addManufacturerSchema, args.input);
    await tx.put('manufacturers', { id: input.id, salonId: input.salon, name: input.name });
  },
});

export const updateManufacturer = defineCommand({
  name: 'manufacturer.update',
  async validate(tx, args) {
    const input = parseOrRefuse(updateManufacturerSchema, args.input);
    const [current, manufacturers] = await Promise.all([
      liveRow(tx, args.ctx, 'manufacturers', input.manufacturerId),
      manufacturersOf(tx, args.ctx),
    ]);
    check(checkUpdateManufacturer(input, actorOf(args.ctx), { exists: Boolean(current), manufacturers }));
  },
  async apply(tx, args) {
    const input = parseOrRefuse(updateManufacturerSchema, args.input);
    const current = await tx.get('manufacturers', input.manufacturerId);
    if (!current) return;
    await tx.put('manufacturers', { ...current, name: input.name });
  },
});

export const deleteManufacturer = defineCommand({
  name: 'manufacturer.delete',
  async validate(tx, args) {
    const input = parseOrRefuse(deleteManufacturerSchema, args.input);
    check(
      checkDeleteManufacturer(actorOf(args.ctx), { exists: Boolean(await liveRow(tx, args.ctx, 'manufacturers', input.manufacturerId)) }),
    );
  },
  async apply(tx, args) {
    await tx.delete('manufacturers', args.input.manufacturerId);
  },
});
