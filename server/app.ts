import type { ErrorReports } from './error-reports';
import type { Captcha } from './auth/captcha';
import type { DeviceCookies } from './auth/device-cookie';
import type { RateLimiters } from './auth/rate-limit';
import type { Database } from './db/client';
import type { JobQueue } from './jobs/queue';
import type { Mailer } from './mail/mailer';
import type { Payments } from './payments/stripe';
import type { PubSub } from './pubsub';
import type { LiveAccess } from './sync/live-access';
import type { Sms } from './sms/provider';
import type { UnsubscribeTokens } from './modules/client-messages/unsubscribe-token';
import type { SignedIds } from './auth/signed-id';
import type { OnlineBookingTokens } from './modules/online-booking/tokens';

/** Everything a resolver may use; built once per server by buildServer. */
export interface App {
  database: Database;
  mailer: Mailer;
  captcha: Captcha;
  limits: RateLimiters;
  /** Login's device cookies, signed with the secret every instance shares (server/auth/device-cookie.ts). */
  devices: DeviceCookies;
  /** Pokes and real-time events; crosses instances on PostgreSQL (LISTEN/NOTIFY). */
  pubsub: PubSub;
  /** Ends live subscriptions whose access ended (server/sync/live-access.ts). */
  liveAccess: LiveAccess;
  /** Card payments through Stripe; null when not configured (README "Configuration", decision 047). */
  payments: Payments | null;
  /** The tokens of clients' unsubscribe links (issue 57 item 4). */
  unsubscribe: UnsubscribeTokens;
  /** The ids in masters' calendar feed addresses, signed (decision 087). */
  calendarFeeds: SignedIds;
  /** The booking page's manage links and one-time codes (issue 61). */
  onlineBookings: OnlineBookingTokens;
  /** SMS to clients through the provider (decision 076); null when not configured. */
  sms: Sms | null;
  /** The durable job queue (decision 074): client messages; null in a server built without it. */
  jobs: JobQueue | null;
  /** Unexpected errors to Sentry (server/error-reports.ts); a no-op without SENTRY_DSN. */
  errorReports: ErrorReports;
  log: (line: string) => void;
  /** Base of links in mail, e.g. http://localhost:4000. */
  publicUrl: string;
}
