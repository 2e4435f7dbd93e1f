import { describe, expect, it } from 'vitest';
import { createDeviceCookies } from './device-cookie';

const devices = createDeviceCookies('a-test-secret');
/** The Cookie header a browser would send back for a Set-Cookie value. */
const sentBack = (setCookie: string) => setCookie.split(';')[0] as string;

describe('device cookies', () => {
  it("name the account's device and give its nonce back, whatever the username's case", () => {
    const { setCookie, nonce } = devices.issue('Owner@Salon.test', false);
    expect(devices.deviceOf('owner@salon.test', `theme=dark; ${sentBack(setCookie)}`)).toBe(nonce);
    expect(setCookie).toMatch(/; HttpOnly; SameSite=Strict$/);
    expect(devices.issue('owner@salon.test', true).setCookie).toMatch(/; Secure$/);
  });

  it("refuse another account's cookie, a changed one, one signed with another key and none", () => {
    const mine = sentBack(devices.issue('owner@salon.test', false).setCookie);
    const [name, value] = mine.split('=') as [string, string];
    const [nonce, signature] = value.split('.') as [string, string];
    expect(devices.deviceOf('other@salon.test', mine)).toBeNull();
    expect(devices.deviceOf('owner@salon.test', `${name}=${nonce}x.${signature}`)).toBeNull();
    expect(devices.deviceOf('owner@salon.test', `${name}=${nonce}.${signature.slice(1)}`)).toBeNull();
    expect(createDeviceCookies('another-secret').deviceOf('owner@salon.test', mine)).toBeNull();
    expect(devices.deviceOf('owner@salon.test', null)).toBeNull();
    expect(devices.deviceOf('owner@salon.test', `${name}=`)).toBeNull();
  });
});
