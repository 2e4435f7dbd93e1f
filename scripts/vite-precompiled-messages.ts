import { createRequire } from 'node:module';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Alias, Plugin } from 'vite';
import { bookPagePart, catalogPart, type CatalogPart } from '../src/i18n/messages/parts.ts';

const CATALOG = /\/src\/i18n\/messages\/[a-z]{2}\.json$/;

/**
 * The catalogs go to the browser already parsed (formatjs's "pre-compiled" messages): each message is its ICU
 * syntax tree, as `formatjs compile --ast` writes it. The browser then needs no ICU parser, which the alias below
 * swaps for formatjs's own parser-less build: about 9 KB gzip less before the first paint of every page, for about
 * 1 KB more in the catalog (issue 23). A message that does not parse fails the build. An import with `?part=first-paint`,
 * `?part=shell` or `?part=rest` gets that part of the catalog, `?part=book` the booking page's (src/i18n/messages/parts.ts).
 */
export function precompiledMessages(): Plugin {
  return {
    name: 'precompiled-messages',
    enforce: 'pre',
    transform(code, id) {
      const [path, query] = id.split('?');
      if (!CATALOG.test(path ?? '')) return null;
      const part = new URLSearchParams(query ?? '').get('part') as CatalogPart | 'book' | null;
      const all = JSON.parse(code) as Record<string, string>;
      const messages = part === 'book' ? bookPagePart(all) : part ? catalogPart(all, part) : all;
      const trees = Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, parse(message)]));
      // The catalog as written stays JSON for Vite's JSON step; a part (a query Vite does not take for JSON) becomes
      // the module that step would make.
      const json = JSON.stringify(trees);
      return { code: part ? `export default ${json};` : json, map: null };
    },
  };
}

/** react-intl and intl-messageformat import the parser only to parse strings; with trees they never call it. */
export const noRuntimeParser: Alias = {
  find: /^@formatjs\/icu-messageformat-parser$/,
  replacement: createRequire(import.meta.url).resolve('@formatjs/icu-messageformat-parser/no-parser.js'),
};
