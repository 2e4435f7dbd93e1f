import en from '../../../src/i18n/messages/en.json' with { type: 'json' };
import lv from '../../../src/i18n/messages/lv.json' with { type: 'json' };
import ru from '../../../src/i18n/messages/ru.json' with { type: 'json' };

/** The app's message catalogs, so page objects and tests can speak every language of the UI. */
export type MessageId = keyof typeof en;
export type Messages = Record<MessageId, string>;

export const catalogs: Record<'en' | 'lv' | 'ru', Messages> = { en, lv: lv as Messages, ru: ru as Messages };
