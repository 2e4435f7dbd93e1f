import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { NoSchemaIntrospectionCustomRule, type ValidationRule } from 'graphql';
import { createYoga } from 'graphql-yoga';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { App } from './app';
import { createCaptcha, USED_CAPTCHA_TTL_SECONDS } from './auth/captcha';
import { createRateLimiters, DEFAULT_RATE_LIMITS, type RateLimits } from './auth/rate-limit';
import { createUsedCaptchas } from './auth/used-captchas';
import { openDatabase, type Database } from './db/client';
import { startMaintenance } from './db/maintenance';
import { migrate } from './db/migrate';
import { seedDemo } from './db/seed';
import { bearer, createContext, type Context } from './graphql/context';
import { errorSummary } from './error-summary';
import { logUnexpectedErrors, useSafeErrorLog } from './graphql/error-log';
import { createKnownOperations, type OperationParams } from './graphql/known-operations';
import { readBody } from './read-body';
import { KNOWN_DOCUMENTS } from './graphql/known-documents';
import { useGzipLargeAnswers } from './graphql/gzip-large-answers';
import { createSetCookies } from './graphql/set-cookies';
import { backupCallAllowed, scheduleBackups, writeBackup, writeBackupKey, type BackupSettings } from './backup';
import { useUploadPlaces } from './graphql/upload-places';
import { createDeviceCookies } from './auth/device-cookie';
import { sharedSecret } from './auth/server-secret';
import { buildSchema } from './graphql/schema';
import { createMailer, type Mailer } from './mail/mailer';
import { createJobQueue, type QueueRule } from './jobs/queue';
import { CLIENT_MESSAGE_BATCH, CLIENT_MESSAGE_QUEUE, CLIENT_MESSAGE_RULE, type ClientMessageJob } from './modules/client-messages/schedule';
import { sendClientMessage } from './modules/client-messages/send';
import { createPubSub } from './pubsub';
import { createLiveAccess } from './sync/live-access';
import { contentSecurityPolicy, overHttps, securityHeaders } from './security-headers';
import { createErrorReports, type ErrorReportsOptions } from './error-reports';
import { CLIENT_CONFIG_PATH } from '../src/domain/rules/error-report-config';
import { createStaticHandler } from './static';
import { serveFile, uploadTooLarge } from './files';
import { bodyTooLarge, GRAPHQL_BODY_MAX, WS_MESSAGE_MAX } from './body-limit';
import { createPayments, type StripeOptions } from './payments/stripe';
import { handleStripeWebhook } from './modules/subscription/webhook';
import { handleSmsInbound, handleSmsReport, SMS_INBOUND_PATH, SMS_STATUS_PATH } from './modules/client-messages/sms-webhooks';
import { handleUnsubscribe, UNSUBSCRIBE_PATH } from './modules/client-messages/unsubscribe';
import { createUnsubscribeTokens } from './modules/client-messages/unsubscribe-token';
import { handleCalendarFeed } from './modules/calendar-feed/feed';
import { BOOK_PATH, createBookingPageHandler } from './modules/online-booking/page-html';
import { CALENDAR_FEED_PATH } from './modules/calendar-feed/service';
import { createOnlineBookingTokens } from './modules/online-booking/tokens';
import { createSignedIds } from './auth/signed-id';
import { createSms, type SmsOptions } from './sms/provider';

