import { describe, expect, it } from 'vitest';
import lv from './messages/lv.json';
import ru from './messages/ru.json';

/**
 * Words salons use, where a literal translation misleads: a walk-in client is 'klients no ielas' / 'клиент с улицы'
 * ('a client without an appointment', the earlier wording, reads wrong inside a booking form; issue 24 item 6).
 */
const GLOSSARY: Array<[keys: string[], lvTerm: RegExp, ruTerm: RegExp]> = [
  [['clientSelector.walkIn', 'clientSelector.walkInHint', 'timetable.walkIn'], /no ielas/i, /с улицы/i],
];

describe('salon glossary', () => {
  it.each(GLOSSARY)('%j use the salon terms in lv and ru', (keys, lvTerm, ruTerm) => {
    for (const key of keys) {
      expect((lv as Record<string, string>)[key], `lv ${key}`).toMatch(lvTerm);
      expect((ru as Record<string, string>)[key], `ru ${key}`).toMatch(ruTerm);
    }
  });
});
