import { describe, expect, it } from 'vitest';
import { nameIn } from './names';

describe('nameIn', () => {
  it('takes the language, then en, lv, ru', () => {
    expect(nameIn({ en: 'Haircut', lv: 'Matu griezums' }, 'lv')).toBe('Matu griezums');
    expect(nameIn({ en: 'Haircut', lv: 'Matu griezums' }, 'ru')).toBe('Haircut');
    expect(nameIn({ ru: 'Стрижка' }, 'en')).toBe('Стрижка');
    expect(nameIn(null, 'en')).toBe('');
  });
});
