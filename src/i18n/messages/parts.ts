/**
 * Each language's catalog comes in two parts (DESIGN.md §10 initial JavaScript, issue 23 item 4): the messages the
 * landing page paints with, and the rest, which loads after that first paint, or before any other page renders.
 * A key is in the first part when it is one of these prefixes or begins with one and a dot.
 */
export const FIRST_PAINT_PREFIXES = ['app', 'landing', 'lang', 'menu.language', 'pwa', 'notFound', 'error', 'offline'] as const;

export type CatalogPart = 'first-paint' | 'rest';

export const inFirstPaintPart = (key: string) => FIRST_PAINT_PREFIXES.some((prefix) => key === prefix || key.startsWith(`${prefix}.`));

/** Keeps the messages of one part. */
export function catalogPart<T>(messages: Record<string, T>, part: CatalogPart): Record<string, T> {
  return Object.fromEntries(Object.entries(messages).filter(([key]) => inFirstPaintPart(key) === (part === 'first-paint')));
}

/** Pages that paint with the first part alone: the landing page, for a visitor not signed in. */
export const paintsWithFirstPart = (pathname: string, signedIn: boolean) => pathname === '/' && !signedIn;
