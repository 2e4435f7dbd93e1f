import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import * as v from 'valibot';
import type { MessageId } from '../../i18n/messages/message-id';
import { clientFieldsSchema } from '../schemas/client';
import { productNameSchema, productPriceSchema, quantitySchema } from '../schemas/product';
import { durationSchema, priceSchema } from '../schemas/service';
import { withoutLatinMarks, type ColumnMatch, type ImportField, type ImportKind } from './import-columns';

/**
 * The rows of an imported file checked as the forms check them (issue 58 items 1, 2, 6): each cell of our fields
 * read as a salon writes it (a phone without its country code, a birthday as 03.02.1990, a gender as "F",
 * "sieviete" or "ж", a price as "€12,50", a duration as "1:30"), then the form's own schema. Every problem is
 * named on its column, so the preview shows it on its cell; a row with none is ready to import.
 */
export interface ImportProblem {
  /** The file's column, or null when the row as a whole is refused. */
  column: number | null;
  message: MessageId;
}

export interface ClientImportValue {
  firstName: string;
  lastName: string;
  gender: 'MALE' | 'FEMALE';
  phone: string | null;
  email: string | null;
  notes: string;
  birthday: string | null;
}
export interface ServiceImportValue {
  group: string;
  name: string;
  duration: number;
  /** '12.50' */
  price: string;
}
export interface ProductImportValue {
  name: string;
  code: string;
  manufacturer: string;
  price: string;
  stock: number;
}
export interface ImportValues {
  clients: ClientImportValue;
  services: ServiceImportValue;
  products: ProductImportValue;
}

export interface CheckedRow<K extends ImportKind = ImportKind> {
  /** The row's line in the file, the header being line 1. */
  line: number;
  value: ImportValues[K] | null;
  problems: ImportProblem[];
}

export interface ImportOptions {
  /** The salon's country, for phones written without their code. */
  country: CountryCode;
  /** The gender of clients whose row gives none (the owner's choice), or null: such a row is a problem. */
  defaultGender: 'MALE' | 'FEMALE' | null;
}

/** The spec's grid of durations (part 2 §5): whole five minutes. */
export const DURATION_STEP = 5;

/** A cell as the salon wrote it: trimmed, and without the apostrophe our export puts before = + - @ (csv.ts). */
export function cleanCell(cell: string | undefined): string {
  const text = (cell ?? '').trim();
  return /^'[=+\-@]/.test(text) ? text.slice(1) : text;
}

/** A phone in the stored form (+ and digits), reading one without its country code as the salon's country's. */
export function importPhone(cell: string, country: CountryCode): string {
  if (!cell) return '';
  const parsed = parsePhoneNumberFromString(cell, country);
  if (parsed?.isValid()) return parsed.number;
  // A spreadsheet that took "+37120000000" for a number drops the plus: a long run of digits is tried with it.
  const digits = cell.replace(/\D/g, '');
  const withPlus = digits.length >= 10 ? parsePhoneNumberFromString(`+${digits}`) : undefined;
  return withPlus?.isValid() ? withPlus.number : cell;
}

const GENDERS: Record<string, 'MALE' | 'FEMALE'> = {};
for (const word of ['m', 'male', 'man', 'men', 'mr', 'v', 'vir', 'virietis', 'viriesu', 'м', 'муж', 'мужской', 'мужчина'])
  GENDERS[word] = 'MALE';
for (const word of [
  'f',
  'female',
  'woman',
  'women',
  'w',
  'mrs',
  'ms',
  's',
  'siev',
  'sieviete',
  'sieviesu',
  'ж',
  'жен',
  'женский',
  'женщина',
])
  GENDERS[word] = 'FEMALE';

/** 'F', 'Female', 'sieviete', 'ж' → FEMALE; '' → null; a word we do not know → undefined. */
export function importGender(cell: string): 'MALE' | 'FEMALE' | null | undefined {
  if (!cell) return null;
  const word = withoutLatinMarks(cell).toLowerCase().replace(/[.\s]/g, '');
  return GENDERS[word];
}

