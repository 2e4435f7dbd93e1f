/**
 * Where a sync's time goes, for `npm run bench` (issue 21 item 2): each named span is a `performance.measure`
 * the bench sums in the page. Only in a browser page: Node keeps no such entries for tests.
 */
export const PULL_SPANS = {
  /** The page's request: the server's query and JSON, the network, the response's JSON parse. */
  request: 'sync.pull.request',
  /** Turning a page's changes into the engine's (until decision 060 each row's JSON was parsed here). */
  parse: 'sync.pull.parse',
  /** Waiting for the next page after the previous one was written (the part the overlap did not hide). */
  wait: 'sync.pull.wait',
  /** Writing a page into IndexedDB (Dexie, the re-base when pending commands are under it). */
  apply: 'sync.pull.apply',
  /** A whole pull, from its first request to its last page written: the bench reads when a first sync ended. */
  all: 'sync.pull',
} as const;

/** Where a push's time goes (issue 21 item 1): the batch requests, and writing their answers into IndexedDB. */
export const PUSH_SPANS = {
  /** A batch's request: the server applying its commands, the network, the JSON. */
  request: 'sync.push.request',
  /** Writing a batch's answers (acknowledgements, refusals and their re-base) in one transaction. */
  settle: 'sync.push.settle',
} as const;

const measured = typeof document !== 'undefined' && typeof performance?.measure === 'function';

/** Runs `work` and records its duration under `name`. */
export async function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!measured) return work();
  const start = performance.now();
  try {
    return await work();
  } finally {
    performance.measure(name, { start });
  }
}

/** The same for synchronous work. */
export function timedSync<T>(name: string, work: () => T): T {
  if (!measured) return work();
  const start = performance.now();
  try {
    return work();
  } finally {
    performance.measure(name, { start });
  }
}
