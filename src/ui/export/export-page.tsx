import { useState } from 'react';
import { exportRows } from '../../db/queries/export';
import { EXPORT_FILES, exportTable, isRanged, type ExportFile } from '../../domain/rules/export';
import { useLanguage, useT } from '../../i18n';
import { useKeptRange, useKeptText } from '../area-state';
import { Button } from '../button';
import { DateRangeButton } from '../date-range-button';
import { FormMessage } from '../form-message';
import { useSalonSettings, useSalonTimeZone, useSalonToday } from '../salon/use-salon';
import { Segmented } from '../segmented';
import { useSession } from '../session/use-session';
import { useSyncDb, useSyncState } from '../sync/use-sync-state';
import { downloadFile } from '../download-file';
import { EXPORT_FORMATS, fileOf, zipOf, type ExportFormat } from './export-files';

/**
 * Export data (issue 58 item 4; owner only): each file of the salon as CSV or XLSX, appointments and invoices of a
 * range, and everything of every date as one ZIP for a salon that leaves. Made on the device from the mirror
 * (src/domain/rules/export.ts), in the user's language, so it works offline like the Report.
 */
export function ExportPage() {
  const t = useT();
  const { language } = useLanguage();
  const db = useSyncDb();
  const session = useSession();
  const timeZone = useSalonTimeZone();
  const today = useSalonToday();
  const settings = useSalonSettings();
  const firstSync = useSyncState().status?.firstSync ?? false;
  const [kept, setFormat] = useKeptText('export.format');
  const format: ExportFormat = kept === 'xlsx' ? 'xlsx' : 'csv';
  const [range, setRange] = useKeptRange('export.range', () => ({ from: `${today.slice(0, 8)}01`, to: today }));
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const salonId = session?.salon ?? null;
  if (!salonId) return null;

  const make = async (files: readonly ExportFile[], dates: { from: string; to: string } | null) => {
    if (!db) throw new Error('no mirror');
    const rows = await exportRows(db, salonId, dates);
    const source = { ...rows, language, timeZone, timeFormat: settings?.schedule.format ?? 'HH:mm', range: dates };
    return files.map((file) => exportTable(file, source, t));
  };
  const run = async (write: () => Promise<string>) => {
    setBusy(true);
    setDone(null);
    setFailed(false);
    try {
      setDone(await write());
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const one = (file: ExportFile) =>
    run(async () => {
      const [table] = await make([file], isRanged(file) ? range : null);
      const base = isRanged(file) ? `${file}-${range.from}-${range.to}` : `${file}-${today}`;
      const made = await fileOf(table!, format, t, base, t(`export.file.${file}`));
      downloadFile(made.name, made.blob);
      return t('export.done', { file: t(`export.file.${file}`), count: table!.rows.length });
    });
  const everything = () =>
    run(async () => {
      const tables = await make(EXPORT_FILES, null);
      const files = await Promise.all(tables.map((table) => fileOf(table, format, t, table.file, t(`export.file.${table.file}`))));
      downloadFile(`salon-export-${today}.zip`, await zipOf(files));
      return t('export.doneAll', { count: tables.reduce((sum, table) => sum + table.rows.length, 0) });
    });

  return (
    <section className="page settings-page export-page">
      <div className="page-header">
        <h1 className="page-title">{t('screen.export')}</h1>
      </div>
      <p className="section-note">{t('export.intro')}</p>
      {firstSync ? <FormMessage kind="info">{t('export.notSynced')}</FormMessage> : null}
      <div className="toolbar">
        <Segmented
          label={t('export.format')}
          value={format}
          options={EXPORT_FORMATS.map((value) => ({ value, label: t(`export.format.${value}`) }))}
          onChange={setFormat}
        />
        <DateRangeButton label={t('export.range')} value={range} onChange={setRange} withYear past />
      </div>
      <p role="status" aria-live="polite">
        {busy ? <span className="muted">{t('export.preparing')}</span> : null}
      </p>
      <FormMessage kind="success">{done}</FormMessage>
      <FormMessage>{failed ? t('export.failed') : null}</FormMessage>
      <ul className="export-files">
        {EXPORT_FILES.map((file) => (
          <li key={file} className="export-file">
            <span className="export-file-name">{t(`export.file.${file}`)}</span>
            <span className="muted">{isRanged(file) ? t('export.ofRange') : t('export.whole')}</span>
            <Button
              variant="secondary"
              isDisabled={busy || !db}
              aria-label={t('export.downloadFile', { file: t(`export.file.${file}`) })}
              onPress={() => void one(file)}
            >
              {t('export.download')}
            </Button>
          </li>
        ))}
      </ul>
      <section className="stack" aria-labelledby="export-everything">
        <h2 id="export-everything" className="section-title">
          {t('export.everything')}
        </h2>
        <p className="section-note">{t('export.everything.note')}</p>
        <div className="form-actions">
          <Button variant="primary" isDisabled={busy || !db} onPress={() => void everything()}>
            {t('export.downloadAll')}
          </Button>
        </div>
      </section>
    </section>
  );
}
