import * as v from 'valibot';
import {
  BOOKING_CANCEL_HOURS,
  BOOKING_CODE_CHANNELS,
  BOOKING_HORIZONS,
  BOOKING_NOTICES,
  BOOKING_STEPS,
  DESCRIPTION_MAX,
  MAX_BOOKED_SERVICES,
  RESERVED_SLUGS,
  SLUG_LENGTH,
  SLUG_PATTERN,
} from '../rules/online-booking';
export { MAX_BOOKED_SERVICES };
import { isValidPhoneNumber } from 'libphonenumber-js';
import { daysFromTo, isCalendarDate, isWallTime } from '../rules/time';
import { optionalCommand } from './command';
import { isBlankPhone, optionalPhone, stripPhone } from './phone';
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
      v.check((slug) => !RESERVED_SLUGS.includes(slug), 'onlineBooking.slugTaken'),
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

/** The booking page's own inputs (issue 61): the page's address as the browser has it. */
const slugInput = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(SLUG_LENGTH.max), v.regex(SLUG_PATTERN));
const day = (messageId: 'book.chooseDay') =>
  v.pipe(
    v.string(messageId),
    v.check((s: string) => isCalendarDate(s), messageId),
  );
/** The longest range of days one question about free days covers (two months). */
export const MAX_DAYS_ASKED = 62;

const choice = {
  slug: slugInput,
  serviceIds: v.pipe(
    v.array(idSchema, 'book.chooseService'),
    v.minLength(1, 'book.chooseService'),
    v.maxLength(MAX_BOOKED_SERVICES, 'book.tooManyServices'),
  ),
  /** The chosen master; null: any master. */
  masterId: v.nullable(idSchema),
  /** A booking being moved (its manage link's token): its own appointments do not count as busy. */
  manageToken: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100))), null),
};

/** bookingDays: which days from..to have free time for the services with the master (or any). */
export const bookingDaysSchema = v.pipe(
  v.object({ ...choice, from: day('book.chooseDay'), to: day('book.chooseDay') }),
  v.forward(
    v.check((i) => i.from <= i.to && daysFromTo(i.from, i.to) <= MAX_DAYS_ASKED, 'book.chooseDay'),
    ['to'],
  ),
);

/** bookingSlots: the free start times of one day. */
export const bookingSlotsSchema = v.object({ ...choice, date: day('book.chooseDay') });

export const bookingPageSchema = v.object({ slug: slugInput, lang: v.optional(v.picklist(['en', 'lv', 'ru']), 'lv') });

const languages = v.optional(v.picklist(['en', 'lv', 'ru']), 'lv');
const bookingEmail = v.pipe(
  v.string('book.enterEmail'),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty('book.enterEmail'),
  v.maxLength(254, 'validation.email.invalid'),
  v.email('validation.email.invalid'),
);

/** A phone on the page's form, with its country code (the page adds the salon's to a number typed without one). */
const bookingPhone = v.pipe(
  v.string('book.enterPhone'),
  v.check((s) => !isBlankPhone(s), 'book.enterPhone'),
  v.transform((s) => stripPhone(s)),
  v.check((s) => s.startsWith('+'), 'validation.phone.countryCode'),
  v.check((s) => isValidPhoneNumber(s), 'validation.phone.invalid'),
);

/**
 * requestBookingCode: a one-time code to the client's e-mail, or by SMS to the phone where the salon sends SMS,
 * after the page's proof of work.
 */
export const requestBookingCodeSchema = v.pipe(
  v.object({
    slug: slugInput,
    email: bookingEmail,
    lang: languages,
    captcha: v.pipe(v.string('book.captcha'), v.nonEmpty('book.captcha'), v.maxLength(4000)),
    channel: v.optional(v.picklist(BOOKING_CODE_CHANNELS, 'book.codeBy'), 'EMAIL'),
    phone: v.optional(v.nullable(bookingPhone), null),
  }),
  v.forward(
    v.check((i) => i.channel !== 'SMS' || i.phone !== null, 'book.enterPhone'),
    ['phone'],
  ),
);

/**
 * The client's details on the page's form. The phone is sent with its country code: the page adds the salon's country
 * to a number typed without one (src/domain/schemas/phone.ts phoneInCountry).
 */
export const bookingClientSchema = v.object({
  firstName: v.pipe(
    v.string('book.enterFirstName'),
    v.trim(),
    v.nonEmpty('book.enterFirstName'),
    v.maxLength(80, 'validation.text.tooLong'),
  ),
  lastName: v.pipe(v.string('book.enterLastName'), v.trim(), v.nonEmpty('book.enterLastName'), v.maxLength(80, 'validation.text.tooLong')),
  phone: bookingPhone,
  email: bookingEmail,
  notes: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(500, 'validation.text.tooLong')),
});

/** confirmBooking: the chosen services, master and time, the client, and the code the e-mail brought. */
export const confirmBookingSchema = v.object({
  ...choice,
  startAt: v.pipe(
    v.string('book.chooseTime'),
    v.check((s: string) => isWallTime(s), 'book.chooseTime'),
  ),
  client: bookingClientSchema,
  code: v.pipe(v.string('book.enterCode'), v.trim(), v.regex(/^\d{6}$/, 'book.enterCode')),
  lang: languages,
});
export type ConfirmBookingInput = v.InferOutput<typeof confirmBookingSchema>;

/** A manage link's token, as the page read it from its address. */
const manageToken = v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(100));
export const managedBookingSchema = v.object({ token: manageToken, lang: languages });
export const cancelBookingSchema = managedBookingSchema;
export const moveBookingSchema = v.object({
  token: manageToken,
  startAt: v.pipe(
    v.string('book.chooseTime'),
    v.check((s: string) => isWallTime(s), 'book.chooseTime'),
  ),
  lang: languages,
});
