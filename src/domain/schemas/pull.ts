import * as v from 'valibot';
import { idSchema } from './salon';

/** Pull page size (DESIGN.md §5.6): default 1000, at most 5000. A page never splits one rev. */
export const PULL_LIMIT_DEFAULT = 1000;
export const PULL_LIMIT_MAX = 5000;

const count = v.pipe(v.number('validation.number.invalid'), v.integer('validation.number.invalid'));

export const pullSchema = v.object({
  salon: idSchema,
  cursor: v.pipe(count, v.minValue(0, 'validation.number.invalid')),
  limit: v.pipe(
    v.optional(
      v.nullable(v.pipe(count, v.minValue(1, 'validation.number.invalid'), v.maxValue(PULL_LIMIT_MAX, 'validation.number.invalid'))),
      null,
    ),
    v.transform((n) => n ?? PULL_LIMIT_DEFAULT),
  ),
});
export type PullInput = v.InferInput<typeof pullSchema>;
