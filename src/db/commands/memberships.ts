import { checkAddMembership, checkDeleteMembership } from '../../domain/commands/memberships';
import { createMembershipSchema, deleteMembershipSchema } from '../../domain/schemas/membership';
import { actorOf, check } from './shared-check';
import { defineCommand } from './registry';
import { parseOrRefuse } from './validate';

/**
 * Membership commands (part 1 §2, §5, §7, §8): the shared checks of src/domain/commands/memberships.ts, fed from
 * the mirror. Offline, a membership shows at once (pending); if the server refuses it later (another device sold
 * the same serial number meanwhile, the client was deleted) the row is undone and the conflicts list reopens the
 * New membership form with the values and the spec's message on its field.
 */
export const addMembership = defineCommand({
  name: 'membership.add',
  async validate(tx, args) {
    const input = parseOrRefuse(createMembershipSchema, args.input);
    const { salonId } = args.ctx;
    const [taken, client, service, sameSerial] = await Promise.all([
      tx.get('memberships', input.id),
      tx.get('clients', input.client),
      tx.get('services', input.service),
      tx
        .table('memberships')
        .where('salonId')
        .equals(salonId)
        .filter((m) => m.serialNumber === input.serialNumber)
        .first(),
    ]);
    check(
      checkAddMembership(input, actorOf(args.ctx), {
        idTaken: Boolean(taken),
        clientExists: client?.salonId === salonId,
        // A service not in the mirror may be a deleted one (offered online, see use-membership-services.ts): the server decides.
        serviceExists: service ? service.salonId === salonId : null,
        serialTaken: Boolean(sameSerial),
      }),
    );
  },
  async apply(tx, args) {
    const input = parseOrRefuse(createMembershipSchema, args.input);
    await tx.put('memberships', {
      id: input.id,
      salonId: input.salon,
      clientId: input.client,
      serviceId: input.service,
      authorId: args.ctx.userId,
      serialNumber: input.serialNumber,
      quantity: input.quantity,
      price: input.price,
      pricePerUse: input.pricePerUse,
      totalUses: 0,
      paymentType: input.paymentType,
      createdAt: input.createdAt,
    });
  },
});

export const deleteMembership = defineCommand({
  name: 'membership.delete',
  async validate(tx, args) {
    const input = parseOrRefuse(deleteMembershipSchema, args.input);
    const current = await tx.get('memberships', input.id);
    check(checkDeleteMembership(actorOf(args.ctx), { exists: current?.salonId === args.ctx.salonId }));
  },
  async apply(tx, args) {
    await tx.delete('memberships', args.input.id);
  },
});
