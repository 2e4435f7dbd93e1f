import { AsYouType, getCountryCallingCode, isValidPhoneNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import * as v from 'valibot';

/** Default country prefix for phone fields (part 1 §5, part 2 §1). */
export const DEFAULT_PHONE_PREFIX = '+371';

/** Phones are sent as "+" and digits only (part 1 §5). */
export function stripPhone(value: string): string {
  const digits = value.replace(/[^\d]/g, '');
  return value.trim().startsWith('+') ? `+${digits}` : digits;
}

/** What a typed phone may hold: digits, spaces and the usual separators. Anything else is not a phone. */
const PHONE_CHARACTERS = /^[\d\s+()./-]*$/;

/**
 * The digits a search looks for in phones: only when the search is written as a phone (digits, spaces and the usual
 * separators) with at least three digits. "26 123" finds +371 26123456; "Scroll123" looks at names and e-mails only,
 * as a word of the Clients search does (src/domain/rules/client-search.ts).
 */
export function phoneSearchDigits(search: string): string | null {
  const digits = search.replace(/[^\d]/g, '');
  return digits.length >= 3 && PHONE_CHARACTERS.test(search) ? digits : null;
}

/**
 * Not given: empty, or left at the bare default prefix the form starts with ("+371", spaces allowed). Anything else
 * typed ("+", "-", "()", "++--") is a phone to check, refused when it is none, never stored as no phone (issue 56).
 */
export function isBlankPhone(value: string | null | undefined): boolean {
  if (!value) return true;
  const compact = value.replace(/\s/g, '');
  return compact === '' || compact === DEFAULT_PHONE_PREFIX;
}

/**
 * Optional phone: if given it must start with + and be a valid number.
 * Output is the stripped form, or null when blank.
 */
export const optionalPhone = v.pipe(
  v.optional(v.nullable(v.string()), null),
  // "abc" is not a blank phone: it is refused, never stored as no phone.
  v.check((value) => value === null || PHONE_CHARACTERS.test(value), 'validation.phone.invalid'),
  v.transform((value) => (isBlankPhone(value) ? null : stripPhone(value as string))),
  v.check((value) => value === null || value.startsWith('+'), 'validation.phone.countryCode'),
  v.check((value) => value === null || isValidPhoneNumber(value), 'validation.phone.invalid'),
);

/** Formats a phone as the user types ("+371 2000 0000"); anything not starting with + is left alone. */
export function formatPhoneAsTyped(value: string): string {
  if (!value.startsWith('+')) return value;
  return new AsYouType().input(value);
}

/**
 * A phone as a booking page's client typed it, with its country code: a number typed without one is of `country`
 * (the salon's); what cannot be read as a number is left as typed, for the schema to refuse on its field.
 */
export function phoneInCountry(typed: string, country: string): string {
  const trimmed = typed.trim();
  if (trimmed === '' || trimmed.startsWith('+')) return trimmed;
  const parsed = parsePhoneNumberFromString(trimmed, country as CountryCode);
  return parsed?.number ?? trimmed;
}

/** '+371 ': the calling code a booking page's phone field starts with. */
export const callingCodeOf = (country: string): string => `+${getCountryCallingCode(country as CountryCode)} `;
