import { startFakeSms } from './sms-api';

/** The fake SMS API as a process (Playwright's webServer): FAKE_SMS_PORT (default 12211). Stops on SIGTERM or SIGINT. */
const port = Number(process.env.FAKE_SMS_PORT || 12211);
const fake = await startFakeSms({ port });
console.log(`fake SMS API on ${fake.url}`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void fake.stop().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
