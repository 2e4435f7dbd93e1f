import { readFileSync } from 'node:fs';
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { precompiledMessages } from '../scripts/vite-precompiled-messages';

type Transform = (code: string, id: string) => { code: string } | null;
const transform = precompiledMessages().transform as unknown as Transform;

/** Every argument a message takes, with what kind of value it formats. */
function argumentsOf(elements: MessageFormatElement[], into = new Map<string, 'number' | 'text'>()) {
  for (const element of elements) {
    if (element.type === TYPE.argument) into.set(element.value, into.get(element.value) ?? 'text');
    if (element.type === TYPE.number || element.type === TYPE.plural) into.set(element.value, 'number');
    if (element.type === TYPE.select) into.set(element.value, 'text');
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
  }
  return into;
}

describe('the catalogs parsed at build (decision 048)', () => {
  for (const language of ['en', 'lv', 'ru'] as const) {
    it(`formats every ${language} message as its text does, for counts 0, 1, 2, 5, 21 and 111`, () => {
      const path = `${process.cwd()}/src/i18n/messages/${language}.json`;
      const text = readFileSync(path, 'utf8');
      const out = transform(text, path);
      expect(out).not.toBeNull();
      const messages = JSON.parse(text) as Record<string, string>;
      const trees = JSON.parse(out?.code ?? '{}') as Record<string, MessageFormatElement[]>;
      expect(Object.keys(trees)).toEqual(Object.keys(messages));
      for (const [key, message] of Object.entries(messages)) {
        const tree = trees[key] as MessageFormatElement[];
        for (const count of [0, 1, 2, 5, 21, 111]) {
          const values = Object.fromEntries([...argumentsOf(tree)].map(([name, kind]) => [name, kind === 'number' ? count : `«${name}»`]));
          const fromTree = new IntlMessageFormat(tree, language).format(values);
          expect(fromTree, `${language} ${key}`).toEqual(new IntlMessageFormat(message, language).format(values));
        }
      }
    });
  }

  it('leaves other files alone and fails on a message that does not parse', () => {
    expect(transform('{"a": "b"}', '/app/src/other.json')).toBeNull();
    expect(() => transform('{"broken": "{count, plural, one {# day}"}', '/app/src/i18n/messages/en.json')).toThrow();
  });
});
