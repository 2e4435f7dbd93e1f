import { availableParallelism } from 'node:os';

/**
 * How many server processes `npm start` runs behind its one port (issue 62 item 3): SERVER_PROCESSES when set, else
 * one per core on PostgreSQL. The embedded PGlite belongs to one process, so it always runs one.
 */
export function serverProcesses(env: NodeJS.ProcessEnv): { count: number; note: string } {
  const asked = Number(env.SERVER_PROCESSES || 0);
  if (!env.DATABASE_URL) {
    return {
      count: 1,
      note: asked > 1 ? 'one (the embedded database belongs to one process; SERVER_PROCESSES needs DATABASE_URL)' : 'one',
    };
  }
  const count = asked >= 1 ? Math.floor(asked) : availableParallelism();
  return { count, note: asked >= 1 ? `${count} (SERVER_PROCESSES)` : `${count} (one per core)` };
}
