import { describe, expect, it } from 'vitest';
import { PUSH_BATCH_CHARS, withinPushLimit } from './graphql-transport';

const command = (seq: number, chars: number) => ({ seq, input: 'x'.repeat(chars) });

describe('a push batch within PUSH_BATCH_CHARS', () => {
  it('keeps every command while their inputs fit', () => {
    const batch = [command(1, 1000), command(2, PUSH_BATCH_CHARS - 2000), command(3, 1000)];
    expect(withinPushLimit(batch).map((c) => c.seq)).toEqual([1, 2, 3]);
  });

  it('stops before the command that would pass the limit; the rest wait for the next request', () => {
    const batch = [command(1, 1000), command(2, PUSH_BATCH_CHARS - 1000), command(3, 1), command(4, 10)];
    expect(withinPushLimit(batch).map((c) => c.seq)).toEqual([1, 2]);
  });

  it('always sends the first command, however large', () => {
    expect(withinPushLimit([command(1, PUSH_BATCH_CHARS + 1), command(2, 1)]).map((c) => c.seq)).toEqual([1]);
  });
});
