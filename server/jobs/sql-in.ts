import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';

/** What pg-boss runs its SQL with (its `db` option): one statement with `$n` parameters. */
export interface SqlRunner {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** `text` with `$1`, `$2`... as drizzle SQL, each value bound as one parameter (an array too, not a list). */
export function boundSql(text: string, values: readonly unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1]))));
}

/**
 * pg-boss's SQL inside one of our transactions: a job sent with it is stored with the change that causes it, or not
 * at all when the transaction rolls back (issue 57 item 1).
 */
export function sqlIn(tx: Tx): SqlRunner {
  return {
    executeSql: async (text, values) => {
      const result = (await tx.execute(boundSql(text, values))) as unknown as { rows?: unknown[] } | unknown[];
      return { rows: Array.isArray(result) ? result : (result.rows ?? []) };
    },
  };
}
