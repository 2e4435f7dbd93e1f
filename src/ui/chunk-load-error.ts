/**
 * Whether `error` is a code chunk that could not be loaded: a page, dialog or part the tab has not loaded before,
 * asked for offline before a service worker holds it (decision 051), or on a line that dropped meanwhile.
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /dynamically imported module|Importing a module script failed|Unable to preload/i.test(message);
}
