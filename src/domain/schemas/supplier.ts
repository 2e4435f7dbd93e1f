import * as v from 'valibot';
import { DEFAULT_PHONE_PREFIX, optionalPhone } from './phone';
import { idSchema } from './salon';

/**
 * Suppliers (part 2 §2 "Sysadmin screens", §3, §5, §7; issue 18). Messages are catalog ids; texts are the
 * spec's: first name 'Enter client first name', e-mail 'Invalid email', phone as everywhere, password 'Enter
 * password', repeat 'Repeat password', mismatch "Password doesn't match".
 */
const trimmed = v.pipe(
  v.optional(v.nullable(v.string()), ''),
  v.transform((s) => (s ?? '').trim()),
);
const firstName = v.pipe(trimmed, v.nonEmpty('client.enterFirstName'), v.maxLength(80, 'validation.text.tooLong'));
const lastName = v.pipe(trimmed, v.maxLength(80, 'validation.text.tooLong'));
const email = v.pipe(
  trimmed,
  v.nonEmpty('validation.email.invalid'),
  v.toLowerCase(),
  v.email('validation.email.invalid'),
  v.maxLength(254, 'validation.email.invalid'),
);
const password = v.pipe(
  v.string(),
  v.check((s) => s === '' || s.length >= 8, 'validation.password.tooShort'),
  v.maxLength(200, 'validation.password.tooLong'),
);
/** The API's password: null keeps (update) or is not needed (an existing account, linked as it is). */
const apiPassword = v.pipe(
  v.optional(v.nullable(v.string()), null),
  v.transform((s) => (s ? s : null)),
  v.nullable(v.pipe(v.string(), v.minLength(8, 'validation.password.tooShort'), v.maxLength(200, 'validation.password.tooLong'))),
);

const identity = { firstName, lastName, email, phone: optionalPhone };

/** createSupplier (part 2 §7): the identity and the password (null when the person already has an account). */
export const createSupplierSchema = v.object({ ...identity, password: apiPassword });
/** updateSupplier: supplierId plus the same; a null password keeps the account's. */
export const updateSupplierSchema = v.object({ supplierId: idSchema, ...identity, password: apiPassword });
/** deleteSupplier: supplierId. */
export const deleteSupplierSchema = v.object({ supplierId: idSchema });

/** getSuppliers (part 2 §7, §9): a search, pages of 20 (never more), an opaque cursor. */
export const SUPPLIER_PAGE_SIZE = 20;
export const getSuppliersSchema = v.object({
  search: v.pipe(
    v.optional(v.nullable(v.string()), ''),
    v.transform((s) => (s ?? '').trim()),
    v.maxLength(100, 'validation.text.tooLong'),
  ),
  first: v.pipe(
    v.optional(v.nullable(v.number()), SUPPLIER_PAGE_SIZE),
    v.transform((n) => n ?? SUPPLIER_PAGE_SIZE),
    v.integer('validation.number.invalid'),
    v.minValue(1, 'validation.number.invalid'),
    v.maxValue(SUPPLIER_PAGE_SIZE, 'validation.number.invalid'),
  ),
  after: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(400, 'validation.id.invalid'))), null),
});

/** One row of the Connections tab: a salon and one of its manufacturers. */
export interface ConnectionRow {
  salon: string;
  manufacturer: string;
}
const connectionRow = v.object({
  salon: v.pipe(v.string(), v.nonEmpty('supplier.selectSalon'), v.regex(/^[0-9a-f]{24}$/, 'supplier.selectSalon')),
  manufacturer: v.pipe(v.string(), v.nonEmpty('supplier.selectManufacturer'), v.regex(/^[0-9a-f]{24}$/, 'supplier.selectManufacturer')),
});
/** The Connections form: at least one row ('Add atleast one item', spelling fixed), each with a salon and a manufacturer. */
export const connectionsFormSchema = v.object({
  connections: v.pipe(v.array(connectionRow), v.minLength(1, 'supplier.addAtLeastOne'), v.maxLength(500, 'validation.text.tooLong')),
});
export type ConnectionsFormValues = { connections: ConnectionRow[] };
/** createSupplierSalonConnection: the supplier and its rows; a manufacturer appears once. */
export const supplierConnectionsSchema = v.object({
  supplier: idSchema,
  connections: v.pipe(
    connectionsFormSchema.entries.connections,
    v.check((rows) => new Set(rows.map((r) => r.manufacturer)).size === rows.length, 'supplier.manufacturerTwice'),
  ),
});

/** The form counts as unchanged when its rows equal the initial rows or when there are none (part 2 §2). */
export function connectionsUnchanged(rows: readonly ConnectionRow[], initial: readonly ConnectionRow[]): boolean {
  if (rows.length === 0) return true;
  return (
    rows.length === initial.length && rows.every((r, i) => r.salon === initial[i]?.salon && r.manufacturer === initial[i]?.manufacturer)
  );
}

/**
 * The manufacturer options of one row (part 2 §5): the row's salon's, minus those chosen in other rows, and
 * only live ones unless it is the row's current value.
 */
export function manufacturerOptions<M extends { id: string; salonId: string; deletedAt: string | null }>(
  all: readonly M[],
  rows: readonly ConnectionRow[],
  index: number,
): M[] {
  const row = rows[index];
  if (!row?.salon) return [];
  const taken = new Set(rows.filter((_, i) => i !== index).map((r) => r.manufacturer));
  return all.filter((m) => m.salonId === row.salon && !taken.has(m.id) && (m.deletedAt === null || m.id === row.manufacturer));
}

export interface SupplierFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  passwordRepeat: string;
  /** New: the person already has an account (lookup EXISTS). Edit: true (the password is optional). */
  existing: boolean;
}
export const BLANK_SUPPLIER_FORM: SupplierFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: DEFAULT_PHONE_PREFIX,
  password: '',
  passwordRepeat: '',
  existing: false,
};
type Passwords = { password: string; passwordRepeat: string; existing: boolean };
const matches = (i: Passwords) => i.password === '' || i.passwordRepeat === '' || i.password === i.passwordRepeat;

/**
 * The supplier form (part 2 §5): password and repeat required unless the person already exists (or when
 * editing, where a blank password keeps the account's); a mismatch shows on both.
 */
export const supplierFormSchema = v.pipe(
  v.object({ ...identity, password, passwordRepeat: v.string(), existing: v.boolean() }),
  v.forward(
    v.partialCheck([['password']], (i) => (i as Passwords).existing || i.password !== '', 'supplier.enterPassword'),
    ['password'],
  ),
  v.forward(
    v.partialCheck(
      [['passwordRepeat']],
      (i) => ((i as Passwords).existing && (i as Passwords).password === '') || i.passwordRepeat !== '',
      'supplier.repeatPassword',
    ),
    ['passwordRepeat'],
  ),
  v.forward(
    v.partialCheck([['password']], (i) => matches(i as Passwords), 'supplier.passwordMismatch'),
    ['password'],
  ),
  v.forward(
    v.partialCheck([['passwordRepeat']], (i) => matches(i as Passwords), 'supplier.passwordMismatch'),
    ['passwordRepeat'],
  ),
);

/** The API input of a valid form (the server checks it again with its own schema). */
export function supplierInput(values: SupplierFormValues) {
  const parsed = v.parse(v.object(identity), values);
  return { ...parsed, password: values.password === '' ? null : values.password };
}
