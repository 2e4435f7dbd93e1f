import { useEffect, useId, useRef, useState } from 'react';
import { runImport, type ImportOutcome } from '../../sync/import-rows';
import { IMPORT_KINDS, matchColumns, missingFields, type ColumnMatch, type ImportKind } from '../../domain/rules/import-columns';
import type { ClientFieldKey, MergeMode } from '../../domain/rules/import-merge';
import type { CheckedRow, ImportProblem } from '../../domain/rules/import-rows';
import { useLanguage, useT } from '../../i18n';
import { Button } from '../button';
import { downloadFile } from '../download-file';
import { FormMessage } from '../form-message';
import { Segmented } from '../segmented';
import { useSession } from '../session/use-session';
import { useSyncDb } from '../sync/use-sync-state';
import { failedRowsCsv } from './failed-rows';
import { fieldLabel, ImportColumnsForm, type GenderChoice } from './import-columns-form';
import { ImportPreview } from './import-preview';
import { startImportWorker, type ImportWorker } from './import-worker-client';
import type { ImportTable } from './read-import-file';

/** The salon's country, for phones written without their code (the product's salons are in Latvia). */
const COUNTRY = 'LV';

const CLIENT_FIELDS: Record<string, ClientFieldKey[]> = {
  firstName: ['firstName'],
  lastName: ['lastName'],
  fullName: ['firstName', 'lastName'],
  phone: ['phone'],
  email: ['email'],
  birthday: ['birthday'],
  gender: ['gender'],
  notes: ['notes'],
};

type Step =
  | { at: 'choose'; refused: { message: string } | null }
  | { at: 'reading' }
  | { at: 'check'; file: string; table: ImportTable }
  | { at: 'importing'; file: string; table: ImportTable; done: number; total: number }
  | { at: 'done'; file: string; table: ImportTable; outcome: ImportOutcome; problems: Map<number, ImportProblem[]> };

/**
 * Import (issue 58; owner and administrators, Settings): clients, services or products from a CSV or XLSX file.
 * Pick the file; see each column's field and change it; see the rows with every problem on its cell; import. The
 * file is read and checked in a web worker; the rows become the forms' own commands (src/sync/import-batches.ts),
 * so an import works offline and syncs as any change. At the end, the counts and the rows not imported as a file.
 */
