import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { serverProcesses } from './processes';

describe('serverProcesses', () => {
  const pg = 'postgres://postgres@127.0.0.1:5432/test';

  it('runs one process per core on PostgreSQL', () => {
    expect(serverProcesses({ DATABASE_URL: pg })).toEqual({
      count: availableParallelism(),
      note: `${availableParallelism()} (one per core)`,
    });
  });

  it('runs as many as SERVER_PROCESSES asks on PostgreSQL', () => {
    expect(serverProcesses({ DATABASE_URL: pg, SERVER_PROCESSES: '3' }).count).toBe(3);
    expect(serverProcesses({ DATABASE_URL: pg, SERVER_PROCESSES: '1' }).count).toBe(1);
  });

  it('runs one process on the embedded database, whatever is asked, and says why', () => {
    expect(serverProcesses({})).toEqual({ count: 1, note: 'one' });
    const asked = serverProcesses({ SERVER_PROCESSES: '4' });
    expect(asked.count).toBe(1);
    expect(asked.note).toContain('needs DATABASE_URL');
  });
});
