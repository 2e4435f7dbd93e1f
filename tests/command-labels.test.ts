import { describe, expect, it } from 'vitest';
import { commandNames } from '../src/db/commands';
import en from '../src/i18n/messages/en.json';
import lv from '../src/i18n/messages/lv.json';
import ru from '../src/i18n/messages/ru.json';

/** The conflicts list names each refused command by `command.<name>`; every command needs that label. */
describe('command labels', () => {
  it('registers the commands of the sync engine', () => {
    expect(commandNames()).toEqual(expect.arrayContaining(['appointment.create', 'appointment.move', 'client.delete']));
  });
  it.each([['en', en], ['lv', lv], ['ru', ru]] as const)('%s has a label for every command', (_lang, catalog) => {
    const missing = commandNames().filter((name) => !(`command.${name}` in catalog));
    expect(missing).toEqual([]);
  });
});
