/** Ids are 24-character lowercase hex (DESIGN.md §4), made on the client for offline creation. */
export const ID_PATTERN = /^[0-9a-f]{24}$/;

export function newId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}
