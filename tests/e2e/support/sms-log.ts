import { expect } from '@playwright/test';
import type { FakeSmsMessage } from '../../fakes/sms-api';
import { smsPort } from './ports';

/** What this worker's fake SMS provider has taken (GET /_fake/messages), oldest first. */
export async function smsLog(): Promise<FakeSmsMessage[]> {
  const response = await fetch(`http://127.0.0.1:${smsPort()}/_fake/messages`);
  return (await response.json()) as FakeSmsMessage[];
}

/** Waits for an SMS to `phone` (E.164) whose text holds `words`; the message. */
export async function waitForSmsWith(phone: string, words: string): Promise<FakeSmsMessage> {
  let found: FakeSmsMessage | undefined;
  await expect
    .poll(async () => (found = (await smsLog()).find((m) => m.to === phone && m.body.includes(words))), {
      message: `an SMS to ${phone} saying "${words}"`,
      timeout: 20_000,
    })
    .toBeDefined();
  return found as FakeSmsMessage;
}
