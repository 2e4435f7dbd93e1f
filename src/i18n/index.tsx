import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { I18nProvider as AriaI18nProvider } from 'react-aria-components';
import { IntlProvider, useIntl, type MessageFormatElement } from 'react-intl';
import { CATALOG_PARTS, partsToPaint, type CatalogPart } from './messages/parts';
import { initialLanguage, rememberLanguage, type Language } from './languages';
import type { MessageId } from './messages/message-id';

/** The only import point of react-intl (DESIGN.md §2). */
export { FormattedMessage, FormattedDate, FormattedNumber, useIntl } from 'react-intl';
export { LANGUAGES, type Language } from './languages';
export { partsToPaint } from './messages/parts';
export type { MessageId } from './messages/message-id';

/** As written, a message is ICU text; the build hands the browser each one parsed (scripts/vite-precompiled-messages.ts). */
type Catalog = Record<string, string> | Record<string, MessageFormatElement[]>;
/**
 * Each language's catalog is three chunks of its own (src/i18n/messages/parts.ts): the landing page paints with the
 * first part, the signed-in Appointments page with the first two, and each loads the rest after its first paint;
 * every other page renders once all three are here. The first paint carries one language, not three, and of that
 * language only what the page shows (DESIGN.md §10).
 */
/* eslint-disable boundaries/dependencies -- the ?part= query hides these ./messages chunks from the import resolver */
const LOADERS: Record<Language, Record<CatalogPart, () => Promise<{ default: Catalog }>>> = {
  en: {
    'first-paint': () => import('./messages/en.json?part=first-paint'),
    shell: () => import('./messages/en.json?part=shell'),
    rest: () => import('./messages/en.json?part=rest'),
  },
  lv: {
    'first-paint': () => import('./messages/lv.json?part=first-paint'),
    shell: () => import('./messages/lv.json?part=shell'),
    rest: () => import('./messages/lv.json?part=rest'),
  },
  ru: {
    'first-paint': () => import('./messages/ru.json?part=first-paint'),
    shell: () => import('./messages/ru.json?part=shell'),
    rest: () => import('./messages/ru.json?part=rest'),
  },
};
/* eslint-enable boundaries/dependencies */
/** `load()` once per key; a failed load (offline, chunk not cached) is tried again next time. */
function once<K, T>(cache: Map<K, Promise<T>>, key: K, load: () => Promise<T>): Promise<T> {
  let loading = cache.get(key);
  if (!loading) {
    loading = load();
    cache.set(key, loading);
    loading.catch(() => cache.delete(key));
  }
  return loading;
}

/**
 * Each language's messages, one object for all its parts. A part that arrives after the first is added to that
 * object in place, without a render: nothing on screen asked for one of its messages (the parts' test checks what
 * paints before it; what opens later waits for the whole catalog, `withWholeCatalog`), and a new object would
 * render every message on the page again, each card of a busy day among them.
 */
const loaded: Partial<Record<Language, Catalog>> = {};
const here = new Set<string>();
const listeners = new Set<() => void>();
function merge(language: Language, part: CatalogPart, messages: Catalog) {
  const catalog = loaded[language];
  if (catalog) Object.assign(catalog, messages);
  else loaded[language] = { ...messages } as Catalog;
  here.add(`${language}:${part}`);
  if (!catalog) for (const listener of listeners) listener();
}
const loading = new Map<string, Promise<void>>();
const loadPart = (language: Language, part: CatalogPart): Promise<void> =>
  once(loading, `${language}:${part}`, () => LOADERS[language][part]().then((m) => merge(language, part, m.default)));
const loadParts = (language: Language, parts: readonly CatalogPart[]) =>
  Promise.all(parts.map((part) => loadPart(language, part))).then(() => undefined);

/** The language's whole catalog (all its parts). */
export const loadCatalog = (language: Language): Promise<void> => loadParts(language, CATALOG_PARTS);

/**
 * A message of a language's catalog as its source reads, loaded on demand (a message template's default, decision
 * 080): literals and `{name}` arguments; the catalogs may hold compiled messages, which are printed back.
 */
export async function catalogSource(language: Language, id: MessageId): Promise<string> {
  await loadCatalog(language);
  const message = (loaded[language] as Record<string, string | MessageFormatElement[]> | undefined)?.[id];
  if (typeof message === 'string' || message === undefined) return message ?? '';
  // The compiled elements' types: 0 a literal, 1 an argument (@formatjs/icu-messageformat-parser's TYPE).
  return message.map((e) => (e.type === 0 ? e.value : e.type === 1 ? `{${e.value}}` : '')).join('');
}

/**
 * The language on screen: the one the app started in, then each switch once its catalog is here. A switch that
 * could not load (offline) is remembered for the next start but leaves this as it was.
 */
let shown: Language | null = null;
const shownLanguage = () => (shown ??= initialLanguage());

/** The whole catalog of the language on screen: what opens after a page's first paint awaits it. */
export const loadWholeCatalog = () => loadCatalog(shownLanguage());

/** A lazily loaded module, once the whole catalog is here too: dialogs and popovers of the landing and the shell. */
export const withWholeCatalog = <T,>(module: Promise<T>): Promise<T> => Promise.all([module, loadWholeCatalog()]).then(([m]) => m);

/** Loading the given parts of the language on screen, or undefined when they are here (a route guard need not wait). */
export function catalogLoading(parts: readonly CatalogPart[]): Promise<void> | undefined {
  const language = shownLanguage();
  return parts.every((part) => here.has(`${language}:${part}`)) ? undefined : loadParts(language, parts);
}

/**
 * Loads what the first page paints with before the first render (`partsToPaint`). The first part starts at once;
 * `signedIn` tells, once the session is read, what else the page needs.
 */
export async function loadInitialCatalog(signedIn: Promise<boolean>): Promise<void> {
  const language = shownLanguage();
  const first = loadPart(language, 'first-paint');
  const parts = partsToPaint(window.location.pathname, await signedIn);
  await Promise.all([first, loadParts(language, parts)]);
}

interface LanguageState {
  language: Language;
  setLanguage(language: Language): void;
}
const LanguageContext = createContext<LanguageState>({ language: 'lv', setLanguage: () => {} });

export function I18nProvider({ children }: { children: ReactNode }) {
  const [language, setState] = useState<Language>(shownLanguage);
  const setLanguage = useCallback((next: Language) => {
    rememberLanguage(next);
    // Offline with the chunk not cached yet, the language stays as it is.
    void loadCatalog(next).then(
      () => {
        shown = next;
        setState(next);
      },
      () => undefined,
    );
  }, []);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  const messages = useSyncExternalStore(subscribe, () => loaded[language]);
  return (
    <LanguageContext.Provider value={value}>
      <IntlProvider locale={language} defaultLocale="en" messages={messages ?? {}}>
        {/* Widgets (calendars, date fields) follow the chosen language; English weeks start on Monday too (part 1 §2). */}
        <AriaI18nProvider locale={language === 'en' ? 'en-GB' : language}>{children}</AriaI18nProvider>
      </IntlProvider>
    </LanguageContext.Provider>
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const useLanguage = () => useContext(LanguageContext);

/** `t(id, values)`: the translated message (an unknown id shows as itself; the catalog test keeps every id in all three languages). */
export function useT() {
  const intl = useIntl();
  return useCallback((id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values), [intl]);
}
