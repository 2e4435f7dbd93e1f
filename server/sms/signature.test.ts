import { describe, expect, it } from 'vitest';
import { twilioSignatureOf } from '../../tests/fakes/sms-api';
import { requestSignature, signedByProvider } from './signature';

/** Twilio's own example of a signed request (its security documentation and helper libraries' samples). */
const TOKEN = '12345';
const URL = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const PARAMS = {
  CallSid: 'CA1234567890ABCDE',
  Caller: '+14158675310',
  Digits: '1234',
  From: '+14158675310',
  To: '+18005551212',
};
const SIGNATURE = 'GvWf1cFY/Q7PnoempGyD5oXAezc=';

describe('the SMS provider’s request signature', () => {
  it('is Twilio’s documented signature of its example, in the server and in the fake alike', () => {
    expect(requestSignature(TOKEN, URL, new URLSearchParams(PARAMS))).toBe(SIGNATURE);
    expect(twilioSignatureOf(TOKEN, URL, PARAMS)).toBe(SIGNATURE);
  });

  it('is accepted only for exactly that URL, those fields and that token', () => {
    const params = new URLSearchParams(PARAMS);
    expect(signedByProvider(TOKEN, SIGNATURE, URL, params)).toBe(true);
    expect(signedByProvider(TOKEN, undefined, URL, params)).toBe(false);
    expect(signedByProvider(TOKEN, '', URL, params)).toBe(false);
    expect(signedByProvider('54321', SIGNATURE, URL, params)).toBe(false);
    expect(signedByProvider(TOKEN, SIGNATURE, 'https://mycompany.com/myapp.php?foo=1&bar=3', params)).toBe(false);
    expect(signedByProvider(TOKEN, SIGNATURE, URL, new URLSearchParams({ ...PARAMS, Digits: '1235' }))).toBe(false);
    expect(signedByProvider(TOKEN, SIGNATURE, URL, new URLSearchParams({ ...PARAMS, Extra: '' }))).toBe(false);
  });
});
