import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nProvider as AriaI18nProvider } from 'react-aria-components';
import { IntlProvider, useIntl } from 'react-intl';
import en from './messages/en.json';
import lv from './messages/lv.json';
import ru from './messages/ru.json';
import { initialLanguage, rememberLanguage, type Language } from './languages';

/** The only import point of react-intl (DESIGN.md §2). */
export { FormattedMessage, FormattedDate, FormattedNumber, useIntl } from 'react-intl';
export { LANGUAGES, type Language } from './languages';

export const catalogs: Record<Language, Record<string, string>> = { en, lv, ru };

interface LanguageState {
  language: Language;
  setLanguage(language: Language): void;
}
const LanguageContext = createContext<LanguageState>({ language: 'lv', setLanguage: () => {} });

export function I18nProvider({ children }: { children: ReactNode }) {
  const [language, setState] = useState<Language>(initialLanguage);
  const setLanguage = useCallback((next: Language) => {
    rememberLanguage(next);
    setState(next);
  }, []);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return (
    <LanguageContext.Provider value={value}>
      <IntlProvider locale={language} defaultLocale="en" messages={catalogs[language]}>
        {/* Widgets (calendars, date fields) follow the chosen language; English weeks start on Monday too (part 1 §2). */}
        <AriaI18nProvider locale={language === 'en' ? 'en-GB' : language}>{children}</AriaI18nProvider>
      </IntlProvider>
    </LanguageContext.Provider>
  );
}

export const useLanguage = () => useContext(LanguageContext);

/** `t('id', values)`: the translated message; an unknown id falls back to English, then to the id. */
export function useT() {
  const intl = useIntl();
  return useCallback((id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values), [intl]);
}
