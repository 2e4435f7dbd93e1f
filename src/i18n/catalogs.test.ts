import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import en from './messages/en.json';
import lv from './messages/lv.json';
import ru from './messages/ru.json';

const catalogs = { en, lv, ru } as Record<string, Record<string, string>>;

type Element = { type: number; value?: unknown; options?: Record<string, { value: Element[] }>; children?: Element[] };

/**
 * The argument names a message uses, from the ICU parse tree (types 1-6: argument, number, date, time, select,
 * plural), so words inside plural branches are not taken for arguments.
 */
function placeholders(text: string, lang: string): string[] {
  const names = new Set<string>();
  const walk = (elements: Element[]) => {
    for (const e of elements) {
      if (e.type >= 1 && e.type <= 6 && typeof e.value === 'string') names.add(e.value);
      for (const option of Object.values(e.options ?? {})) walk(option.value);
      if (e.children) walk(e.children);
    }
  };
  walk(new IntlMessageFormat(text, lang).getAst() as Element[]);
  return [...names].sort();
}
const enKeys = Object.keys(en).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.gen.ts') && name !== 'generated.ts' ? [path] : [];
  });
}

/** Message ids used in code: `t('x.y')`, `id="x.y"`, `id: 'x.y'`, `messageId: 'x.y'` and schema messages. */
function usedIds(): Set<string> {
  const ids = new Set<string>();
  const patterns = [
    /\bt\(\s*'([\w-]+\.[\w.-]+)'/g,
    /\bid=["']([\w-]+\.[\w.-]+)["']/g,
    /\b(?:id|messageId|titleId|labelId|textId):\s*'([\w-]+\.[\w.-]+)'/g,
    /'((?:access|validation|error|salon\.new|profile)\.[\w.]+)'/g,
  ];
  for (const file of [...sourceFiles('src'), ...sourceFiles('server')]) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) for (const m of text.matchAll(pattern)) ids.add(m[1] as string);
    // Shared schemas hold only message ids in their quoted dotted strings.
    if (file.includes('domain/schemas')) for (const m of text.matchAll(/'([a-z]+\.[\w.]+)'/g)) ids.add(m[1] as string);
  }
  return ids;
}

describe('message catalogs', () => {
  it.each(['lv', 'ru'])('%s has exactly the keys of en', (lang) => {
    expect(Object.keys(catalogs[lang] as object).sort()).toEqual(enKeys);
  });

  it.each(['en', 'lv', 'ru'])('%s has no empty message and every message parses with the same placeholders', (lang) => {
    for (const [key, text] of Object.entries(catalogs[lang] as Record<string, string>)) {
      expect(text.trim(), `${lang} ${key}`).not.toBe('');
      expect(() => new IntlMessageFormat(text, lang), `${lang} ${key}`).not.toThrow();
      expect(placeholders(text, lang), `${lang} ${key}`).toEqual(placeholders((en as Record<string, string>)[key] as string, 'en'));
    }
  });

  /**
   * A message left as its English text is a translation forgotten ('9h 0m' in lv, 'E-mail' in ru; issue 22 item 8),
   * unless it is a name, only placeholders and signs, or the same word in that language. The language menu names
   * each language in itself (issue 63), the same in every catalog.
   */
  const SAME_AS_ENGLISH: Record<string, string[]> = {
    lv: [
      'app.name',
      'landing.demo',
      'appointment.minutes',
      'services.minutes',
      'onlineBooking.stepOption',
      'schedule.block',
      'timetable.drag.over',
      'report.history.change',
      'lang.en',
      'lang.lv',
      'lang.ru',
      'settings.clientMessages.sms',
      'clientMessages.channel.SMS',
      'clientMessages.list.withReason',
      'settings.templates.previewSms',
      'calendarFeed.calendarName',
      'export.format.csv',
      'export.format.xlsx',
      'book.when',
      'book.codeBySms',
      'master.groupCommission',
    ],
    ru: [
      'app.name',
      'schedule.block',
      'timetable.drag.over',
      'report.history.change',
      'lang.en',
      'lang.lv',
      'lang.ru',
      'settings.clientMessages.sms',
      'clientMessages.channel.SMS',
      'clientMessages.list.withReason',
      'settings.templates.previewSms',
      'calendarFeed.calendarName',
      'export.format.csv',
      'export.format.xlsx',
      'book.when',
      'book.codeBySms',
      'master.groupCommission',
    ],
  };
  it.each(['lv', 'ru'])('%s translates every message that has words', (lang) => {
    const same = Object.entries(catalogs[lang] as Record<string, string>)
      .filter(([key, text]) => text === (en as Record<string, string>)[key])
      .map(([key]) => key);
    expect(same.sort()).toEqual([...(SAME_AS_ENGLISH[lang] as string[])].sort());
  });

  it('every message id used in code exists in en, lv and ru', () => {
    const missing = [...usedIds()].filter((id) => !enKeys.includes(id) && !/\$\{/.test(id));
    expect(missing).toEqual([]);
  });
});
