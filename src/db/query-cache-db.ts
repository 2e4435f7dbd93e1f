import Dexie, { type Table } from 'dexie';

/**
 * Where the online-only reads' cache is persisted (src/ui/query-client.ts): one row per key, the persister storing
 * the whole dehydrated cache under one key. Not named 'salon-panel-…': that prefix is the mirror's
 * ('salon-panel-<user>'). Deleted with every other database of the profile at logout (clearLocalData).
 */
export class QueryCacheDb extends Dexie {
  kv!: Table<{ key: string; value: string }, string>;
  constructor() {
    super('panel-query-cache');
    this.version(1).stores({ kv: 'key' });
  }
}
