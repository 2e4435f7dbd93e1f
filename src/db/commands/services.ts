import { refuse } from '../../domain/command-refusal';
import { refusal } from '../../domain/refusals';
import { sameNameLanguage } from '../../domain/schemas/cabinet';
import {
  createServiceGroupSchema, createServiceSchema, deleteServiceGroupSchema, deleteServiceSchema, updateServiceGroupSchema, updateServiceSchema,
  type CreateServiceGroupInput, type CreateServiceInput, type DeleteServiceGroupInput, type DeleteServiceInput,
  type UpdateServiceGroupInput, type UpdateServiceInput,
} from '../../domain/schemas/service';
import type { NameVariants } from '../../domain/sync/entities';
import type { WithContext } from './appointments';
import type { CommandTx } from './command-tx';
import { defineCommand, type CommandContext } from './registry';
import { parseOrRefuse } from './validate';
import { isAdministrator } from '../../domain/roles';

/**
 * Service group and service commands (part 2 §2, §5, §7, §8), the same checks as the server's
 * (server/modules/services/service.ts). A later refusal re-bases the change away and the form reopens
 * from the conflicts list.
 */
const notExists = () => refuse(refusal('serviceNotExists'));
const forbidden = () => refuse(refusal('forbidden'));
const idTaken = () => refuse(refusal('idTaken'));

function assertWriter(ctx: CommandContext, salonId?: string) {
  if (!isAdministrator(ctx) || (salonId !== undefined && salonId !== ctx.salonId)) forbidden();
}

async function liveGroup(tx: CommandTx, ctx: CommandContext, id: string) {
  const group = await tx.get('serviceGroups', id);
  return group && group.salonId === ctx.salonId ? group : null;
}

async function assertGroupNameFree(tx: CommandTx, ctx: CommandContext, names: NameVariants, selfId: string) {
  const others = await tx.table('serviceGroups').where('salonId').equals(ctx.salonId).filter((g) => g.id !== selfId).toArray();
  for (const other of others) {
    const language = sameNameLanguage(names, other.nameVariants);
    if (language) refuse(refusal('serviceGroupNameTaken', { field: `nameVariants.${language}` }));
  }
}

/** Two services of one group may not share a name in a language. */
async function assertServiceNameFree(tx: CommandTx, groupId: string, names: NameVariants, selfId: string) {
  const others = await tx.table('services').where('groupId').equals(groupId).filter((s) => s.id !== selfId).toArray();
  for (const other of others) {
    const language = sameNameLanguage(names, other.nameVariants);
    if (language) refuse(refusal('serviceNameTaken', { field: `nameVariants.${language}` }));
  }
}

export const createServiceGroup = defineCommand<WithContext<CreateServiceGroupInput>>({
  name: 'serviceGroup.create',
  async validate(tx, args) {
    const input = parseOrRefuse(createServiceGroupSchema, args.input);
    assertWriter(args.ctx, input.salon);
    if (await tx.get('serviceGroups', input.id)) idTaken();
    await assertGroupNameFree(tx, args.ctx, input.nameVariants, input.id);
  },
  async apply(tx, args) {
    const input = parseOrRefuse(createServiceGroupSchema, args.input);
    const groups = await tx.table('serviceGroups').where('salonId').equals(input.salon).toArray();
    const position = groups.reduce((max, g) => Math.max(max, g.position), 0) + 1;
    await tx.put('serviceGroups', { id: input.id, salonId: input.salon, nameVariants: input.nameVariants, type: input.type, position });
  },
});

export const updateServiceGroup = defineCommand<WithContext<UpdateServiceGroupInput>>({
  name: 'serviceGroup.update',
  async validate(tx, args) {
    const input = parseOrRefuse(updateServiceGroupSchema, args.input);
    assertWriter(args.ctx);
    if (!(await liveGroup(tx, args.ctx, input.id))) return notExists();
    await assertGroupNameFree(tx, args.ctx, input.nameVariants, input.id);
  },
  async apply(tx, args) {
    const input = parseOrRefuse(updateServiceGroupSchema, args.input);
    const current = await tx.get('serviceGroups', input.id);
    if (!current) return;
    await tx.put('serviceGroups', { ...current, nameVariants: input.nameVariants, type: input.type });
  },
});

/** Deleting a group deletes its services and takes it off the cabinets that listed it (as the server does). */
export const deleteServiceGroup = defineCommand<WithContext<DeleteServiceGroupInput>>({
  name: 'serviceGroup.delete',
  async validate(tx, args) {
    const input = parseOrRefuse(deleteServiceGroupSchema, args.input);
    assertWriter(args.ctx);
    if (!(await liveGroup(tx, args.ctx, input.id))) notExists();
  },
  async apply(tx, args) {
    const id = args.input.id;
    for (const service of await tx.table('services').where('groupId').equals(id).toArray()) await tx.delete('services', service.id);
    const cabinets = await tx.table('cabinets').where('salonId').equals(args.ctx.salonId).filter((c) => c.serviceGroupIds.includes(id)).toArray();
    for (const cabinet of cabinets) await tx.put('cabinets', { ...cabinet, serviceGroupIds: cabinet.serviceGroupIds.filter((g) => g !== id) });
    await tx.delete('serviceGroups', id);
  },
});

export const createService = defineCommand<WithContext<CreateServiceInput>>({
  name: 'service.create',
  async validate(tx, args) {
    const input = parseOrRefuse(createServiceSchema, args.input);
    assertWriter(args.ctx);
    if (await tx.get('services', input.id)) idTaken();
    if (!(await liveGroup(tx, args.ctx, input.serviceGroupId))) return notExists();
    await assertServiceNameFree(tx, input.serviceGroupId, input.nameVariants, input.id);
  },
  async apply(tx, args) {
    const input = parseOrRefuse(createServiceSchema, args.input);
    await tx.put('services', {
      id: input.id, salonId: args.ctx.salonId, groupId: input.serviceGroupId, nameVariants: input.nameVariants,
      duration: input.duration, price: input.price, color: input.color,
    });
  },
});

export const updateService = defineCommand<WithContext<UpdateServiceInput>>({
  name: 'service.update',
  async validate(tx, args) {
    const input = parseOrRefuse(updateServiceSchema, args.input);
    assertWriter(args.ctx);
    const current = await tx.get('services', input.id);
    if (!current || current.salonId !== args.ctx.salonId) return notExists();
    if (!(await liveGroup(tx, args.ctx, input.serviceGroupId))) return notExists();
    await assertServiceNameFree(tx, input.serviceGroupId, input.nameVariants, input.id);
  },
  async apply(tx, args) {
    const input = parseOrRefuse(updateServiceSchema, args.input);
    const current = await tx.get('services', input.id);
    if (!current) return;
    await tx.put('services', {
      ...current, groupId: input.serviceGroupId, nameVariants: input.nameVariants, duration: input.duration, price: input.price, color: input.color,
    });
  },
});

/** 'Delete failures for service and service group are silently ignored' (part 2 §8): a refusal is listed, not shown. */
export const deleteService = defineCommand<WithContext<DeleteServiceInput>>({
  name: 'service.delete',
  async validate(tx, args) {
    const input = parseOrRefuse(deleteServiceSchema, args.input);
    assertWriter(args.ctx);
    const current = await tx.get('services', input.id);
    if (!current || current.salonId !== args.ctx.salonId) notExists();
  },
  async apply(tx, args) {
    await tx.delete('services', args.input.id);
  },
});
