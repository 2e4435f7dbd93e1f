import { resolve } from 'node:path';
import { DEFAULT_RATE_LIMITS } from './auth/rate-limit';
import { buildServer } from './main';
import { serverProcesses } from './processes';
import { DEMO_LOGINS, DEMO_PASSWORD } from './db/seed';

/** The server as a program: configuration from the environment (README "Configuration"), started by server/index.ts. */
const env = process.env;
const databaseUrl = env.DATABASE_URL || null;
const flag = (value: string | undefined, fallback: boolean) =>
  value === undefined || value === '' ? fallback : /^(1|true|on|yes)$/i.test(value);
// One of several processes behind one port (cluster.ts): the first seeds the demo and prints the banner.
const processIndex = Number(env.SERVER_PROCESS_INDEX || 0);
const seed = flag(env.SEED_DEMO, !databaseUrl) && processIndex === 0;
const port = Number(env.PORT || 4000);

const built = await buildServer({
  port,
  host: env.HOST || '0.0.0.0',
  dataDir: resolve(env.DATA_DIR || './data'),
  backups: {
    ...(env.BACKUP_DIR ? { dir: resolve(env.BACKUP_DIR) } : {}),
    ...(env.BACKUP_KEEP ? { keep: Number(env.BACKUP_KEEP) } : {}),
    ...(env.BACKUP_EVERY_HOURS ? { everyHours: Number(env.BACKUP_EVERY_HOURS) } : {}),
  },
  databaseUrl,
  listenUrl: env.DATABASE_LISTEN_URL || null,
  namedStatements: flag(env.DATABASE_NAMED_STATEMENTS, true),
  seedDemo: seed,
  smtpUrl: env.SMTP_URL || null,
  staticDir: resolve(env.STATIC_DIR || './dist'),
  publicUrl: env.PUBLIC_URL || null,
  captchaSecret: env.CAPTCHA_SECRET || undefined,
  captchaCost: env.CAPTCHA_COST ? Number(env.CAPTCHA_COST) : undefined,
  trustProxy: flag(env.TRUST_PROXY, false),
  introspection: flag(env.GRAPHQL_INTROSPECTION, false),
  stripe: {
    secretKey: env.STRIPE_SECRET_KEY,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY,
    priceId: env.STRIPE_PRICE_ID,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    apiUrl: env.STRIPE_API_URL,
  },
  sms: {
    accountSid: env.SMS_ACCOUNT_SID,
    authToken: env.SMS_AUTH_TOKEN,
    from: env.SMS_FROM,
    apiUrl: env.SMS_API_URL,
  },
  errorReports: {
    dsn: env.SENTRY_DSN || null,
    browserDsn: env.SENTRY_BROWSER_DSN || null,
    environment: env.SENTRY_ENVIRONMENT || undefined,
    release: env.SENTRY_RELEASE || `salon-panel@${env.npm_package_version ?? 'dev'}`,
  },
  // Sign-ups and reset mails per address in 15 minutes; the e2e run signs up many salons from one address.
  rateLimits: env.RATE_LIMIT_PER_ADDRESS ? { ...DEFAULT_RATE_LIMITS, perAddress: Number(env.RATE_LIMIT_PER_ADDRESS) } : undefined,
});
const running = await built.start();
const shutdown = async () => {
  await running.stop();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
/** What this server runs on, once: the first of several processes prints it. */
function printBanner() {
  console.log(`\nSalon panel: ${running.url}`);
  console.log(`Server processes: ${serverProcesses(env).note}`);
  const listenNote = env.DATABASE_LISTEN_URL ? ', LISTEN on DATABASE_LISTEN_URL' : '';
  console.log(
    `Database: ${databaseUrl ? `PostgreSQL (DATABASE_URL${listenNote})` : `embedded PGlite in ${resolve(env.DATA_DIR || './data')}/pglite`}`,
  );
  console.log(`Mail: ${built.app.mailer.describe()}`);
  console.log(
    `Payments: ${built.app.payments ? `Stripe${env.STRIPE_API_URL ? ` at ${new URL(env.STRIPE_API_URL).host}` : ''}` : 'not configured (STRIPE_* unset)'}`,
  );
  const reports = built.app.errorReports.describe();
  const reportsNote: Record<string, string> = {
    off: 'off (SENTRY_DSN unset)',
    invalid: 'off (SENTRY_DSN is not a DSN: https://KEY@HOST/PROJECT)',
  };
  console.log(`Error reports: ${reportsNote[reports] ?? `Sentry at ${reports}`}`);
  console.log(`SMS: ${built.app.sms ? built.app.sms.describe() : 'not configured (SMS_* unset)'}`);
  if (seed) {
    console.log(`Demo logins (password ${DEMO_PASSWORD}):`);
    for (const login of DEMO_LOGINS) console.log(`  ${login.email.padEnd(22)} ${login.role}`);
  }
}
if (processIndex === 0) printBanner();