export function ImportPage() {
  const t = useT();
  const { language } = useLanguage();
  const db = useSyncDb();
  const session = useSession();
  const inputId = useId();
  const [kind, setKind] = useState<ImportKind>('clients');
  const [step, setStep] = useState<Step>({ at: 'choose', refused: null });
  const [matches, setMatches] = useState<ColumnMatch[]>([]);
  const [mode, setMode] = useState<MergeMode>('fill');
  const [gender, setGender] = useState<GenderChoice>('ask');
  const [checked, setChecked] = useState<CheckedRow[] | null>(null);
  const [failed, setFailed] = useState(false);
  const worker = useRef<ImportWorker | null>(null);
  const cancel = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      worker.current?.stop();
      cancel.current?.abort();
    },
    [],
  );
  const workerOf = () => (worker.current ??= startImportWorker());

  // The rows are checked again, in the worker, whenever the matches or the gender choice change.
  const table = step.at === 'check' ? step.table : null;
  useEffect(() => {
    if (!table) return undefined;
    let live = true;
    setChecked(null);
    void workerOf()
      .check(kind, matches, { country: COUNTRY, defaultGender: gender === 'ask' ? null : gender })
      .then((rows) => live && setChecked(rows));
    return () => {
      live = false;
    };
  }, [table, kind, matches, gender]);

  const choose = async (file: File | null) => {
    if (!file) return;
    setStep({ at: 'reading' });
    setFailed(false);
    const read = await workerOf()
      .read(file)
      .catch(() => {
        // The worker could not start (its code not loaded, say): a new one is made for the next try.
        worker.current?.stop();
        worker.current = null;
        return { ok: false as const, message: 'import.file.failed' as const, values: undefined };
      });
    if (!read.ok) {
      setStep({ at: 'choose', refused: { message: t(read.message, read.values) } });
      return;
    }
    setMatches(matchColumns(kind, read.table.headers));
    setStep({ at: 'check', file: file.name, table: read.table });
  };

  const start = async () => {
    if (step.at !== 'check' || !checked || !db || !session?.salon) return;
    const ready = checked.flatMap((row) => (row.value ? [{ line: row.line, value: row.value }] : []));
    const problems = new Map(checked.filter((row) => row.problems.length > 0).map((row) => [row.line, row.problems]));
    const given = new Set(matches.flatMap((m) => (m ? (CLIENT_FIELDS[m] ?? []) : [])));
    cancel.current = new AbortController();
    setStep({ at: 'importing', file: step.file, table: step.table, done: 0, total: ready.length });
    try {
      const outcome = await runImport(
        kind,
        ready,
        { mode, given, language },
        {
          signal: cancel.current.signal,
          onProgress: (done) => setStep((s) => (s.at === 'importing' ? { ...s, done } : s)),
        },
      );
      for (const f of outcome.failed) problems.set(f.line, [{ column: null, message: f.message as ImportProblem['message'] }]);
      setStep({ at: 'done', file: step.file, table: step.table, outcome, problems });
    } catch {
      setFailed(true);
      setStep({ at: 'check', file: step.file, table: step.table });
    }
  };

  const again = () => {
    setStep({ at: 'choose', refused: null });
    setChecked(null);
  };
  const missing = step.at === 'check' ? missingFields(kind, matches) : [];
  const ready = checked?.filter((row) => row.value).length ?? 0;

  return (
    <section className="page settings-page import-page">
      <div className="page-header">
        <h1 className="page-title">{t('screen.import')}</h1>
      </div>
      <p className="section-note">{t('import.intro')}</p>
      {step.at === 'choose' || step.at === 'reading' ? (
        <div className="stack">
          <Segmented
            label={t('import.kind')}
            value={kind}
            options={IMPORT_KINDS.map((value) => ({ value, label: t(`import.kind.${value}`) }))}
            onChange={setKind}
          />
          <div className="field">
            <label className="field-label" htmlFor={inputId}>
              {t('import.file')}
            </label>
            <input
              id={inputId}
              type="file"
              className="field-input"
              accept=".csv,.xlsx,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              disabled={step.at === 'reading'}
              onChange={(event) => {
                void choose(event.target.files?.[0] ?? null);
                event.target.value = '';
              }}
            />
            <span className="field-description">{t('import.file.hint')}</span>
          </div>
          {step.at === 'reading' ? <p role="status">{t('import.reading')}</p> : null}
          {step.at === 'choose' && step.refused ? <FormMessage>{step.refused.message}</FormMessage> : null}
        </div>
      ) : null}

      {step.at === 'check' ? (
        <div className="stack">
          <p className="section-note">
            {t('import.fileRead', { file: step.file, rows: step.table.rows.length, encoding: step.table.encoding.toUpperCase() })}
          </p>
          <ImportColumnsForm
            kind={kind}
            headers={step.table.headers}
            matches={matches}
            onMatches={setMatches}
            mode={mode}
            onMode={setMode}
            gender={gender}
            onGender={setGender}
          />
          {missing.length > 0 ? (
            <FormMessage>{t('import.missing', { fields: missing.map((f) => fieldLabel(t, kind, f)).join(', ') })}</FormMessage>
          ) : null}
          {checked ? <ImportPreview table={step.table} checked={checked} /> : <p role="status">{t('import.checking')}</p>}
          <FormMessage>{failed ? t('import.failed') : null}</FormMessage>
          <div className="form-actions">
            <Button variant="ghost" onPress={again}>
              {t('import.otherFile')}
            </Button>
            <Button variant="primary" isDisabled={!checked || ready === 0 || missing.length > 0 || !db} onPress={() => void start()}>
              {t('import.start', { count: ready })}
            </Button>
          </div>
        </div>
      ) : null}

      {step.at === 'importing' ? (
        <div className="stack">
          <label className="field-label" htmlFor={`${inputId}-progress`}>
            {t('import.progress', { done: step.done, total: step.total })}
          </label>
          <progress id={`${inputId}-progress`} className="import-progress" max={step.total} value={step.done} />
          <div className="form-actions">
            <Button variant="secondary" onPress={() => cancel.current?.abort()}>
              {t('import.cancel')}
            </Button>
          </div>
        </div>
      ) : null}

      {step.at === 'done' ? (
        <div className="stack" data-testid="import-summary">
          <FormMessage kind={step.outcome.cancelled ? 'info' : 'success'}>
            {t(step.outcome.cancelled ? 'import.cancelled' : 'import.finished', { file: step.file })}
          </FormMessage>
          <ul className="import-summary">
            <li>{t('import.summary.imported', { count: step.outcome.imported })}</li>
            <li>{t('import.summary.merged', { count: step.outcome.merged })}</li>
            <li>{t('import.summary.skipped', { count: step.outcome.skipped })}</li>
            <li>{t('import.summary.failed', { count: step.problems.size })}</li>
          </ul>
          <div className="form-actions">
            {step.problems.size > 0 ? (
              <Button
                variant="secondary"
                onPress={() =>
                  downloadFile(
                    `${step.file.replace(/\.(csv|xlsx|txt)$/i, '')}-not-imported.csv`,
                    new Blob([failedRowsCsv(step.table, step.problems, (p) => t(p.message), t('import.reason'))], {
                      type: 'text/csv;charset=utf-8',
                    }),
                  )
                }
              >
                {t('import.downloadFailed')}
              </Button>
            ) : null}
            <Button variant="primary" onPress={again}>
              {t('import.another')}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
