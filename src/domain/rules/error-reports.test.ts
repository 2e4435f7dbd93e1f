import { describe, expect, it } from 'vitest';
import { scrubEvent, scrubText } from './error-reports';

/** Nothing personal leaves in an error report (issue 60 item 5). */
describe('scrubText', () => {
  it.each([
    ['Failed for anna.berzina@example.lv today', 'Failed for [email] today'],
    ['call +371 2000 1234 or 29876543', 'call [phone] or [phone]'],
    ['звоните +7 (912) 345-67-89', 'звоните [phone]'],
    ['on 2026-12-04 29876543', 'on 2026-12-04 [phone]'],
    [
      'GET http://x.test/change-password/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde?welcome=1',
      'GET http://x.test/change-password/[token]',
    ],
    ['/master/short-token opened', '/master/[token] opened'],
    ['Bearer AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde', 'Bearer [token]'],
    ['/salon/clients?q=Berzina&from=2026-12-01', '/salon/clients'],
  ])('%j → %j', (text, scrubbed) => expect(scrubText(text)).toBe(scrubbed));

  it('keeps ids, dates, times and codes: what tells where it broke', () => {
    expect(scrubText('event 9f2c4b1e8a7d4c3b9e1f0a2b3c4d5e6f')).toBe('event 9f2c4b1e8a7d4c3b9e1f0a2b3c4d5e6f');
    const text = 'appointment 6571f0c2a9b3d41e8c0f2a17 at 2026-12-04 10:30 refused: TIME_OVERLAPS_WITH_OTHER_RECORD (salon.ts:114)';
    expect(scrubText(text)).toBe(text);
  });
});

describe('scrubEvent', () => {
  it('drops the user, breadcrumbs, extra and the request but its address, and scrubs every text left', () => {
    const event = {
      message: 'Sign-up of ilze@example.test failed',
      user: { email: 'ilze@example.test', ip_address: '10.0.0.1' },
      breadcrumbs: [{ message: 'clicked Anna Berzina' }],
      extra: { input: { phone: '+37120001234' } },
      server_name: 'host-1',
      request: { url: 'https://panel.test/verify-email/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789?x=1', headers: { cookie: 'd=1' }, data: 'x' },
      exception: { values: [{ type: 'TypeError', value: "Cannot read 'x' of +371 2000 1234" }] },
      tags: { operation: 'service', code: 'NAME_ALREADY_EXISTS' },
    };
    expect(scrubEvent(event)).toEqual({
      message: 'Sign-up of [email] failed',
      request: { url: 'https://panel.test/verify-email/[token]' },
      exception: { values: [{ type: 'TypeError', value: "Cannot read 'x' of [phone]" }] },
      tags: { operation: 'service', code: 'NAME_ALREADY_EXISTS' },
    });
  });
});
