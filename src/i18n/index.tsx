import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { I18nProvider as AriaI18nProvider } from 'react-aria-components';
import { IntlProvider, useIntl, type MessageFormatElement } from 'react-intl';
import { paintsWithFirstPart, type CatalogPart } from './messages/parts';
import { initialLanguage, rememberLanguage, type Language } from './languages';

/** The only import point of react-intl (DESIGN.md §2). */
export { FormattedMessage, FormattedDate, FormattedNumber, useIntl } from 'react-intl';
export { LANGUAGES, type Language } from './languages';
export { paintsWithFirstPart } from './messages/parts';

/** As written, a message is ICU text; the build hands the browser each one parsed (scripts/vite-precompiled-messages.ts). */
type Catalog = Record<string, string> | Record<string, MessageFormatElement[]>;
/**
 * Each language's catalog is two chunks of its own (src/i18n/messages/parts.ts): the landing page paints with the
 * first part and loads the rest after its first paint; every other page renders once both are here. The first
 * paint carries one language, not three, and of the landing's language only what it shows (DESIGN.md §10).
 */
/* eslint-disable boundaries/dependencies -- the ?part= query hides these ./messages chunks from the import resolver */
const LOADERS: Record<Language, Record<CatalogPart, () => Promise<{ default: Catalog }>>> = {
  en: { 'first-paint': () => import('./messages/en.json?part=first-paint'), rest: () => import('./messages/en.json?part=rest') },
  lv: { 'first-paint': () => import('./messages/lv.json?part=first-paint'), rest: () => import('./messages/lv.json?part=rest') },
  ru: { 'first-paint': () => import('./messages/ru.json?part=first-paint'), rest: () => import('./messages/ru.json?part=rest') },
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
const parts = new Map<string, Promise<Catalog>>();
const loadPart = (language: Language, part: CatalogPart): Promise<Catalog> =>
  once(parts, `${language}:${part}`, () => LOADERS[language][part]().then((m) => m.default));

/** What each language has loaded: its first part, or its whole catalog. */
const loaded: Partial<Record<Language, Catalog>> = {};
const listeners = new Set<() => void>();
const settle = (language: Language, catalog: Catalog) => {
  loaded[language] = catalog;
  for (const listener of listeners) listener();
};
const complete = new Map<Language, Promise<Catalog>>();
const whole = new Set<Language>();

/** The language's whole catalog (both parts). */
export const loadCatalog = (language: Language): Promise<Catalog> =>
  once(complete, language, () =>
    Promise.all([loadPart(language, 'first-paint'), loadPart(language, 'rest')]).then(([first, rest]) => {
      const catalog = { ...first, ...rest } as Catalog;
      whole.add(language);
      settle(language, catalog);
      return catalog;
    }),
  );

/**
 * The language on screen: the one the app started in, then each switch once its catalog is here. A switch that
 * could not load (offline) is remembered for the next start but leaves this as it was.
 */
let shown: Language | null = null;
const shownLanguage = () => (shown ??= initialLanguage());

/** The whole catalog of the language on screen: what a page other than the landing awaits before it renders. */
export const loadWholeCatalog = () => loadCatalog(shownLanguage());

/** Loading the whole catalog of the language on screen, or undefined when it is here (a route guard need not wait). */
export function wholeCatalogLoading(): Promise<void> | undefined {
  const language = shownLanguage();
  return whole.has(language) ? undefined : loadCatalog(language).then(() => undefined);
}

/**
 * Loads what the first page needs before the first render: the landing's part for a visitor on the landing page,
 * else the whole catalog. `signedIn` tells once the session is read.
 */
export async function loadInitialCatalog(signedIn: Promise<boolean>): Promise<void> {
  const language = shownLanguage();
  const first = loadPart(language, 'first-paint');
  if (!paintsWithFirstPart(window.location.pathname, await signedIn)) await loadCatalog(language);
  else if (!loaded[language]) settle(language, await first);
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

/** `t('id', values)`: the translated message (an unknown id shows as itself; the catalog test keeps every id in all three languages). */
export function useT() {
  const intl = useIntl();
  return useCallback((id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values), [intl]);
}
