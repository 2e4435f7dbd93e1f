import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nProvider as AriaI18nProvider } from 'react-aria-components';
import { IntlProvider, useIntl, type MessageFormatElement } from 'react-intl';
import { initialLanguage, rememberLanguage, type Language } from './languages';

/** The only import point of react-intl (DESIGN.md §2). */
export { FormattedMessage, FormattedDate, FormattedNumber, useIntl } from 'react-intl';
export { LANGUAGES, type Language } from './languages';

/** As written, a message is ICU text; the build hands the browser each one parsed (scripts/vite-precompiled-messages.ts). */
type Catalog = Record<string, string> | Record<string, MessageFormatElement[]>;
/**
 * Each language's catalog is a chunk of its own, loaded before the first render and on a language switch:
 * the first paint carries one language, not three (DESIGN.md §10 initial JavaScript).
 */
const LOADERS: Record<Language, () => Promise<{ default: Catalog }>> = {
  en: () => import('./messages/en.json'),
  lv: () => import('./messages/lv.json'),
  ru: () => import('./messages/ru.json'),
};
const loaded: Partial<Record<Language, Catalog>> = {};

export async function loadCatalog(language: Language): Promise<Catalog> {
  return (loaded[language] ??= (await LOADERS[language]()).default);
}

/** Loads the catalog of the language the app starts in; call before the first render. */
export const loadInitialCatalog = () => loadCatalog(initialLanguage());

interface LanguageState {
  language: Language;
  setLanguage(language: Language): void;
}
const LanguageContext = createContext<LanguageState>({ language: 'lv', setLanguage: () => {} });

export function I18nProvider({ children }: { children: ReactNode }) {
  const [language, setState] = useState<Language>(initialLanguage);
  const setLanguage = useCallback((next: Language) => {
    rememberLanguage(next);
    // Offline with the chunk not cached yet, the language stays as it is.
    void loadCatalog(next).then(
      () => setState(next),
      () => undefined,
    );
  }, []);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return (
    <LanguageContext.Provider value={value}>
      <IntlProvider locale={language} defaultLocale="en" messages={loaded[language] ?? {}}>
        {/* Widgets (calendars, date fields) follow the chosen language; English weeks start on Monday too (part 1 §2). */}
        <AriaI18nProvider locale={language === 'en' ? 'en-GB' : language}>{children}</AriaI18nProvider>
      </IntlProvider>
    </LanguageContext.Provider>
  );
}

export const useLanguage = () => useContext(LanguageContext);

/** `t('id', values)`: the translated message (an unknown id shows as itself; the catalog test keeps every id in all three languages). */
export function useT() {
  const intl = useIntl();
  return useCallback((id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values), [intl]);
}
