import type en from './en.json';

/**
 * A key of the catalogs. en, lv and ru hold the same keys (src/i18n/catalogs.test.ts), so the type checker holds
 * every message id written in code to them: `useT()`, react-intl's `id` (message-ids.d.ts), the refusal table and
 * the labels' tables.
 */
export type MessageId = keyof typeof en;
