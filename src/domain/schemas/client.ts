import * as v from 'valibot';
import { optionalCommand } from './command';
import { optionalPhone } from './phone';
import { idSchema } from './salon';

/** Client form and command input (part 1 §5). Messages are catalog ids. */
const text = (max: number) => v.pipe(v.optional(v.nullable(v.string()), ''), v.transform((s) => (s ?? '').trim()), v.maxLength(max, 'validation.text.tooLong'));
const birthday = v.pipe(
  v.optional(v.nullable(v.string()), null),
  v.transform((s) => (s ? s.trim() : null)),
  v.check((s) => s === null || (/^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`))), 'validation.date.invalid'),
);

export const clientFieldsSchema = v.object({
  firstName: v.pipe(v.string('client.enterFirstName'), v.trim(), v.nonEmpty('client.enterFirstName'), v.maxLength(80, 'validation.text.tooLong')),
  lastName: text(80),
  gender: v.picklist(['MALE', 'FEMALE'], 'client.selectGender'),
  phone: optionalPhone,
  email: v.pipe(
    v.optional(v.nullable(v.string()), null),
    v.transform((s) => (s?.trim() ? s.trim().toLowerCase() : null)),
    v.check((s) => s === null || v.is(v.pipe(v.string(), v.email()), s), 'validation.email.invalid'),
  ),
  notes: text(2000),
  birthday,
  blocked: v.optional(v.boolean(), false),
});

export const createClientSchema = v.object({
  id: idSchema,
  salon: idSchema,
  ...clientFieldsSchema.entries,
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