const realDate = (y: number, m: number, d: number): string | null => {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};

/**
 * A birthday 'YYYY-MM-DD' from 1990-02-03, 03.02.1990, 3/2/1990 (day first, as Europe writes it; month first only
 * when the day-first reading is no date); '' → null; anything else → undefined.
 */
export function importDate(cell: string): string | null | undefined {
  if (!cell) return null;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(cell);
  if (iso) return realDate(Number(iso[1]), Number(iso[2]), Number(iso[3])) ?? undefined;
  const dmy = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(cell);
  if (!dmy) return undefined;
  const [a, b, y] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])];
  return realDate(y, b, a) ?? realDate(y, a, b) ?? undefined;
}

/** Minutes from 90, "90 min", "1:30", "1h 30m", "1.5 h"; null when it is none of them. */
export function importMinutes(cell: string): number | null {
  const text = cell.toLowerCase().replace(',', '.').trim();
  const plain = /^(\d{1,4})\s*(?:m|min|mins|minutes|мин|minūtes|min\.)?$/.exec(text);
  if (plain) return Number(plain[1]);
  const clock = /^(\d{1,2}):(\d{2})$/.exec(text);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  const hm = /^(\d{1,2}(?:\.\d+)?)\s*(?:h|hr|hours|st|ч)\s*(?:(\d{1,2})\s*(?:m|min|мин)?)?$/.exec(text);
  if (hm) return Math.round(Number(hm[1]) * 60) + Number(hm[2] ?? 0);
  return null;
}

/** A money cell as the forms take it: "€12,50", "12.5 EUR", "1 200,00" → "12,50"-like text the price schema reads. */
export const importMoney = (cell: string): string =>
  cell
    .replace(/\s*(eur|€)\s*/gi, '')
    .replace(/[\s\u00a0]/g, '')
    .trim();

/** The cells of a row by field: the first column matched to each. */
function byField(cells: readonly string[], matches: readonly ColumnMatch[]) {
  const at = new Map<ImportField, number>();
  matches.forEach((field, column) => {
    if (field && !at.has(field)) at.set(field, column);
  });
  return {
    cell: (field: ImportField) => {
      const column = at.get(field);
      return column === undefined ? '' : cleanCell(cells[column]);
    },
    column: (field: ImportField) => at.get(field) ?? null,
    has: (field: ImportField) => at.has(field),
  };
}

/** A schema's issues as problems on the columns of the fields they name. */
function problemsOf(issues: readonly v.BaseIssue<unknown>[], columnOf: (key: string) => number | null): ImportProblem[] {
  return issues.map((issue) => {
    const key = issue.path?.[0]?.key;
    return { column: typeof key === 'string' ? columnOf(key) : null, message: issue.message as MessageId };
  });
}

