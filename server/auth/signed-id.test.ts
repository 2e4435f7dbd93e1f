import { describe, expect, it } from 'vitest';
import { createUnsubscribeTokens } from '../modules/client-messages/unsubscribe-token';
import { createSignedIds } from './signed-id';

const ID = 'a1b2c3d4e5f60718293a4b5c';
const OTHER = '0123456789abcdef01234567';

describe('signed ids', () => {
  const ids = createSignedIds('secret-one', 'calendar-feed');

  it('name the row they were made for', () => {
    expect(ids.idOf(ids.tokenOf(ID))).toBe(ID);
    expect(ids.tokenOf(ID)).toMatch(new RegExp(`^${ID}\\.[A-Za-z0-9_-]{32}$`));
  });

  it('are refused when made with another secret or purpose, moved to another row, cut or padded', () => {
    const token = ids.tokenOf(ID);
    const mac = token.split('.')[1]!;
    expect(createSignedIds('secret-two', 'calendar-feed').idOf(token)).toBeNull();
    expect(createSignedIds('secret-one', 'unsubscribe').idOf(token)).toBeNull();
    expect(ids.idOf(`${OTHER}.${mac}`)).toBeNull();
    expect(ids.idOf(`${ID}.${mac.slice(1)}`)).toBeNull();
    expect(ids.idOf(`${token}.x`)).toBeNull();
    expect(ids.idOf(ID)).toBeNull();
    expect(ids.idOf(`NOT-AN-ID.${mac}`)).toBeNull();
    expect(ids.idOf('')).toBeNull();
  });

  it('keep the unsubscribe links already sent: the client id signed for "unsubscribe"', () => {
    const tokens = createUnsubscribeTokens('secret-one');
    expect(tokens.tokenOf(ID)).toBe(createSignedIds('secret-one', 'unsubscribe').tokenOf(ID));
    expect(tokens.clientOf(tokens.tokenOf(ID))).toBe(ID);
    expect(tokens.clientOf(ids.tokenOf(ID))).toBeNull();
  });
});
