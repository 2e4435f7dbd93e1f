import * as v from 'valibot';

/** getPromoCodeUsers' filter (part 2 §7): the promo codes to keep; none keeps every code. */
export const promoCodeFilterSchema = v.object({
  promoCodeFilter: v.pipe(
    v.optional(v.nullable(v.array(v.pipe(v.string(), v.trim(), v.maxLength(64, 'validation.text.tooLong')))), []),
    v.transform((codes) => [...new Set(codes ?? [])]),
    v.maxLength(200, 'validation.text.tooLong'),
  ),
});
