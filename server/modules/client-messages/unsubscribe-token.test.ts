import { describe, expect, it } from 'vitest';
import { createUnsubscribeTokens } from './unsubscribe-token';

const CLIENT = 'a1b2c3d4e5f60718293a4b5c';
const OTHER = '0123456789abcdef01234567';

describe('unsubscribe tokens', () => {
  const tokens = createUnsubscribeTokens('secret-one');

  it('name the client they were made for', () => {
    expect(tokens.clientOf(tokens.tokenOf(CLIENT))).toBe(CLIENT);
    expect(tokens.tokenOf(CLIENT)).toMatch(new RegExp(`^${CLIENT}\\.[A-Za-z0-9_-]{32}$`));
  });

  it('are refused when made with another secret, moved to another client, cut or padded', () => {
    const token = tokens.tokenOf(CLIENT);
    const mac = token.split('.')[1]!;
    expect(createUnsubscribeTokens('secret-two').clientOf(token)).toBeNull();
    expect(tokens.clientOf(`${OTHER}.${mac}`)).toBeNull();
    expect(tokens.clientOf(`${CLIENT}.${mac.slice(1)}`)).toBeNull();
    expect(tokens.clientOf(`${token}.x`)).toBeNull();
    expect(tokens.clientOf(CLIENT)).toBeNull();
    expect(tokens.clientOf(`NOT-AN-ID.${mac}`)).toBeNull();
    expect(tokens.clientOf('')).toBeNull();
  });
});
