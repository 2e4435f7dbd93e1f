import { afterAll, beforeAll } from 'vitest';
import type { SmsOptions } from '../../server/sms/provider';
import { startFakeSms, type FakeSms } from '../fakes/sms-api';

/**
 * The fake SMS provider for a describe block: started before the test server (pass `sms` in its options, filled
 * in then), stopped after. `fake()` is the running fake.
 */
export function useFakeSms(): { sms: SmsOptions; fake(): FakeSms } {
  let running: FakeSms | null = null;
  const sms: SmsOptions = {};
  beforeAll(async () => {
    running = await startFakeSms();
    Object.assign(sms, running.options);
  });
  afterAll(async () => {
    await running?.stop();
  });
  return {
    sms,
    fake: () => {
      if (!running) throw new Error('the fake SMS provider is not running (use it inside a test)');
      return running;
    },
  };
}
