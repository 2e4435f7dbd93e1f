import {
  checkCreateService,
  checkCreateServiceGroup,
  checkDeleteService,
  checkDeleteServiceGroup,
  checkUpdateService,
  checkUpdateServiceGroup,
} from '../../domain/commands/services';
import {
  createServiceGroupSchema,
  createServiceSchema,
  deleteServiceGroupSchema,
  deleteServiceSchema,
  updateServiceGroupSchema,
  updateServiceSchema,
} from '../../domain/schemas/service';
import { actorOf, check } from './shared-check';
import type { CommandTx } from './command-tx';
import { defineCommand, type CommandContext } from './registry';
import { liveRow } from './setup-reads';
import { parseOrRefuse } from './validate';

/**
 * Service group and service commands (part 2 §2, §5, §7, §8). The rules are the shared checks
 * (src/domain/commands/services.ts), read here from the mirror. A later refusal re-bases the change away and
 * the form reopens from the conflicts list.
 */
const groupsOf = (tx: CommandTx, ctx: CommandContext) => tx.table('serviceGroups').where('salonId').equals(ctx.salonId).toArray();

/** The chosen group is one of the salon's, and the services of that group. */
async function serviceReads(tx: CommandTx, ctx: CommandContext, groupId: string) {
  const [group, services] = await Promise.all([
    liveRow(tx, ctx, 'serviceGroups', groupId),
    tx.table('services').where('groupId').equals(groupId).toArray(),
  ]);
  return { groupExists: Boolean(group), services };
}

export const createServiceGroup = defineCommand({
  name: 'serviceGroup.create',
  async validate(tx, args) {
    const input = parseOrRefuse(createServiceGroupSchema, args.input);
    const [taken, groups] = await Promise.all([tx.get('serviceGroups', input.id), groupsOf(tx, args.ctx)]);
    check(checkCreateServiceGroup(input, actorOf(args.ctx), { idTaken: Boolean(taken), groups }));
  },
  async apply(tx, args) {
    const input = parseOrRefuse(createServiceGroupSchema, args.input);
    const groups = await tx.table('serviceGroups').where('salonId').equals(input.salon).toArray();
    const position = groups.reduce((max, g) => Math.max(max, g.position), 0) + 1;
    await tx.put('serviceGroups', { id: input.id, salonId: input.salon, nameVariants: input.nameVariants, type: input.type, position });
  },
});

export const updateServiceGroup = defineCommand({
  name: 'serviceGroup.update',
  async validate(tx, args) {
    const input = parseOrRefuse(updateServiceGroupSchema, args.input);
    const [current, groups] = await Promise.all([liveRow(tx, args.ctx, 'serviceGroups', input.id), groupsOf(tx, args.ctx)]);
    check(checkUpdateServiceGroup(input, actorOf(args.ctx), { exists: Boolean(current), groups }));
  },
  async apply(tx, args) {
    const input = parseOrRefuse(updateServiceGroupSchema, args.input);
    const current = await tx.get('serviceGroups', input.id);
    if (!current) return;
    await tx.put('serviceGroups', { ...current, nameVariants: input.nameVariants, type: input.type });
  },
});

/** Deleting a group deletes its services and takes it off the cabinets that listed it (as the server does). */
export const deleteServiceGroup = defineCommand({
  name: 'serviceGroup.delete',
  async validate(tx, args) {
    const input = parseOrRefuse(deleteServiceGroupSchema, args.input);
    check(checkDeleteServiceGroup(actorOf(args.ctx), { exists: Boolean(await liveRow(tx, args.ctx, 'serviceGroups', input.id)) }));
  },
  async apply(tx, args) {
    const id = args.input.id;
    for (const service of await tx.table('services').where('groupId').equals(id).toArray()) await tx.delete('services', service.id);
    const cabinets = await tx
      .table('cabinets')
      .where('salonId')
      .equals(args.ctx.salonId)
      .filter((c) => c.serviceGroupIds.includes(id))
      .toArray();
    for (const cabinet of cabinets)
      await tx.put('cabinets', { ...cabinet, serviceGroupIds: cabinet.serviceGroupIds.filter((g) => g !== id) });
    await tx.delete('serviceGroups', id);
  },
});

export const createService = defineCommand({
  name: 'service.create',
  async validate(tx, args) {
    const input = parseOrRefuse(createServiceSchema, args.input);
    const [taken, reads] = await Promise.all([tx.get('services', input.id), serviceReads(tx, args.ctx, input.serviceGroupId)]);
    check(checkCreateService(input, actorOf(args.ctx), { ...reads, idTaken: Boolean(taken) }));
  },
  async apply(tx, args) {
    const input = parseOrRefuse(createServiceSchema, args.input);
    await tx.put('services', {
      id: input.id,
      salonId: args.ctx.salonId,
      groupId: input.serviceGroupId,
      nameVariants: input.nameVariants,
      duration: input.duration,
      price: input.price,
      color: input.color,
    });
  },
});

export const updateService = defineCommand({
  name: 'service.update',
  async validate(tx, args) {
    const input = parseOrRefuse(updateServiceSchema, args.input);
    const [current, reads] = await Promise.all([
      liveRow(tx, args.ctx, 'services', input.id),
      serviceReads(tx, args.ctx, input.serviceGroupId),
    ]);
    check(checkUpdateService(input, actorOf(args.ctx), { ...reads, exists: Boolean(current) }));
  },
  async apply(tx, args) {
    const input = parseOrRefuse(updateServiceSchema, args.input);
    const current = await tx.get('services', input.id);
    if (!current) return;
    await tx.put('services', {
      ...current,
      groupId: input.serviceGroupId,
      nameVariants: input.nameVariants,
      duration: input.duration,
      price: input.price,
      color: input.color,
    });
  },
});

/** 'Delete failures for service and service group are silently ignored' (part 2 §8): a refusal is listed, not shown. */
export const deleteService = defineCommand({
  name: 'service.delete',
  async validate(tx, args) {
    const input = parseOrRefuse(deleteServiceSchema, args.input);
    check(checkDeleteService(actorOf(args.ctx), { exists: Boolean(await liveRow(tx, args.ctx, 'services', input.id)) }));
  },
  async apply(tx, args) {
    await tx.delete('services', args.input.id);
  },
});
