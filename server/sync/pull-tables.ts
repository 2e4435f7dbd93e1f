import type { Found } from './pull-sources';

/** One entity's rows of a pull page as its keys once and each row's values in their order, and its tombstones. */
export interface PullTable {
  entity: string;
  columns: string[];
  rows: unknown[][];
  deleted: string[];
}

/** The row's keys with a value (JSON leaves the others out of an object), in order, if they are exactly `columns`. */
function hasColumns(row: Record<string, unknown>, columns: readonly string[]): boolean {
  let n = 0;
  for (const key in row) {
    if (row[key] === undefined) continue;
    if (columns[n] !== key) return false;
    n += 1;
  }
  return n === columns.length;
}

const columnsOf = (row: Record<string, unknown>) => Object.keys(row).filter((key) => row[key] !== undefined);

/**
 * A page's changes as `PullPage.tables` (decision 067): about half the JSON of `changes`, one object per row with
 * every key again. Each entity's rows share one table; a row whose keys differ from its table's (none today) starts
 * another table of that entity. Order inside a page does not matter: a page holds each row once.
 */
export function pullTables(changes: readonly Found[]): PullTable[] {
  const tables: PullTable[] = [];
  const last = new Map<string, PullTable>();
  const newTable = (entity: string, columns: string[]): PullTable => {
    const table: PullTable = { entity, columns, rows: [], deleted: [] };
    tables.push(table);
    last.set(entity, table);
    return table;
  };
  for (const change of changes) {
    let table = last.get(change.entity);
    if (change.deleted || change.data === null) {
      (table ?? newTable(change.entity, [])).deleted.push(change.id);
      continue;
    }
    const row = change.data as Record<string, unknown>;
    // A table that holds only tombstones so far takes this row's keys.
    if (table && table.rows.length === 0) table.columns = columnsOf(row);
    else if (!table || !hasColumns(row, table.columns)) table = newTable(change.entity, columnsOf(row));
    const { columns } = table;
    const values = new Array<unknown>(columns.length);
    for (let i = 0; i < columns.length; i++) values[i] = row[columns[i] as string];
    table.rows.push(values);
  }
  return tables;
}
