import * as v from 'valibot';
import type { MessageLanguage } from '../rules/client-messages';
import { clientFieldsSchema } from './client';

/**
 * The client form (part 1 §5): the same field rules as the commands and the server, except that the
 * birthday is typed as MM.DD.YYYY (part 1 §3) and sent as YYYY-MM-DD.
 */
const FORM_BIRTHDAY = /^(\d{2})\.(\d{2})\.(\d{4})$/;

/** 'MM.DD.YYYY' → 'YYYY-MM-DD' (null when blank; the input itself when it is not a whole date yet). */
export function birthdayFromForm(value: string | null | undefined): string | null {
  const s = (value ?? '').trim();
  if (!s) return null;
  const m = FORM_BIRTHDAY.exec(s);
  return m ? `${m[3]}-${m[1]}-${m[2]}` : s;
}

/** 'YYYY-MM-DD' → 'MM.DD.YYYY'. */
export function birthdayToForm(value: string | null | undefined): string {
  if (!value) return '';
  const [y, m, d] = value.split('-');
  return `${m}.${d}.${y}`;
}

/** Keeps digits and puts the dots in as the user types: '0315' → '03.15'. */
export function formatBirthdayAsTyped(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('.');
}

const isRealDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

export const clientFormSchema = v.object({
  ...clientFieldsSchema.entries,
  birthday: v.pipe(
    v.optional(v.nullable(v.string()), null),
    v.transform((s: string | null) => birthdayFromForm(s)),
    v.check((s: string | null) => s === null || (/^\d{4}-\d{2}-\d{2}$/.test(s) && isRealDate(s)), 'validation.birthday.invalid'),
  ),
});
export type ClientFormValues = {
  firstName: string;
  lastName: string;
  gender: 'MALE' | 'FEMALE' | '';
  phone: string;
  email: string;
  notes: string;
  birthday: string;
  blocked: boolean;
  /** '' for the salon's language. */
  language: '' | MessageLanguage;
  messageConsent: boolean;
};
export type ClientFormOutput = v.InferOutput<typeof clientFormSchema>;

/** The blank new-client form; unchanged while equal to it (part 1 §5). */
export const BLANK_CLIENT_FORM: ClientFormValues = {
  firstName: '',
  lastName: '',
  gender: '',
  phone: '+371',
  email: '',
  notes: '',
  birthday: '',
  blocked: false,
  language: '',
  messageConsent: true,
};
