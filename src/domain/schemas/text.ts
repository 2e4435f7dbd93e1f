/**
 * Characters no text field keeps (issue 16 item 3): NUL (PostgreSQL's text cannot hold it; the statement fails),
 * a lone UTF-16 surrogate (half a character: it would be stored as U+FFFD, silently changed), and the bidirectional
 * embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): a name holding U+202E shows reversed to
 * whoever reads it ("Trojan Source"; issue 56). Every input is
 * walked for them before its schema runs, on the server (parseInput) and in the local commands (parseOrRefuse),
 * so the refusal names the field.
 */
// eslint-disable-next-line no-control-regex
const BAD_TEXT = /\u0000|[\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const INVALID_CHARACTERS_MESSAGE = 'validation.text.invalidCharacters';

export function hasBadText(value: string): boolean {
  return BAD_TEXT.test(value);
}

/** The path (keys) of the first string in `value` holding such a character, or null. Object keys count too. */
export function findBadText(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return hasBadText(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  const entries = Array.isArray(value) ? value.map((item, i) => [String(i), item] as const) : Object.entries(value);
  for (const [key, item] of entries) {
    if (hasBadText(key)) return [...path, key];
    const found = findBadText(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}
