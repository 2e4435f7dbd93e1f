import { refuse } from '../../domain/command-refusal';
import { refusal } from '../../domain/refusals';
import { createMembershipSchema, deleteMembershipSchema, type CreateMembershipInput, type DeleteMembershipInput } from '../../domain/schemas/membership';
import type { WithContext } from './appointments';
import { defineCommand, type CommandContext } from './registry';
import { parseOrRefuse } from './validate';
import { isAdministrator } from '../../domain/roles';

/**
 * Membership commands (part 1 §2, §5, §7, §8), the same checks as server/modules/memberships/service.ts.
 * Offline, a membership shows at once (pending); if the server refuses it later (another device sold the same
 * serial number meanwhile, the client was deleted) the row is undone and the conflicts list reopens the New
 * membership form with the values and the spec's message on its field.
 */
const forbidden = () => refuse(refusal('forbidden'));

function assertManager(ctx: CommandContext, salonId?: string) {
  if (!isAdministrator(ctx) || (salonId !== undefined && salonId !== ctx.salonId)) forbidden();
}

export const addMembership = defineCommand<WithContext<CreateMembershipInput>>({
  name: 'membership.add',
  async validate(tx, args) {
    const input = parseOrRefuse(createMembershipSchema, args.input);
    assertManager(args.ctx, input.salon);
    if (await tx.get('memberships', input.id)) refuse(refusal('idTaken'));
    const client = await tx.get('clients', input.client);
    if (!client || client.salonId !== args.ctx.salonId) refuse(refusal('clientNotExists', { field: 'client' }));
    // A service not in the mirror may be a deleted one (offered online, see use-membership-services.ts): the server decides.
    const service = await tx.get('services', input.service);
    if (service && service.salonId !== args.ctx.salonId) refuse(refusal('membershipUnknownService'));
    const taken = await tx.table('memberships').where('salonId').equals(args.ctx.salonId).filter((m) => m.serialNumber === input.serialNumber).first();
    if (taken) refuse(refusal('membershipSerialTaken'));
  },
  async apply(tx, args) {
    const input = parseOrRefuse(createMembershipSchema, args.input);
    await tx.put('memberships', {
      id: input.id, salonId: input.salon, clientId: input.client, serviceId: input.service, authorId: args.ctx.userId,
      serialNumber: input.serialNumber, quantity: input.quantity, price: input.price, pricePerUse: input.pricePerUse, totalUses: 0,
      createdAt: input.createdAt,
    });
  },
});

export const deleteMembership = defineCommand<WithContext<DeleteMembershipInput>>({
  name: 'membership.delete',
  async validate(tx, args) {
    const input = parseOrRefuse(deleteMembershipSchema, args.input);
    assertManager(args.ctx);
    const current = await tx.get('memberships', input.id);
    if (!current || current.salonId !== args.ctx.salonId) refuse(refusal('membershipNotExists'));
  },
  async apply(tx, args) {
    await tx.delete('memberships', args.input.id);
  },
});