export interface ServerOptions {
  port?: number;
  host?: string;
  /** PGlite directory root; null keeps PGlite in memory (tests). Ignored with databaseUrl. */
  dataDir?: string | null;
  /** Backups of the embedded database (server/backup.ts): where, how many kept, how often; default daily, 7 kept. */
  backups?: Partial<BackupSettings>;
  databaseUrl?: string | null;
  /**
   * The PostgreSQL URL of the LISTEN connection that carries other instances' pokes (docs/scaling.md): straight to
   * PostgreSQL when `databaseUrl` goes through a pooler in transaction mode, which cannot hold a LISTEN. Defaults to
   * `databaseUrl`; ignored on PGlite.
   */
  listenUrl?: string | null;
  /**
   * Whether PostgreSQL keeps the server's repeated statements by name (server/db/named-statements.ts). Default on;
   * off when `databaseUrl` goes through a pooler in transaction mode that cannot keep them (PgBouncer before 1.21).
   */
  namedStatements?: boolean;
  /** An in-memory PGlite's starting data directory, dumped by PGlite's `dumpDataDir` (tests). */
  pgliteImage?: Blob | null;
  seedDemo?: boolean;
  smtpUrl?: string | null;
  /** Directory of the built PWA; null serves only /graphql. */
  staticDir?: string | null;
  publicUrl?: string | null;
  captchaSecret?: string;
  /** Cheaper proof of work for tests. */
  captchaCost?: number;
  rateLimits?: RateLimits;
  /** Trust X-Forwarded-For for the caller address (behind a load balancer). */
  trustProxy?: boolean;
  /** Answer schema introspection (__schema, __type): development only; off by default. */
  introspection?: boolean;
  /** Stripe's keys, price and webhook secret (and a fake API's URL in tests); payments are off without them. */
  stripe?: StripeOptions;
  mailer?: Mailer;
  /** The SMS provider's account, token and sender (and a fake API's URL in tests); SMS are off without them. */
  sms?: SmsOptions;
  /** The client message queue's retry rule; tests shorten its waits. */
  messageRetry?: Partial<QueueRule>;
  /** How often this instance looks for client messages due (seconds; pg-boss's floor is 0.5). Default 2. */
  messagePollingSeconds?: number;
  /** Sentry's DSNs (server and browser), environment and release; nothing is reported without a DSN. */
  errorReports?: ErrorReportsOptions;
  log?: (line: string) => void;
}

export interface RunningServer {
  url: string;
  port: number;
  app: App;
  /** Stops taking requests, answers those in flight (up to `graceMs`, default 10 s), then closes everything. */
  stop(graceMs?: number): Promise<void>;
  /** HTTP requests being answered now. */
  requestsInFlight(): number;
}

const STOP_GRACE_MS = 10_000;

function callerAddress(req: IncomingMessage | undefined, trustProxy: boolean): string {
  const forwarded = trustProxy
    ? String(req?.headers['x-forwarded-for'] ?? '')
        .split(',')[0]
        ?.trim()
    : '';
  return forwarded || req?.socket.remoteAddress || 'unknown';
}

/** Whether the caller's own connection is HTTPS: the request's scheme, or a trusted proxy's X-Forwarded-Proto. */
function callerUsesHttps(request: Request, trustProxy: boolean): boolean {
  const forwarded = trustProxy ? (request.headers.get('x-forwarded-proto') ?? '').split(',')[0]?.trim() : '';
  return (forwarded || new URL(request.url).protocol.replace(':', '')) === 'https';
}

/** Whether the caller reached a trusted proxy over HTTPS (the server itself speaks plain HTTP). */
function forwardedHttps(req: IncomingMessage, trustProxy: boolean): boolean {
  return (
    trustProxy &&
    String(req.headers['x-forwarded-proto'] ?? '')
      .split(',')[0]
      ?.trim() === 'https'
  );
}

/** A POST whose body is JSON (the app's operations), not a multipart upload. */
function jsonPost(req: IncomingMessage): boolean {
  return req.method === 'POST' && /^application\/json\b/i.test(req.headers['content-type'] ?? '');
}

/** A JSON request's GraphQL params, or null when it is not a JSON object (yoga then answers it as before). */
function paramsOf(body: Buffer | null): OperationParams | null {
  if (!body) return null;
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as OperationParams) : null;
  } catch {
    return null;
  }
}

/** The server's job queues and their retry rules (decision 074). */
export const SERVER_QUEUES: Record<string, QueueRule> = { [CLIENT_MESSAGE_QUEUE]: CLIENT_MESSAGE_RULE };

