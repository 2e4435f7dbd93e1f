import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio's request signature (X-Twilio-Signature): HMAC-SHA1 with the account's auth token over the URL the provider
 * called, followed by each POST parameter's name and value in the names' order, in base64.
 */
export function requestSignature(authToken: string, url: string, params: URLSearchParams): string {
  const names = [...new Set(params.keys())].sort();
  const data =
    url +
    names
      .map((name) =>
        params
          .getAll(name)
          .map((value) => name + value)
          .join(''),
      )
      .join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Whether a callback carries the provider's signature of exactly this URL and these parameters. */
export function signedByProvider(authToken: string, signature: string | undefined, url: string, params: URLSearchParams): boolean {
  if (!signature) return false;
  const expected = Buffer.from(requestSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
