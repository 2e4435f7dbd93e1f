import * as v from 'valibot';
import {
  BOOKING_CANCEL_HOURS,
  BOOKING_HORIZONS,
  BOOKING_NOTICES,
  BOOKING_STEPS,
  DESCRIPTION_MAX,
  SLUG_LENGTH,
  SLUG_PATTERN,
} from '../rules/online-booking';
import { optionalCommand } from './command';
import { optionalPhone } from './phone';
import { idSchema } from './salon';

/**
 * Salon settings → Online booking (issue 61): the form's schema and salon.updateOnlineBooking's. Messages are catalog
 * ids. Turned on, the page needs at least one service and one master to offer.
 */
const idList = v.pipe(
  v.array(idSchema),
  v.maxLength(1000),
  v.transform((ids) => [...new Set(ids)]),
);

export const onlineBookingSchema = v.pipe(
  v.object({
    enabled: v.boolean(),
    slug: v.pipe(
      v.string('onlineBooking.enterSlug'),
      v.trim(),
      v.toLowerCase(),
      v.nonEmpty('onlineBooking.enterSlug'),
      v.minLength(SLUG_LENGTH.min, 'onlineBooking.slugLength'),
      v.maxLength(SLUG_LENGTH.max, 'onlineBooking.slugLength'),
      v.regex(SLUG_PATTERN, 'onlineBooking.slugCharacters'),
    ),
    serviceIds: idList,
    masterIds: idList,
    horizonDays: v.picklist(BOOKING_HORIZONS, 'onlineBooking.chooseHorizon'),
    noticeMinutes: v.picklist(BOOKING_NOTICES, 'onlineBooking.chooseNotice'),
    step: v.picklist(BOOKING_STEPS, 'onlineBooking.chooseStep'),
    cancelHours: v.picklist(BOOKING_CANCEL_HOURS, 'onlineBooking.chooseCancel'),
    description: v.pipe(v.string(), v.trim(), v.maxLength(DESCRIPTION_MAX, 'validation.text.tooLong')),
    address: v.pipe(v.string(), v.trim(), v.maxLength(200, 'validation.text.tooLong')),
    phone: optionalPhone,
  }),
  v.forward(
    v.check((s) => !s.enabled || s.serviceIds.length > 0, 'onlineBooking.chooseServices'),
    ['serviceIds'],
  ),
  v.forward(
    v.check((s) => !s.enabled || s.masterIds.length > 0, 'onlineBooking.chooseMasters'),
    ['masterIds'],
  ),
);
export type OnlineBookingFormValues = v.InferInput<typeof onlineBookingSchema>;

/** updateOnlineBooking: the salon's id and its online booking settings, whole. */
export const updateOnlineBookingSchema = v.object({ id: idSchema, onlineBooking: onlineBookingSchema, command: optionalCommand });