export function checkClientRow(
  cells: readonly string[],
  matches: readonly ColumnMatch[],
  options: ImportOptions,
): Omit<CheckedRow<'clients'>, 'line'> {
  const f = byField(cells, matches);
  let firstName = f.cell('firstName');
  let lastName = f.cell('lastName');
  let nameColumn = f.column('firstName');
  if (!firstName && f.has('fullName')) {
    // "Anna Bērziņa": the first word is the first name, the rest the last name (a last name of its own column wins).
    const [first = '', ...rest] = f.cell('fullName').split(/\s+/);
    firstName = first;
    lastName ||= rest.join(' ');
    nameColumn = f.column('fullName');
  }
  const problems: ImportProblem[] = [];
  const gender = importGender(f.cell('gender'));
  if (gender === undefined) problems.push({ column: f.column('gender'), message: 'import.problem.gender' });
  const birthday = importDate(f.cell('birthday'));
  if (birthday === undefined) problems.push({ column: f.column('birthday'), message: 'import.problem.date' });
  const phone = importPhone(f.cell('phone'), options.country);
  const parsed = v.safeParse(clientFieldsSchema, {
    firstName,
    lastName,
    gender: gender ?? options.defaultGender ?? '',
    phone: phone || null,
    email: f.cell('email') || null,
    notes: f.cell('notes'),
    birthday: birthday ?? null,
  });
  const columnOf = (key: string) =>
    key === 'firstName' ? nameColumn : key === 'lastName' ? (f.column('lastName') ?? nameColumn) : f.column(key as ImportField);
  if (!parsed.success)
    problems.push(...problemsOf(parsed.issues, columnOf).filter((p) => !(p.message === 'client.selectGender' && gender === undefined)));
  if (problems.length > 0 || !parsed.success) return { value: null, problems };
  const { firstName: fn, lastName: ln, gender: g, phone: p, email, notes, birthday: b } = parsed.output;
  return { value: { firstName: fn, lastName: ln, gender: g, phone: p, email, notes, birthday: b }, problems: [] };
}

const serviceRowSchema = v.object({
  group: v.pipe(v.string(), v.trim(), v.nonEmpty('serviceGroup.enterName'), v.maxLength(80, 'validation.text.tooLong')),
  name: v.pipe(v.string(), v.trim(), v.nonEmpty('service.enterName'), v.maxLength(80, 'validation.text.tooLong')),
  duration: v.pipe(
    durationSchema,
    v.check((d) => d % DURATION_STEP === 0, 'import.problem.durationStep'),
  ),
  price: priceSchema,
});

export function checkServiceRow(cells: readonly string[], matches: readonly ColumnMatch[]): Omit<CheckedRow<'services'>, 'line'> {
  const f = byField(cells, matches);
  const minutes = importMinutes(f.cell('duration'));
  const parsed = v.safeParse(serviceRowSchema, {
    group: f.cell('group'),
    name: f.cell('name'),
    duration: minutes === null ? f.cell('duration') : minutes,
    price: importMoney(f.cell('price')),
  });
  if (!parsed.success) return { value: null, problems: problemsOf(parsed.issues, (key) => f.column(key as ImportField)) };
  return { value: parsed.output, problems: [] };
}

const productRowSchema = v.object({
  name: productNameSchema,
  code: v.pipe(v.string(), v.trim(), v.maxLength(60, 'validation.text.tooLong')),
  manufacturer: v.pipe(v.string(), v.trim(), v.nonEmpty('product.enterManufacturer'), v.maxLength(120, 'validation.text.tooLong')),
  price: productPriceSchema,
  stock: quantitySchema,
});

export function checkProductRow(cells: readonly string[], matches: readonly ColumnMatch[]): Omit<CheckedRow<'products'>, 'line'> {
  const f = byField(cells, matches);
  const parsed = v.safeParse(productRowSchema, {
    name: f.cell('name'),
    code: f.cell('code'),
    manufacturer: f.cell('manufacturer'),
    price: importMoney(f.cell('price')),
    stock: f.cell('stock') || '0',
  });
  if (!parsed.success)
    return { value: null, problems: problemsOf(parsed.issues, (key) => f.column((key === 'stock' ? 'stock' : key) as ImportField)) };
  return { value: parsed.output, problems: [] };
}

/** Every data row of a file checked for `kind`, lines counted from the header (line 1). */
export function checkRows<K extends ImportKind>(
  kind: K,
  rows: readonly (readonly string[])[],
  matches: readonly ColumnMatch[],
  options: ImportOptions,
): CheckedRow<K>[] {
  return rows.map((cells, i) => {
    const checked =
      kind === 'clients'
        ? checkClientRow(cells, matches, options)
        : kind === 'services'
          ? checkServiceRow(cells, matches)
          : checkProductRow(cells, matches);
    return { line: i + 2, ...checked } as CheckedRow<K>;
  });
}
