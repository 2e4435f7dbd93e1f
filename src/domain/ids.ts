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

/**
 * An id derived from a seed id and a key: the same on the client and the server, so a command that creates
 * several rows (Generate schedule) needs no id remapping (DESIGN.md §4). The seed is a `newId()` made by the
 * client for that command; the key names the row inside it. 96 bits of two FNV-1a-style mixes, so it is cheap
 * and synchronous (a command's local apply must not await anything but IndexedDB).
 */
export function derivedId(seed: string, key: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  const text = `${seed}#${key}`;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 16777619) >>> 0;
    h2 = Math.imul(h2 ^ c, 2246822519) >>> 0;
  }
  const h3 = Math.imul(h1 ^ h2, 3266489917) >>> 0;
  return [h1, h2, h3].map((n) => n.toString(16).padStart(8, '0')).join('');
}
