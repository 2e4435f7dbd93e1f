import { describe, expect, it } from 'vitest';
import { newId } from '../../domain/ids';
import { createClientSchema } from '../../domain/schemas/client';
import { parseOrRefuse } from './validate';

describe("a local command's input", () => {
  const client = {
    id: newId(),
    salon: newId(),
    firstName: 'Ilze',
    lastName: 'Kalna',
    gender: 'FEMALE',
    phone: null,
    email: null,
    notes: '',
    birthday: null,
  };

  it('refuses a NUL or half a character on its field, as the server does, before the schema', () => {
    expect(() => parseOrRefuse(createClientSchema, { ...client, notes: 'a\u0000b' })).toThrow(
      expect.objectContaining({
        error: expect.objectContaining({ reason: 'VALIDATION_FAILED', field: 'notes', messageId: 'validation.text.invalidCharacters' }),
      }),
    );
    expect(() => parseOrRefuse(createClientSchema, { ...client, lastName: '\uDE00' })).toThrow(
      expect.objectContaining({ error: expect.objectContaining({ field: 'lastName' }) }),
    );
  });

  it('refuses a phone that is not one as an invalid phone, and keeps a whole emoji', () => {
    expect(() => parseOrRefuse(createClientSchema, { ...client, phone: 'abc' })).toThrow(
      expect.objectContaining({ error: expect.objectContaining({ field: 'phone', messageId: 'validation.phone.invalid' }) }),
    );
    expect(parseOrRefuse(createClientSchema, { ...client, notes: 'Allergy 😀' }).notes).toBe('Allergy 😀');
  });
});
