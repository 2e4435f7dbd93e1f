import { addMinutes } from './time';

/**
 * Online booking (issue 61): the salon's own page where clients book themselves, at /book/{slug}. Its settings live
 * in the salon's settings (synced like the other settings, written by salon.updateOnlineBooking); off until the
 * salon turns it on.
 */
export interface OnlineBookingSettings {
  enabled: boolean;
  /** The page's address: /book/{slug}; unique among salons. */
  slug: string;
  /** Services and masters clients may choose; ids of the salon's rows (a deleted one is simply not offered). */
  serviceIds: string[];
  masterIds: string[];
  /** The last bookable day is today plus this many days. */
  horizonDays: (typeof BOOKING_HORIZONS)[number];
  /** The least time between booking and the visit, in minutes. */
  noticeMinutes: (typeof BOOKING_NOTICES)[number];
  /** Minutes between the offered start times. */
  step: BookingStep;
  /** Clients cancel or move a booking themselves until this many hours before it; 0: until it starts. */
  cancelHours: (typeof BOOKING_CANCEL_HOURS)[number];
  /** What the page says about the salon, its address and the phone clients call. */
  description: string;
  address: string;
  phone: string | null;
}

export const BOOKING_STEPS = [5, 10, 15, 30] as const;
export type BookingStep = (typeof BOOKING_STEPS)[number];
export const BOOKING_NOTICES = [0, 30, 60, 120, 180, 240, 720, 1440, 2880] as const;
export const BOOKING_CANCEL_HOURS = [0, 1, 2, 6, 12, 24, 48, 72] as const;
export const BOOKING_HORIZONS = [1, 3, 7, 14, 30, 60, 90, 120, 180] as const;
/** How the booking page's one-time code reaches the client: by e-mail, or by SMS where the salon sends SMS. */
export const BOOKING_CODE_CHANNELS = ['EMAIL', 'SMS'] as const;
export type BookingCodeChannel = (typeof BOOKING_CODE_CHANNELS)[number];
/** At most this many services booked one after another on the booking page. */
export const MAX_BOOKED_SERVICES = 5;
/** Addresses the booking page's own paths use: no salon's page can have them. */
export const RESERVED_SLUGS: readonly string[] = ['manage', 'assets'];
export const SLUG_LENGTH = { min: 3, max: 40 } as const;
export const DESCRIPTION_MAX = 500;

/** Lowercase latin letters, digits and single hyphens inside: 'studio-anna', 'salon-7'. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const CYRILLIC: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'i', к: 'k', л: 'l', м: 'm',
  н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'c', ч: 'ch', ш: 'sh', щ: 'sch',
  ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
}; // prettier-ignore

/** An address made from the salon's name: 'Skaistuma Studija Rīga' → 'skaistuma-studija-riga'. */
export function suggestSlug(name: string): string {
  const latin = [...name.toLowerCase()].map((ch) => CYRILLIC[ch] ?? ch).join('');
  const plain = latin
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_LENGTH.max)
    .replace(/-+$/, '');
  return plain.length >= SLUG_LENGTH.min ? plain : `salon-${plain || 'online'}`.slice(0, SLUG_LENGTH.max);
}

/** The settings of a salon that never saved them: off, every service and master offered. */
export function defaultOnlineBooking(salon: { name: string; address: string }, ids: { services: string[]; masters: string[] }) {
  return {
    enabled: false,
    slug: suggestSlug(salon.name),
    serviceIds: ids.services,
    masterIds: ids.masters,
    horizonDays: 60,
    noticeMinutes: 120,
    step: 15,
    cancelHours: 24,
    description: '',
    address: salon.address,
    phone: null,
  } satisfies OnlineBookingSettings;
}

/** The salon's online booking when it is on, else null. */
export function liveOnlineBooking(settings: { onlineBooking?: OnlineBookingSettings }): OnlineBookingSettings | null {
  return settings.onlineBooking?.enabled ? settings.onlineBooking : null;
}

/** Until when a client may cancel or move a visit starting at `startAt` (salon wall times). */
export const changeDeadline = (startAt: string, cancelHours: number): string => addMinutes(startAt, -cancelHours * 60);

/** Whether the client may still cancel or move it at `now` (the salon's wall time). */
export const clientMayChange = (startAt: string, now: string, cancelHours: number): boolean => now < changeDeadline(startAt, cancelHours);

/** The free starts nearest to `wanted`, earliest first among equals: offered when the wanted one was taken. */
export function nearestStarts(starts: readonly string[], wanted: string, count = 3): string[] {
  const minutes = (wall: string) => Date.parse(`${wall.replace(' ', 'T')}:00Z`) / 60_000;
  const at = minutes(wanted);
  return [...starts]
    .filter((s) => s !== wanted)
    .sort((a, b) => Math.abs(minutes(a) - at) - Math.abs(minutes(b) - at) || (a < b ? -1 : 1))
    .slice(0, count)
    .sort();
}
