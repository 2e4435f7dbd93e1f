import { toCsv } from '../../domain/rules/csv';
import type { ImportProblem } from '../../domain/rules/import-rows';
import type { ImportTable } from './read-import-file';

/**
 * The rows not imported, as a CSV to fix and import again (issue 58 item 2): the file's own header and cells, and
 * a last column with the reasons, each naming its column.
 */
export function failedRowsCsv(
  table: ImportTable,
  failed: ReadonlyMap<number, readonly ImportProblem[]>,
  say: (problem: ImportProblem) => string,
  reasonTitle: string,
): string {
  const rows = [...failed.entries()]
    .sort(([a], [b]) => a - b)
    .map(([line, problems]) => [
      ...(table.rows[line - 2] ?? []),
      problems.map((p) => (p.column === null ? say(p) : `${table.headers[p.column] ?? ''}: ${say(p)}`)).join('; '),
    ]);
  return toCsv([...table.headers, reasonTitle], rows);
}
