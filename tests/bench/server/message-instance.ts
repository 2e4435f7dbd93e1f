import { buildServer, type ServerOptions } from '../../../server/main';

/**
 * One server instance of the messages chaos run (messages.ts) as a process of its own, so it can be killed: the
 * options come as JSON in BENCH_INSTANCE; it prints "ready" once it listens and sends.
 */
const options = JSON.parse(process.env.BENCH_INSTANCE ?? '{}') as ServerOptions;
const built = await buildServer({ ...options, log: () => {} });
await built.start();
console.log('ready');

export {};
