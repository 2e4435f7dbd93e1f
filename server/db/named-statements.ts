import type pg from 'pg';

/**
 * When a query's text becomes a statement PostgreSQL keeps by name (decision 100): after `after` runs of the same
 * text with parameters, on at most `perConnection` texts per connection, out of at most `texts` texts remembered.
 */
export interface NamingRule {
  after: number;
  perConnection: number;
  texts: number;
}

export const NAMING_RULE: NamingRule = { after: 3, perConnection: 100, texts: 2000 };

/** PostgreSQL's answer when a kept statement's tables changed the columns it returns (a migration while running). */
const PLAN_CHANGED = '0A000';

type QueryConfig = pg.QueryConfig & { callback?: unknown; submit?: unknown };
type Callback = (error: Error | null, result?: unknown) => void;

/**
 * Names the pool's repeated statements, as pgJDBC's `prepareThreshold` does: a text the server runs again and again
 * (the access re-check, the client lock, the rev bump, the viewer of every request) is parsed and planned once per
 * connection, not on every run; PostgreSQL then spends its time on the answer (pgbench in decision 095's log: 0.40 ms
 * planned each time against 0.06 ms kept, for the access re-check). Only texts with parameters are named: they already go
 * by the extended protocol, so naming changes nothing else (a text without them may hold several statements).
 * Not for a pooler in transaction mode older than PgBouncer 1.21, which hands a kept statement's connection to
 * another client (DATABASE_NAMED_STATEMENTS=off).
 */
export function nameRepeatedStatements(pool: pg.Pool, rule: NamingRule = NAMING_RULE): void {
  const seen = new Map<string, { runs: number; name: string }>();
  pool.on('connect', (client) => {
    const named = new Set<string>();
    // Texts whose kept statement PostgreSQL refused since its tables changed: they go unnamed on this connection.
    const refused = new Set<string>();
    const query = client.query.bind(client) as (config: unknown, values?: unknown, callback?: unknown) => unknown;
    const naming = (config: unknown, values?: unknown, callback?: unknown): unknown => {
      if (typeof config === 'string') config = { text: config };
      if (config === null || typeof config !== 'object' || typeof (config as QueryConfig).submit === 'function') {
        return query(config, values, callback);
      }
      const given = config as QueryConfig;
      const parameters = Array.isArray(values) ? values : given.values;
      const text = given.text;
      if (given.name || !parameters?.length || refused.has(text)) return query(config, values, callback);
      let entry = seen.get(text);
      if (!entry) {
        if (seen.size >= rule.texts) return query(config, values, callback);
        seen.set(text, (entry = { runs: 0, name: `s${seen.size}` }));
      }
      entry.runs += 1;
      if (entry.runs < rule.after || (!named.has(entry.name) && named.size >= rule.perConnection)) {
        return query(config, values, callback);
      }
      named.add(entry.name);
      const name = entry.name;
      const renamed = { ...given, name };
      const unkeep = (error: unknown) => {
        if ((error as { code?: string } | null)?.code === PLAN_CHANGED) refused.add(text);
      };
      const done = typeof values === 'function' ? (values as Callback) : typeof callback === 'function' ? (callback as Callback) : null;
      if (done) {
        return query(renamed, parameters, (error: Error | null, result?: unknown) => {
          unkeep(error);
          done(error, result);
        });
      }
      return (query(renamed, parameters) as Promise<unknown>).catch((error: unknown) => {
        unkeep(error);
        throw error;
      });
    };
    client.query = naming as typeof client.query;
  });
}
