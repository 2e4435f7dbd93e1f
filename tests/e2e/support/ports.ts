/**
 * The e2e run's servers: each Playwright worker has its own panel server (its own embedded database with the demo
 * salon seeded, its own dev mailbox) and its own fakes of Stripe's and the SMS provider's APIs, so two workers never
 * share a salon's data.
 * Playwright sets TEST_PARALLEL_INDEX (0 .. workers - 1) in each worker before it loads the config and the specs;
 * a worker restarted after a failure keeps its index, so it keeps its server.
 */
/** One unless set: a second worker gained 9 % (decision 062). */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS || 1));
const BASE_PORT = Number(process.env.E2E_PORT || 4173);

/** This worker's index (0 in the runner's own process). */
const workerIndex = (): number => Number(process.env.TEST_PARALLEL_INDEX || 0);
export const serverPort = (index = workerIndex()): number => BASE_PORT + index;
export const stripePort = (index = workerIndex()): number => BASE_PORT + 500 + index;
/** The worker's fake of the SMS provider's API (tests/fakes/sms-api.ts). */
export const smsPort = (index = workerIndex()): number => BASE_PORT + 600 + index;
/** The server's data directory (its database and its mailbox), relative to the repository. */
export const dataDir = (index = workerIndex()): string => `.tmp/e2e-data-${serverPort(index)}`;
/** Per run, so two runs on one machine never delete each other's traces. */
export const outputDir = `.tmp/test-results-${BASE_PORT}`;
