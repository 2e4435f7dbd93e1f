import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { schemaValidator } from './form-field';

describe("a form's validator", () => {
  const schema = v.object({ notes: v.pipe(v.string(), v.maxLength(5, 'validation.text.tooLong')) });
  const validate = (value: unknown) => schemaValidator<{ notes: string }>(schema)['~standard'].validate(value);

  it('refuses a NUL or half a character on its field before the schema', () => {
    expect(validate({ notes: 'a\u0000' })).toEqual({ issues: [{ message: 'validation.text.invalidCharacters', path: ['notes'] }] });
    expect(validate({ notes: '\uD83D' })).toEqual({ issues: [{ message: 'validation.text.invalidCharacters', path: ['notes'] }] });
  });

  it('otherwise answers as the schema does', () => {
    expect(validate({ notes: 'ok' })).toMatchObject({ value: { notes: 'ok' } });
    expect(validate({ notes: 'ok' })).not.toHaveProperty('issues');
    expect((validate({ notes: 'too long' }) as { issues: Array<{ message: string }> }).issues[0]?.message).toBe('validation.text.tooLong');
  });
});
