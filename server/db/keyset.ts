import { refused } from '../graphql/refusals';

/**
 * Keyset paging (part 2 §9: pages of 20 with a cursor): the cursor is the last row's sort key and id, opaque to
 * the caller. A cursor that is not one of ours is refused as invalid input.
 */
export const encodeCursor = (key: string, id: string): string => Buffer.from(JSON.stringify([key, id])).toString('base64url');

export function decodeCursor(cursor: string): [string, string] {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && parsed.every((p) => typeof p === 'string')) return parsed as [string, string];
  } catch {
    // Falls through to the refusal.
  }
  throw refused('invalidInput');
}
