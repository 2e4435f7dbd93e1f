import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** A search typed by a user, matched literally inside ILIKE (its %, _ and \ are not patterns). */
const likeText = (search: string): string => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `text` holds the user's search literally, case and accents ignored (PostgreSQL's unaccent, migration 0009):
 * "vitols" finds "Vītols" and "елка" finds "Ёлка", as the Clients search does on the mirror
 * (src/domain/rules/client-search.ts). A search of a server-paged list (part 2 §9) goes through here.
 */
export const containsText = (text: SQLWrapper, search: string): SQL => sql`unaccent(${text}) ilike unaccent(${likeText(search)})`;
