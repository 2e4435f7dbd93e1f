import * as v from 'valibot';
import { newPassword } from './access';
import { optionalCommand } from './command';
import { DEFAULT_PHONE_PREFIX, optionalPhone } from './phone';
import { idSchema } from './salon';

/** Administrators (part 2 §2, §3, §5, §7). Messages are catalog ids; texts are the spec's. */
const trimmed = v.pipe(
  v.optional(v.nullable(v.string()), ''),
  v.transform((s) => (s ?? '').trim()),
);

export const administratorFirstName = v.pipe(
  trimmed,
  v.nonEmpty('administrator.enterFirstName'),
  v.maxLength(80, 'validation.text.tooLong'),
);
const lastName = v.pipe(trimmed, v.maxLength(80, 'validation.text.tooLong'));
/** The e-mail is the login name: required, trimmed and lower-cased (as users.email is stored). */
const email = v.pipe(
  trimmed,
  v.nonEmpty('administrator.enterEmail'),
  v.toLowerCase(),
  v.email('validation.email.invalid'),
  v.maxLength(254, 'validation.email.invalid'),
);

/** The identity fields both dialogs edit. */
const identity = { firstName: administratorFirstName, lastName, phone: optionalPhone };

/**
 * addAdministrator (part 2 §7): salonId, the fields without passwordRepeat, phone. `password` is null when the
 * e-mail already has an account: it is linked, and its owner keeps signing in with his own password
 * (docs/decisions/022). `userId` is the acting user in the spec's call; the server takes him from the session.
 */
export const addAdministratorSchema = v.object({
  id: v.optional(v.nullable(idSchema), null),
  userId: v.optional(v.nullable(idSchema), null),
  salonId: idSchema,
  ...identity,
  email,
  password: v.optional(v.nullable(newPassword('administrator.enterPassword')), null),
});
export type AddAdministratorInput = v.InferInput<typeof addAdministratorSchema>;

/** updateAdministrator: the name and phone of the account (e-mail and password stay the person's own). */
export const updateAdministratorSchema = v.object({
  userId: v.optional(v.nullable(idSchema), null),
  salonId: idSchema,
  administratorId: idSchema,
  ...identity,
  command: optionalCommand,
});
export type UpdateAdministratorInput = v.InferInput<typeof updateAdministratorSchema>;

/** deleteAdministrator: userId (the acting user), salonId, administratorId. */
export const deleteAdministratorSchema = v.object({
  userId: v.optional(v.nullable(idSchema), null),
  salonId: idSchema,
  administratorId: idSchema,
  command: optionalCommand,
});
export type DeleteAdministratorInput = v.InferInput<typeof deleteAdministratorSchema>;

/** Owner Settings: the salon passes to one of its administrators. */
export const transferOwnershipSchema = v.object({ salonId: idSchema, administratorId: idSchema });
export type TransferOwnershipInput = v.InferInput<typeof transferOwnershipSchema>;

export interface NewAdministratorFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  passwordRepeat: string;
  /** The e-mail already has an account (lookup): no password is asked, the account is linked. */
  existing: boolean;
}
export const BLANK_ADMINISTRATOR_FORM: NewAdministratorFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: DEFAULT_PHONE_PREFIX,
  password: '',
  passwordRepeat: '',
  existing: false,
};

const formPassword = v.pipe(
  v.string(),
  v.check((s) => s === '' || s.length >= 8, 'validation.password.tooShort'),
  v.maxLength(200, 'validation.password.tooLong'),
);
type Passwords = { password: string; passwordRepeat: string; existing: boolean };
const mismatch = (input: Passwords) => input.password === '' || input.passwordRepeat === '' || input.password === input.passwordRepeat;

/**
 * New administrator dialog (part 2 §5): first name ('Enter user first name'), e-mail ('Enter user email'),
 * password on add ('Enter user password') unless the e-mail has an account; a given password needs the repeat
 * ('Confirm user password') and both must match ('Passwords dont match', on both fields); phone as for masters.
 */
export const newAdministratorFormSchema = v.pipe(
  v.object({
    ...identity,
    email,
    password: formPassword,
    passwordRepeat: v.string(),
    existing: v.boolean(),
  }),
  // Each check selects only the field it reports on: a partial check is skipped once an issue sits on any path
  // it selects, so selecting both password fields would let the first mismatch hide the second.
  v.forward(
    v.partialCheck([['password']], (i) => (i as Passwords).existing || i.password !== '', 'administrator.enterPassword'),
    ['password'],
  ),
  v.forward(
    v.partialCheck(
      [['passwordRepeat']],
      (i) => (i as Passwords).password === '' || i.passwordRepeat !== '',
      'administrator.confirmPassword',
    ),
    ['passwordRepeat'],
  ),
  v.forward(
    v.partialCheck([['password']], (i) => mismatch(i as Passwords), 'administrator.passwordsDontMatch'),
    ['password'],
  ),
  v.forward(
    v.partialCheck([['passwordRepeat']], (i) => mismatch(i as Passwords), 'administrator.passwordsDontMatch'),
    ['passwordRepeat'],
  ),
);

export interface EditAdministratorFormValues {
  firstName: string;
  lastName: string;
  phone: string;
}
/** Edit administrator dialog: name and phone. */
export const editAdministratorFormSchema = v.object(identity);

/** The add call's input from the dialog's values: no repeat; no password for an existing account. */
export function addAdministratorInput(
  values: NewAdministratorFormValues,
  salonId: string,
  id: string,
): v.InferOutput<typeof addAdministratorSchema> {
  const parsed = v.parse(newAdministratorFormSchema, values);
  return {
    id,
    userId: null,
    salonId,
    firstName: parsed.firstName,
    lastName: parsed.lastName,
    email: parsed.email,
    phone: parsed.phone,
    password: parsed.existing ? null : parsed.password,
  };
}

/** How an administrator is named in lists and questions: the name, else the e-mail. */
export function administratorName(a: { firstName: string; lastName: string; email: string }): string {
  return `${a.firstName} ${a.lastName}`.trim() || a.email;
}
