/**
 * SMS through a provider's HTTP API (issue 57 item 3, decision 076): Twilio's Messages API, called with plain HTTP
 * (its SDK cannot be pointed at a local fake without replacing its HTTP client). Configured by SMS_ACCOUNT_SID,
 * SMS_AUTH_TOKEN and SMS_FROM (README "Configuration"); SMS_API_URL points it at a local fake (tests, dev).
 */
export interface SmsOptions {
  accountSid?: string | null;
  authToken?: string | null;
  /** The sender: a number in E.164 or an alphanumeric sender ID the provider allows. */
  from?: string | null;
  /** Default Twilio's own API. */
  apiUrl?: string | null;
  /** How long one request may take (ms); default 15 s. */
  timeoutMs?: number;
}

export interface SmsMessage {
  /** E.164, as the panel stores phones: "+37120001234". */
  to: string;
  body: string;
  /** Where the provider reports the message's delivery; null: no report. */
  statusCallback: string | null;
}

export interface Sms {
  /** Sends one message; the provider's id of it. Throws SmsError. */
  send(message: SmsMessage): Promise<{ id: string }>;
  /** The secret the provider signs its callbacks with. */
  authToken: string;
  /** Where SMS go, for the start-up banner (no secret). */
  describe(): string;
}

/**
 * A send the provider refused or could not take. `code` and `responseCode` are what the message's row and the log
 * keep (HTTP_429 20429); `permanent` sends that would fail the same way again (a number the provider cannot
 * reach), which are not tried again.
 */
export class SmsError extends Error {
  override name = 'SmsError';
  constructor(
    readonly code: string,
    readonly responseCode: number | undefined,
    readonly permanent: boolean,
  ) {
    super(`SMS provider: ${code}${responseCode ? ` ${responseCode}` : ''}`);
  }
}

const TWILIO_API = 'https://api.twilio.com';

/** An HTTP status worth trying again: the provider throttling (429) or failing (5xx), or no answer at all. */
const transient = (status: number) => status === 429 || status === 408 || status >= 500;

/** SMS when the account, its token and the sender are all set; otherwise null, and the panel says SMS is not configured. */
export function createSms(options: SmsOptions): Sms | null {
  const { accountSid, authToken, from } = options;
  if (!accountSid || !authToken || !from) return null;
  const api = (options.apiUrl || TWILIO_API).replace(/\/+$/, '');
  const endpoint = `${api}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const timeoutMs = options.timeoutMs ?? 15_000;
  return {
    authToken,
    describe: () => `SMS provider at ${new URL(api).host}`,
    async send(message) {
      const form = new URLSearchParams({ To: message.to, From: from, Body: message.body });
      if (message.statusCallback) form.set('StatusCallback', message.statusCallback);
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const e = error as { name?: string; cause?: { code?: unknown } };
        const code = e.name === 'TimeoutError' ? 'TIMEOUT' : typeof e.cause?.code === 'string' ? e.cause.code : 'NETWORK';
        throw new SmsError(code, undefined, false);
      }
      const answer = (await response.json().catch(() => null)) as { sid?: unknown; code?: unknown } | null;
      if (response.ok && typeof answer?.sid === 'string') return { id: answer.sid };
      const providerCode = typeof answer?.code === 'number' ? answer.code : undefined;
      if (response.ok) throw new SmsError('NO_ID', undefined, false);
      throw new SmsError(`HTTP_${response.status}`, providerCode, !transient(response.status));
    },
  };
}
