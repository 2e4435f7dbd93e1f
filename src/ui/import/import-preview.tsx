import type { CheckedRow, ImportProblem } from '../../domain/rules/import-rows';
import { useT } from '../../i18n';
import type { ImportTable } from './read-import-file';

/** How many rows the preview shows: the first ones, and the first ones with problems. */
export const PREVIEW_ROWS = 20;

/**
 * Step 3 of Import (issue 58 item 1): the file's rows as they will go in, every problem on its cell (and a row's
 * own problem on its line number), the rows with problems first so none is missed.
 */
export function ImportPreview({ table, checked }: { table: ImportTable; checked: readonly CheckedRow[] }) {
  const t = useT();
  const withProblems = checked.filter((row) => row.problems.length > 0);
  const shown = [...withProblems, ...checked.filter((row) => row.problems.length === 0)].slice(0, PREVIEW_ROWS);
  const on = (problems: readonly ImportProblem[], column: number | null) => problems.filter((p) => p.column === column);
  return (
    <div className="stack">
      <h2 className="section-title">{t('import.preview')}</h2>
      <p className="section-note" data-testid="import-counts">
        {t('import.counts', { ready: checked.length - withProblems.length, problems: withProblems.length })}
      </p>
      <div className="import-preview" role="region" aria-label={t('import.preview')} tabIndex={0}>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('import.line')}</th>
              {table.headers.map((header, column) => (
                <th key={column} scope="col">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => {
              const whole = on(row.problems, null);
              return (
                <tr key={row.line} data-line={row.line} className={row.problems.length > 0 ? 'import-row-problem' : undefined}>
                  <th scope="row">
                    {row.line}
                    {whole.map((p) => (
                      <span key={p.message} className="import-problem">
                        {t(p.message)}
                      </span>
                    ))}
                  </th>
                  {table.headers.map((_, column) => {
                    const problems = on(row.problems, column);
                    return (
                      <td
                        key={column}
                        className={problems.length > 0 ? 'import-cell-problem' : undefined}
                        aria-invalid={problems.length > 0 || undefined}
                      >
                        {table.rows[row.line - 2]?.[column]}
                        {problems.map((p) => (
                          <span key={p.message} className="import-problem">
                            {t(p.message)}
                          </span>
                        ))}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
