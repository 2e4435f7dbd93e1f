import { checkUpdateOnlineBooking } from '../../domain/commands/online-booking';
import { updateOnlineBookingSchema } from '../../domain/schemas/online-booking';
import { defineCommand } from './registry';
import { actorOf, check } from './shared-check';
import { parseOrRefuse } from './validate';

/**
 * Salon settings → Online booking (issue 61): the salon's choice, whole, into its settings, offline too. Whether
 * another salon has the page's address only the server knows; refused there, the re-base puts the server's salon row
 * back and the form reopens from the conflicts list with the message on the address.
 */
export const updateOnlineBooking = defineCommand({
  name: 'onlineBooking.update',
  async validate(tx, args) {
    const input = parseOrRefuse(updateOnlineBookingSchema, args.input);
    const settings = (await tx.get('salons', args.ctx.salonId))?.settings ?? null;
    check(checkUpdateOnlineBooking(input, actorOf(args.ctx), { settings, slugTaken: false }));
  },
  async apply(tx, args) {
    const input = parseOrRefuse(updateOnlineBookingSchema, args.input);
    const salon = await tx.get('salons', input.id);
    if (salon) await tx.put('salons', { ...salon, settings: { ...salon.settings, onlineBooking: { ...input.onlineBooking } } });
  },
});
