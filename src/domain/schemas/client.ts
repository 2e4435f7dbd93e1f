import * as v from 'valibot';
import { ID_PATTERN } from '../ids';
import { MESSAGE_LANGUAGES } from '../rules/client-messages';
import { optionalCommand } from './command';
import { optionalPhone } from './phone';
import { idSchema } from './salon';

/** Client form and command input (part 1 §5). Messages are catalog ids. */
const text = (max: number) =>
  v.pipe(
    v.optional(v.nullable(v.string()), ''),
    v.transform((s) => (s ?? '').trim()),
    v.maxLength(max, 'validation.text.tooLong'),
  );
const birthday = v.pipe(
  v.optional(v.nullable(v.string()), null),
  v.transform((s) => (s ? s.trim() : null)),
  v.check((s) => s === null || (/^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`))), 'validation.date.invalid'),
);

/** Optional e-mail: trimmed and lower-cased (e-mails are matched without case), null when blank. */
const optionalEmail = v.pipe(
  v.optional(v.nullable(v.string()), null),
  v.transform((s) => (s?.trim() ? s.trim().toLowerCase() : null)),
  v.check((s) => s === null || v.is(v.pipe(v.string(), v.email()), s), 'validation.email.invalid'),
);

export const clientFieldsSchema = v.object({
  firstName: v.pipe(
    v.string('client.enterFirstName'),
    v.trim(),
    v.nonEmpty('client.enterFirstName'),
    v.maxLength(80, 'validation.text.tooLong'),
  ),
  lastName: text(80),
  gender: v.picklist(['MALE', 'FEMALE'], 'client.selectGender'),
  phone: optionalPhone,
  email: optionalEmail,
  notes: text(2000),
  birthday,
  blocked: v.optional(v.boolean(), false),
  /** The language of the client's messages; null: the salon's. Absent on an update: unchanged. */
  language: v.optional(
    v.pipe(
      v.nullable(v.picklist([...MESSAGE_LANGUAGES, ''], 'client.messageLanguage.invalid')),
      v.transform((l) => (l ? l : null)),
    ),
  ),
  /** Whether the client gets messages. Absent: true on a create, unchanged on an update. */
  messageConsent: v.optional(v.boolean()),
});

export const createClientSchema = v.object({
  id: idSchema,
  salon: idSchema,
  ...clientFieldsSchema.entries,
  /**
   * The user account the phone lookup found (part 1 §4 'EXISTS'): the client is then GLOBAL and its identity
   * comes from that account. The server checks the account's phone or e-mail equals the input's.
   */
  userId: v.optional(v.nullable(idSchema), null),
  command: optionalCommand,
});
export type CreateClientInput = v.InferInput<typeof createClientSchema>;

export const updateClientSchema = v.object({
  salonId: idSchema,
  clientId: idSchema,
  ...clientFieldsSchema.entries,
  command: optionalCommand,
});
export type UpdateClientInput = v.InferInput<typeof updateClientSchema>;

export const deleteClientSchema = v.object({ salonId: idSchema, clientId: idSchema, command: optionalCommand });
export type DeleteClientInput = v.InferInput<typeof deleteClientSchema>;

/** More than any salon has masters; bounds the row and the check. */
export const MAX_DEFAULT_MASTERS = 200;

/**
 * setDefaultMasters (part 1 §7): the client's default masters, replacing the previous list. Ids are kept in
 * the order given, each once; that they are live masters of the salon is checked against the data.
 */
export const setDefaultMastersSchema = v.object({
  salon: idSchema,
  client: idSchema,
  masters: v.pipe(
    v.array(v.string('client.defaultMasters.unknownMaster'), 'client.defaultMasters.unknownMaster'),
    // Checked on the whole list so the message lands on the `masters` field, not on `masters.3`.
    v.check((ids) => ids.every((id) => ID_PATTERN.test(id)), 'client.defaultMasters.unknownMaster'),
    v.transform((ids) => [...new Set(ids)]),
    v.maxLength(MAX_DEFAULT_MASTERS, 'client.defaultMasters.tooMany'),
  ),
  command: optionalCommand,
});
export type SetDefaultMastersInput = v.InferInput<typeof setDefaultMastersSchema>;

/**
 * Who a lookup looks for (part 1 §7 Query user, part 2 §4): a future client (client form), master (staff
 * form) or supplier (sysadmin's supplier form). Null or absent means CLIENT.
 */
export const LOOKUP_ROLES = ['CLIENT', 'MASTER', 'SUPPLIER'] as const;
export type LookupRole = (typeof LOOKUP_ROLES)[number];

/** Query user: a phone (stripped) or an e-mail (lower-cased), at least one; exact matches only. */
export const userLookupSchema = v.pipe(
  v.object({
    email: optionalEmail,
    phone: optionalPhone,
    role: v.pipe(
      v.optional(v.nullable(v.picklist(LOOKUP_ROLES, 'validation.role.invalid')), null),
      v.transform((role): LookupRole => role ?? 'CLIENT'),
    ),
  }),
  v.check((input) => input.email !== null || input.phone !== null, 'client.lookup.phoneOrEmail'),
);
export type UserLookupInput = v.InferInput<typeof userLookupSchema>;
