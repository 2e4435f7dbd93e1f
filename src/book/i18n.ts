import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
/* eslint-disable boundaries/dependencies -- the ?part= query hides these catalog parts from the import resolver */
import en from '../i18n/messages/en.json?part=book';
import lv from '../i18n/messages/lv.json?part=book';
import ru from '../i18n/messages/ru.json?part=book';
/* eslint-enable boundaries/dependencies */
import { detectLanguage, LANGUAGES, rememberLanguage, type Language } from '../i18n/languages';
import type { MessageId } from '../i18n/messages/message-id';

/**
 * The booking page's texts (issue 61 item 2): its own part of the catalogs (src/i18n/messages/parts.ts) in all three
 * languages, already parsed at build, formatted by formatjs's intl-messageformat. The page carries no react-intl:
 * it shows a few dozen messages, and its first paint has 80 KB of JavaScript to spend (decision 091).
 */
const CATALOGS = { en, lv, ru } as unknown as Record<Language, Record<string, MessageFormatElement[]>>;
export { LANGUAGES, type Language };

export type Values = Record<string, string | number>;
export type Translate = (id: MessageId, values?: Values) => string;

const formats = new Map<string, IntlMessageFormat>();

/** The message `id` in `language`, with its values; the English one where the language has none. */
export function translator(language: Language): Translate {
  return (id, values) => {
    const key = `${language}:${id}`;
    let format = formats.get(key);
    if (!format) {
      const message = CATALOGS[language][id] ?? CATALOGS.en[id];
      if (!message) return id;
      format = new IntlMessageFormat(message, language);
      formats.set(key, format);
    }
    return String(format.format(values));
  };
}

/**
 * The client's language: the one chosen on a page of ours before, else the browser's first we have (the server
 * guessed the same from Accept-Language), else the server's guess.
 */
export function pageLanguage(serverGuess: string | undefined): Language {
  let stored: string | null;
  try {
    stored = localStorage.getItem('language');
  } catch {
    stored = null;
  }
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return detectLanguage(stored, [...browser, serverGuess ?? '']);
}

export const chooseLanguage = (language: Language) => rememberLanguage(language);
