import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { priceSchema } from './service';

describe("a service's price", () => {
  it('is at most €100 000, with its own message rather than "Enter price" (issue 60 item 12)', () => {
    expect(v.parse(priceSchema, '100000')).toBe('100000.00');
    const tooLarge = v.safeParse(priceSchema, '1000000');
    expect(tooLarge.issues?.[0]?.message).toBe('validation.price.tooLarge');
    expect(v.safeParse(priceSchema, 'abc').issues?.[0]?.message).toBe('service.enterPrice');
  });
});
