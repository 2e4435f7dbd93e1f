import { IntlMessageFormat } from 'intl-messageformat';
import en from '../src/i18n/messages/en.json' with { type: 'json' };
import lv from '../src/i18n/messages/lv.json' with { type: 'json' };
import ru from '../src/i18n/messages/ru.json' with { type: 'json' };

/** Server-made texts (mail, default names) come from the same catalogs as the screens. */
const catalogs: Record<string, Record<string, string>> = { en, lv, ru };
export type Lang = 'en' | 'lv' | 'ru';

export function translate(lang: Lang, id: string, values: Record<string, string | number> = {}): string {
  const text = catalogs[lang]?.[id] ?? catalogs.en?.[id] ?? id;
  return String(new IntlMessageFormat(text, lang).format(values));
}
