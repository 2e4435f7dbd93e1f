import { refuse } from '../../domain/command-refusal';
import { refusal } from '../../domain/refusals';
import {
  createCabinetSchema, deleteCabinetSchema, sameNameLanguage, updateCabinetSchema,
  type CreateCabinetInput, type DeleteCabinetInput, type UpdateCabinetInput,
} from '../../domain/schemas/cabinet';
import type { NameVariants } from '../../domain/sync/entities';
import type { WithContext } from './appointments';
import type { CommandTx } from './command-tx';
import { defineCommand, type CommandContext } from './registry';
import { parseOrRefuse } from './validate';
import { isAdministrator } from '../../domain/roles';

/**
 * Cabinet commands (part 2 §2, §5). Refused later by the server (the same name saved on another device,
 * say), the change is undone by the re-base and the cabinet form reopens from the conflicts list.
 */
const notExists = () => refuse(refusal('cabinetNotExists'));
const forbidden = () => refuse(refusal('forbidden'));

function assertWriter(ctx: CommandContext, salonId?: string) {
  if (!isAdministrator(ctx) || (salonId !== undefined && salonId !== ctx.salonId)) forbidden();
}

async function assertNameFree(tx: CommandTx, ctx: CommandContext, names: NameVariants, selfId: string) {
  const others = await tx.table('cabinets').where('salonId').equals(ctx.salonId).filter((c) => c.id !== selfId).toArray();
  for (const other of others) {
    const language = sameNameLanguage(names, other.nameVariants);
    if (language) refuse(refusal('cabinetNameTaken', { field: `nameVariants.${language}` }));
  }
}

async function assertGroups(tx: CommandTx, ctx: CommandContext, ids: string[]) {
  for (const id of ids) {
    const group = await tx.get('serviceGroups', id);
    if (!group || group.salonId !== ctx.salonId) {
      refuse(refusal('cabinetUnknownServiceGroup'));
    }
  }
}

export const createCabinet = defineCommand<WithContext<CreateCabinetInput>>({
  name: 'cabinet.create',
  async validate(tx, args) {
    const input = parseOrRefuse(createCabinetSchema, args.input);
    assertWriter(args.ctx, input.salon);
    if (await tx.get('cabinets', input.id)) refuse(refusal('idTaken'));
    await assertGroups(tx, args.ctx, input.serviceGroups);
    await assertNameFree(tx, args.ctx, input.nameVariants, input.id);
  },
  async apply(tx, args) {
    const input = parseOrRefuse(createCabinetSchema, args.input);
    await tx.put('cabinets', { id: input.id, salonId: input.salon, nameVariants: input.nameVariants, serviceGroupIds: input.serviceGroups });
  },
});

export const updateCabinet = defineCommand<WithContext<UpdateCabinetInput>>({
  name: 'cabinet.update',
  async validate(tx, args) {
    const input = parseOrRefuse(updateCabinetSchema, args.input);
    assertWriter(args.ctx, input.salon);
    const current = await tx.get('cabinets', input.id);
    if (!current || current.salonId !== args.ctx.salonId) return notExists();
    await assertGroups(tx, args.ctx, input.serviceGroups);
    await assertNameFree(tx, args.ctx, input.nameVariants, input.id);
  },
  async apply(tx, args) {
    const input = parseOrRefuse(updateCabinetSchema, args.input);
    const current = await tx.get('cabinets', input.id);
    if (!current) return;
    await tx.put('cabinets', { ...current, nameVariants: input.nameVariants, serviceGroupIds: input.serviceGroups });
  },
});

/** Deleting takes the row off the list at once; a refusal (already deleted elsewhere) is listed, not shown (part 2 §8). */
export const deleteCabinet = defineCommand<WithContext<DeleteCabinetInput>>({
  name: 'cabinet.delete',
  async validate(tx, args) {
    const input = parseOrRefuse(deleteCabinetSchema, args.input);
    assertWriter(args.ctx);
    const current = await tx.get('cabinets', input.id);
    if (!current || current.salonId !== args.ctx.salonId) notExists();
  },
  async apply(tx, args) {
    await tx.delete('cabinets', args.input.id);
  },
});
