import { zipSync } from 'fflate';
import writeXlsxFile, { type Cell, type Row } from 'write-excel-file/universal';
import { toCsv } from '../../domain/rules/csv';
import type { ExportCell, ExportColumn, ExportTable } from '../../domain/rules/export';
import { centsToDecimal } from '../../domain/rules/money';
import { dayText } from '../../domain/rules/time';
import type { MessageId } from '../../i18n';

/**
 * The export's files (issue 58 item 4, decision 088): CSV through the Report's writer (UTF-8 with its mark, cells
 * that a spreadsheet would run as a formula prefixed with an apostrophe), XLSX through write-excel-file (text cells
 * are strings, never formulas; dates and money are numbers formatted as the salon shows them), and the whole salon
 * as one ZIP (fflate). Loaded with the Export page, never with the first paint.
 */
export type ExportFormat = 'csv' | 'xlsx';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['csv', 'xlsx'];

type Say = (id: MessageId) => string;

/** A cell as CSV shows it: a salon date as DD.MM.YYYY, money as the rows carry it ('12.50'). */
function csvCell(value: ExportCell, column: ExportColumn): string | number {
  if (value === null || value === '') return '';
  if (column.kind === 'date' && typeof value === 'string') return dayText(value);
  if (column.kind === 'money' && typeof value === 'number') return centsToDecimal(value);
  return value;
}

export function csvOf(table: ExportTable, say: Say): string {
  return toCsv(
    table.columns.map((c) => say(c.title)),
    table.rows.map((row) => row.map((value, i) => csvCell(value, table.columns[i] as ExportColumn))),
  );
}

/** A cell as XLSX holds it: text as a string cell, a date as a day number shown DD.MM.YYYY, money as euros with cents. */
function xlsxCell(value: ExportCell, column: ExportColumn): Cell {
  if (value === null || value === '') return null;
  if (column.kind === 'date' && typeof value === 'string')
    return { value: new Date(`${value}T00:00:00Z`), type: Date, format: 'dd.mm.yyyy' };
  if (column.kind === 'money' && typeof value === 'number') return { value: value / 100, type: Number, format: '#,##0.00' };
  if (typeof value === 'number') return { value, type: Number };
  return { value, type: String };
}

export async function xlsxOf(table: ExportTable, say: Say, sheet: string): Promise<Blob> {
  const header: Row = table.columns.map((c) => ({ value: say(c.title), type: String, fontWeight: 'bold' }));
  const rows: Row[] = table.rows.map((row) => row.map((value, i) => xlsxCell(value, table.columns[i] as ExportColumn)));
  const columns = table.columns.map((c) => ({ width: c.kind === 'text' ? 24 : 12 }));
  // An Excel sheet name is at most 31 characters and has none of []:*?/\.
  return writeXlsxFile([header, ...rows], { sheet: sheet.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31), columns, stickyRowsCount: 1 }).toBlob();
}

export interface ExportedFile {
  name: string;
  blob: Blob;
}

/** One table as a file named `base` plus its format's extension. */
export async function fileOf(table: ExportTable, format: ExportFormat, say: Say, base: string, sheet: string): Promise<ExportedFile> {
  if (format === 'csv') return { name: `${base}.csv`, blob: new Blob([csvOf(table, say)], { type: 'text/csv;charset=utf-8' }) };
  return { name: `${base}.xlsx`, blob: await xlsxOf(table, say, sheet) };
}

/** The files as one ZIP (the salon's full export). */
export async function zipOf(files: readonly ExportedFile[]): Promise<Blob> {
  const entries: Record<string, Uint8Array> = {};
  for (const file of files) entries[file.name] = new Uint8Array(await file.blob.arrayBuffer());
  return new Blob([zipSync(entries, { level: 6 })], { type: 'application/zip' });
}
