import { describe, expect, expectTypeOf, it } from 'vitest';
import type { MessageId } from './message-id';
import en from './en.json';

/** The type checker holds message ids to the catalogs; this file does not compile when it stops doing so. */
describe('MessageId', () => {
  it('is a key of the catalogs, not any string', () => {
    expectTypeOf<'common.close'>().toExtend<MessageId>();
    expectTypeOf<'no.such.message'>().not.toExtend<MessageId>();
    expectTypeOf<string>().not.toExtend<MessageId>();
    // @ts-expect-error an id that no catalog holds
    const missing: MessageId = 'no.such.message';
    expect(missing in en).toBe(false);
  });
});