/** One server: the PWA, /graphql over HTTP and graphql-ws on the same port (DESIGN.md §8). */
export async function buildServer(options: ServerOptions = {}) {
  const log = options.log ?? ((line: string) => console.log(line));
  const database: Database = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    pgliteImage: options.pgliteImage,
    namedStatements: options.namedStatements,
  });
  await migrate(database);
  if (options.seedDemo) await seedDemo(database, log);
  const pubsub = await createPubSub(database, log, options.listenUrl);
  // Started here, not in start(): a command may schedule a message as soon as the server answers.
  const queues = options.messageRetry
    ? { ...SERVER_QUEUES, [CLIENT_MESSAGE_QUEUE]: { ...CLIENT_MESSAGE_RULE, ...options.messageRetry } }
    : SERVER_QUEUES;
  const jobs = createJobQueue(database, queues, log);
  await jobs.start();

  const mailer =
    options.mailer ??
    createMailer({ smtpUrl: options.smtpUrl, mailboxDir: options.dataDir ? join(options.dataDir, 'mailbox') : null, log });
  const app: App = {
    database,
    mailer,
    captcha: createCaptcha(
      options.captchaSecret ?? randomBytes(32).toString('hex'),
      createUsedCaptchas(database.db, USED_CAPTCHA_TTL_SECONDS),
      { cost: options.captchaCost },
    ),
    limits: createRateLimiters(database.db, options.rateLimits ?? DEFAULT_RATE_LIMITS),
    devices: createDeviceCookies(await sharedSecret(database.db, 'device-cookies')),
    pubsub,
    liveAccess: createLiveAccess(database.db, pubsub, log),
    payments: createPayments(options.stripe ?? {}),
    sms: createSms(options.sms ?? {}),
    unsubscribe: createUnsubscribeTokens(await sharedSecret(database.db, 'unsubscribe')),
    calendarFeeds: createSignedIds(await sharedSecret(database.db, 'calendar-feed'), 'calendar-feed'),
    onlineBookings: createOnlineBookingTokens(await sharedSecret(database.db, 'online-booking')),
    jobs,
    errorReports: await createErrorReports(options.errorReports ?? {}),
    log,
    publicUrl: '',
  };
  const trustProxy = options.trustProxy ?? false;

  // Unexpected errors are logged once, by useSafeErrorLog, without their messages (no SQL parameters, no input).
  const logged = new WeakSet<object>();
  const cookies = createSetCookies();
  const schema = buildSchema();
  const reportError = (error: unknown, tags: Record<string, string>) => app.errorReports.capture(error, tags);
  const yoga = createYoga<{ req: IncomingMessage }, Context>({
    // The resolvers' context type is ours; yoga's adds the node request, which resolvers never read.
    schema: schema as never,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    // Every body's size is checked before yoga reads it (bodyTooLarge, uploadTooLarge: a length is required and Node
    // reads no more than it says). Yoga's own limit piped each body through a TransformStream again: a tenth of an
    // empty pull's server CPU (decision 099).
    maxRequestBodySize: false,
    plugins: [
      EnvelopArmorPlugin({ maxDepth: { n: 10 }, maxAliases: { n: 15 }, costLimit: { maxCost: 5000 }, maxTokens: { n: 4000 } }),
      useSafeErrorLog(log, logged, reportError),
      useUploadPlaces(),
      // Before the gzip step, which copies the headers into its own answer.
      cookies.plugin(),
      useGzipLargeAnswers(),
      // The schema is ours to read in server/schema.graphql; a production server does not hand it to anyone.
      ...(options.introspection
        ? []
        : [
            {
              onValidate: ({ addValidationRule }: { addValidationRule: (rule: ValidationRule) => void }) =>
                addValidationRule(NoSchemaIntrospectionCustomRule),
            },
          ]),
    ],
    // The app calls /graphql from its own origin; no other site may read the answers (the default reflects any
    // origin, with credentials).
    cors: () => ({ origin: new URL(app.publicUrl || 'http://localhost').origin, credentials: false, methods: ['GET', 'POST'] }),
    context: ({ request, req }) =>
      createContext(app, bearer(request.headers.get('authorization')), callerAddress(req, trustProxy), null, {
        cookies: request.headers.get('cookie'),
        setCookie: cookies.forRequest(request),
        secure: callerUsesHttps(request, trustProxy),
      }),
    logging: {
      debug: () => {},
      info: () => {},
      warn: (...a: unknown[]) => log(`[warn] ${a.map((x) => (typeof x === 'string' ? x : errorSummary(x))).join(' ')}`),
      error: (...a: unknown[]) => {
        const fresh = a.filter((x) => !(typeof x === 'object' && x !== null && logged.has(x)));
        if (fresh.length) log(`[error] ${fresh.map((x) => errorSummary(x)).join(' ')}`);
      },
    },
  });
  const knownOperations = createKnownOperations<Context>({
    schema,
    documents: KNOWN_DOCUMENTS,
    context: (req, setCookie) =>
      createContext(app, bearer(req.headers.authorization), callerAddress(req, trustProxy), null, {
        cookies: req.headers.cookie ?? null,
        setCookie,
        secure: forwardedHttps(req, trustProxy),
      }),
    onErrors: (errors, run) =>
      logUnexpectedErrors(log, logged, reportError, errors, { ...run, requestId: run.context.requestId, phase: 'execution' }),
  });
  // The browser's error reports may reach its DSN's origin (connect-src), when one is set.
  const policy = contentSecurityPolicy(app.errorReports.browser ? [new URL(app.errorReports.browser.dsn).origin] : []);
  const serveStatic = options.staticDir ? createStaticHandler(options.staticDir) : null;
  const serveBookingPage = options.staticDir ? createBookingPageHandler(app, options.staticDir) : null;
  // An embedded database on disk is backed up (issue 56); `npm run backup` reaches this server with the key.
  const backups: BackupSettings | null =
    database.kind === 'pglite' && options.dataDir
      ? { dir: join(options.dataDir, 'backups'), keep: 7, everyHours: 24, ...options.backups }
      : null;
  const backupKey = backups && options.dataDir ? writeBackupKey(options.dataDir) : null;

  // Requests being answered: a graceful stop waits for them (`stop`).
  let inFlight = 0;
  let drained: (() => void) | null = null;
  const server = createServer((req, res) => {
    inFlight += 1;
    res.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) drained?.();
    });
    for (const [name, value] of Object.entries(securityHeaders(overHttps(req, trustProxy, app.publicUrl), policy)))
      res.setHeader(name, value);
    if ((req.url ?? '').startsWith('/graphql')) {
      if (uploadTooLarge(req, res) || bodyTooLarge(req, res)) return;
      if (!jsonPost(req)) {
        void yoga(req, res, { req });
        return;
      }
      // A JSON body is read here (its length is known and bounded): the app's known operations are answered at once,
      // anything else goes to yoga with the body as read (decision 099).
      readBody(req, GRAPHQL_BODY_MAX)
        .then((body) => {
          const params = paramsOf(body);
          const document = params && knownOperations.find(params, req.headers.accept);
          if (params && document) return knownOperations.answer(req, res, params, document);
          Object.assign(req, { body });
          return yoga(req, res, { req });
        })
        .catch((error: unknown) => {
          log(`[error] graphql request failed: ${errorSummary(error)}`);
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
          res.end();
        });
      return;
    }
    if (req.url === '/_backup' && req.method === 'POST') {
      req.resume();
      if (!backups || !backupCallAllowed(req.socket.remoteAddress, req.headers['x-backup-key'] as string | undefined, backupKey)) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      void writeBackup(database, backups).then(
        (file) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ file })),
        (error: unknown) => {
          log(`[backup] failed: ${(error as Error).name}`);
          res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Backup failed' }));
        },
      );
      return;
    }
    if (req.url === '/stripe/webhook' && req.method === 'POST') {
      void handleStripeWebhook(app, req, res);
      return;
    }
    if (req.url === SMS_STATUS_PATH && req.method === 'POST') {
      void handleSmsReport(app, req, res);
      return;
    }
    if (req.url === SMS_INBOUND_PATH && req.method === 'POST') {
      void handleSmsInbound(app, req, res);
      return;
    }
    if ((req.url ?? '').startsWith(UNSUBSCRIBE_PATH) && (req.method === 'GET' || req.method === 'POST')) {
      void handleUnsubscribe(app, req, res, callerAddress(req, trustProxy));
      return;
    }
    if ((req.url ?? '').startsWith(CALENDAR_FEED_PATH) && (req.method === 'GET' || req.method === 'HEAD')) {
      void handleCalendarFeed(app, req, res, callerAddress(req, trustProxy));
      return;
    }
    if (req.method === 'GET' && (req.url ?? '').startsWith('/files/')) {
      void serveFile(database.db, req, res, log);
      return;
    }
    if (req.url === CLIENT_CONFIG_PATH && req.method === 'GET') {
      // Whether and where the browser reports its errors (src/ui/error-reports.ts); never cached.
      res
        .writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
        .end(JSON.stringify({ errorReports: app.errorReports.browser }));
      return;
    }
    if (req.url === '/altcha/challenge' && req.method === 'GET') {
      // The ALTCHA widget fetches its challenge by URL; the same challenge is also the captchaChallenge query.
      void app.captcha.challenge().then((challenge) => {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(challenge));
      });
      return;
    }
    if (serveBookingPage && (req.url ?? '').startsWith(BOOK_PATH) && (req.method === 'GET' || req.method === 'HEAD')) {
      void serveBookingPage(req, res, callerAddress(req, trustProxy)).then(
        (served) => {
          if (served) return;
          if (serveStatic?.(req, res)) return;
          res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        },
        (error: unknown) => {
          log(`[book] page failed: ${errorSummary(error)}`);
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' }).end('Server error');
        },
      );
      return;
    }
    if (serveStatic?.(req, res)) return;
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  });

  // Idle keep-alive sockets outlive the callers' (proxies keep theirs about 60 s): with Node's 5 s default, a
  // caller reusing a socket the server has just closed gets ECONNRESET instead of an answer.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  // graphql-ws's messages are a token and a subscription's query: ws's own limit (100 MB) is far more than they need.
  const wsServer = new WebSocketServer({ server, path: '/graphql', maxPayload: WS_MESSAGE_MAX });
  const wsCleanup = useServer(
    {
      // graphql-ws runs the operation with yoga's enveloped execute/subscribe (passed as rootValue below).
      execute: (args) => (args.rootValue as { execute: (a: typeof args) => never }).execute(args),
      subscribe: (args) => (args.rootValue as { subscribe: (a: typeof args) => never }).subscribe(args),
      onSubscribe: async (ctx, _id, payload) => {
        const token = bearer(String((ctx.connectionParams as Record<string, unknown> | undefined)?.authorization ?? ''));
        const { schema, execute, subscribe, parse, validate } = yoga.getEnveloped({ req: ctx.extra.request, params: payload });
        const args = {
          schema,
          operationName: payload.operationName,
          document: parse(payload.query),
          variableValues: payload.variables,
          contextValue: createContext(app, token, callerAddress(ctx.extra.request, trustProxy), ctx.extra.socket),
          rootValue: { execute, subscribe },
        };
        const errors = validate(args.schema, args.document);
        if (errors.length) return errors;
        return args as never;
      },
    },
    wsServer,
  );

  return {
    app,
    async start(): Promise<RunningServer> {
      const stopMaintenance = await startMaintenance(database, log);
      const stopBackups = backups ? scheduleBackups(database, backups, log) : () => {};
      await jobs.work<ClientMessageJob>(
        CLIENT_MESSAGE_QUEUE,
        (job) => sendClientMessage(app, job.data.messageId, { retry: job.retryCount, last: job.retryCount >= job.retryLimit }),
        { pollingSeconds: options.messagePollingSeconds, batchSize: CLIENT_MESSAGE_BATCH },
      );
      await new Promise<void>((resolve) => server.listen(options.port ?? 4000, options.host ?? '0.0.0.0', resolve));
      const port = (server.address() as AddressInfo).port;
      const url = `http://localhost:${port}`;
      app.publicUrl = options.publicUrl ?? url;
      return {
        url,
        port,
        app,
        requestsInFlight: () => inFlight,
        stop: async (graceMs = STOP_GRACE_MS) => {
          // Gracefully (issue 62 item 3): no new connections; every socket closed with 1012 (Service Restart), which
          // the app's socket reconnects after, pulling on connect; requests in flight answered, up to `graceMs`.
          const closed = new Promise<void>((resolve) => server.close(() => resolve()));
          for (const socket of wsServer.clients) socket.close(1012, 'Service restart');
          await wsCleanup.dispose();
          wsServer.close();
          server.closeIdleConnections();
          if (inFlight > 0) {
            await new Promise<void>((resolve) => {
              drained = resolve;
              setTimeout(resolve, graceMs).unref();
            });
          }
          server.closeAllConnections();
          await closed;
          await pubsub.close();
          await jobs.stop();
          await stopMaintenance();
          stopBackups();
          await database.close();
        },
      };
    },
  };
}
