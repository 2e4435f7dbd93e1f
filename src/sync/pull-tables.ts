import type { Change, EntityName } from '../domain/entities';

/** `PullPage.tables` as sent (server/sync/pull-tables.ts): an entity's keys once, each row's values in their order. */
export interface PulledTable {
  entity: string;
  columns: readonly string[];
  rows: readonly (readonly unknown[])[];
  deleted: readonly string[];
}

/** A page's tables back as its changes, one object per row (decision 067). */
export function changesOfTables(tables: readonly PulledTable[]): Change[] {
  const changes: Change[] = [];
  for (const { entity, columns, rows, deleted } of tables) {
    for (const values of rows) {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < columns.length; i++) row[columns[i] as string] = values[i];
      changes.push({ entity: entity as EntityName, id: row.id as string, data: row as unknown as Change['data'] });
    }
    for (const id of deleted) changes.push({ entity: entity as EntityName, id, data: null });
  }
  return changes;
}
