import { refuse } from '../../domain/command-refusal';
import { refusal } from '../../domain/refusals';
import {
  addManufacturerSchema, deleteManufacturerSchema, sameManufacturerName, updateManufacturerSchema,
  type AddManufacturerInput, type DeleteManufacturerInput, type UpdateManufacturerInput,
} from '../../domain/schemas/manufacturer';
import type { WithContext } from './appointments';
import type { CommandTx } from './command-tx';
import { defineCommand, type CommandContext } from './registry';
import { parseOrRefuse } from './validate';
import { isAdministrator } from '../../domain/roles';

/** Manufacturer commands (part 2 §2, §5, §8), the same checks as server/modules/manufacturers/service.ts. */
const notExists = () => refuse(refusal('manufacturerNotExists'));
const forbidden = () => refuse(refusal('forbidden'));

function assertWriter(ctx: CommandContext, salonId?: string) {
  if (!isAdministrator(ctx) || (salonId !== undefined && salonId !== ctx.salonId)) forbidden();
}

async function assertNameFree(tx: CommandTx, ctx: CommandContext, name: string, selfId: string) {
  const taken = await tx.table('manufacturers').where('salonId').equals(ctx.salonId).filter((m) => m.id !== selfId && sameManufacturerName(m.name, name)).first();
  if (taken) refuse(refusal('manufacturerNameTaken'));
}

export const addManufacturer = defineCommand<WithContext<AddManufacturerInput>>({
  name: 'manufacturer.add',
  async validate(tx, args) {
    const input = parseOrRefuse(addManufacturerSchema, args.input);
    assertWriter(args.ctx, input.salon);
    if (await tx.get('manufacturers', input.id)) refuse(refusal('idTaken'));
    await assertNameFree(tx, args.ctx, input.name, input.id);
  },
  async apply(tx, args) {
    const input = parseOrRefuse(addManufacturerSchema, args.input);
    await tx.put('manufacturers', { id: input.id, salonId: input.salon, name: input.name });
  },
});

export const updateManufacturer = defineCommand<WithContext<UpdateManufacturerInput>>({
  name: 'manufacturer.update',
  async validate(tx, args) {
    const input = parseOrRefuse(updateManufacturerSchema, args.input);
    assertWriter(args.ctx);
    const current = await tx.get('manufacturers', input.manufacturerId);
    if (!current || current.salonId !== args.ctx.salonId) return notExists();
    await assertNameFree(tx, args.ctx, input.name, input.manufacturerId);
  },
  async apply(tx, args) {
    const input = parseOrRefuse(updateManufacturerSchema, args.input);
    const current = await tx.get('manufacturers', input.manufacturerId);
    if (!current) return;
    await tx.put('manufacturers', { ...current, name: input.name });
  },
});

export const deleteManufacturer = defineCommand<WithContext<DeleteManufacturerInput>>({
  name: 'manufacturer.delete',
  async validate(tx, args) {
    const input = parseOrRefuse(deleteManufacturerSchema, args.input);
    assertWriter(args.ctx);
    const current = await tx.get('manufacturers', input.manufacturerId);
    if (!current || current.salonId !== args.ctx.salonId) notExists();
  },
  async apply(tx, args) {
    await tx.delete('manufacturers', args.input.manufacturerId);
  },
});
