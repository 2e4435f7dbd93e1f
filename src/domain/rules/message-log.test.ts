import { describe, expect, it } from 'vitest';
import { messageTime, reasonText } from './message-log';

describe('the list of client messages', () => {
  it('names known reasons, keeps the code of a provider or an error', () => {
    expect(reasonText(null)).toBeNull();
    expect(reasonText('')).toBeNull();
    expect(reasonText('REPLACED')).toEqual({ key: 'REPLACED' });
    expect(reasonText('NO_CONSENT')).toEqual({ key: 'NO_CONSENT' });
    expect(reasonText('UNDELIVERED 30003')).toEqual({ key: 'UNDELIVERED', code: '30003' });
    expect(reasonText('UNDELIVERED')).toEqual({ key: 'UNDELIVERED', code: '—' });
    expect(reasonText('SmsError HTTP_400 21211')).toEqual({ key: 'other', code: 'SmsError HTTP_400 21211' });
    expect(reasonText('UNDELIVERED x')).toEqual({ key: 'other', code: 'UNDELIVERED x' });
  });

  it('lists a message at its delivery, else its sending, else when it is due', () => {
    expect(messageTime({ dueAt: 10, sentAt: null, deliveredAt: null })).toBe(10);
    expect(messageTime({ dueAt: 10, sentAt: 12, deliveredAt: null })).toBe(12);
    expect(messageTime({ dueAt: 10, sentAt: 12, deliveredAt: 15 })).toBe(15);
  });
});
