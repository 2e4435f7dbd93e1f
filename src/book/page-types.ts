import type { BookingPageQuery, BookingSlotsQuery } from './generated';

/** The salon's page as the booking page shows it. */
export type BookingPage = NonNullable<BookingPageQuery['bookingPage']>;
/** A free start, and the master who does it. */
export type Slot = BookingSlotsQuery['bookingSlots'][number];
