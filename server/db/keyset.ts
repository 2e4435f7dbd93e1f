import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
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

/** A search typed by a user, matched literally inside ILIKE (its %, _ and \ are not patterns). */
const likeText = (search: string): string => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `text` holds the user's search literally, case and accents ignored (PostgreSQL's unaccent, migration 0009):
 * "vitols" finds "Vītols" and "елка" finds "Ёлка", as the Clients search does on the mirror
 * (src/domain/rules/client-search.ts). A search of a server-paged list (part 2 §9) goes through here.
 */
export const containsText = (text: SQLWrapper, search: string): SQL => sql`unaccent(${text}) ilike unaccent(${likeText(search)})`;
