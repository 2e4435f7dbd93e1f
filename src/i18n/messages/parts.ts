/**
 * Each language's catalog comes in three parts (DESIGN.md §10 initial JavaScript, issue 23 item 4): the messages
 * the landing page paints with; the ones the signed-in shell's Appointments page adds to its first frame; and the
 * rest, which loads after that first paint, or before any other page renders. A key is in a part when it is one of
 * the part's prefixes or begins with one and a dot; the first part's prefixes win.
 */
export const FIRST_PAINT_PREFIXES = ['app', 'landing', 'lang', 'menu.language', 'pwa', 'notFound', 'error', 'offline'] as const;
export const SHELL_PREFIXES = [
  'menu',
  'screen',
  'salonSwitcher',
  'status',
  'sync',
  'timetable',
  'payment',
  'sale.button',
  'common.close',
  'subscription.banner',
  'subscription.choosePlan',
] as const;

export type CatalogPart = 'first-paint' | 'shell' | 'rest';
export const CATALOG_PARTS: readonly CatalogPart[] = ['first-paint', 'shell', 'rest'];

const under = (prefixes: readonly string[], key: string) => prefixes.some((prefix) => key === prefix || key.startsWith(`${prefix}.`));

/** The part a message is in. */
export const partOf = (key: string): CatalogPart =>
  under(FIRST_PAINT_PREFIXES, key) ? 'first-paint' : under(SHELL_PREFIXES, key) ? 'shell' : 'rest';

/** Keeps the messages of one part. */
export function catalogPart<T>(messages: Record<string, T>, part: CatalogPart): Record<string, T> {
  return Object.fromEntries(Object.entries(messages).filter(([key]) => partOf(key) === part));
}

/**
 * The parts a page paints with: the landing page for a visitor not signed in, the first part; the Appointments
 * page of a signed-in start, the first two; every other page, the whole catalog.
 */
export function partsToPaint(pathname: string, signedIn: boolean): readonly CatalogPart[] {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/' && !signedIn) return ['first-paint'];
  if (path === '/salon/appointments' && signedIn) return ['first-paint', 'shell'];
  return CATALOG_PARTS;
}

/**
 * The booking page's messages (issue 61), a catalog of their own for the page clients open (src/book): its texts,
 * the languages' names, and the messages its schemas and the server may answer its fields with.
 */
export const BOOK_PAGE_PREFIXES = [
  'book',
  'lang',
  'validation.email.invalid',
  'validation.phone.invalid',
  'validation.phone.countryCode',
  'validation.text.tooLong',
  'validation.text.invalidCharacters',
  'error.tooManyAttempts',
] as const;

/** Keeps the booking page's messages. */
export function bookPagePart<T>(messages: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(messages).filter(([key]) => under(BOOK_PAGE_PREFIXES, key)));
}
