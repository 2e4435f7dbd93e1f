import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/universal';
import type { MessageId } from '../../i18n';

/**
 * An imported file's table (issue 58 items 1, 6): CSV in UTF-8 (with or without its byte-order mark) or in
 * Windows-1257, as Excel in Latvia saves it, with commas, semicolons or tabs; or the first sheet of an XLSX. Every
 * cell becomes text: an XLSX date its 'YYYY-MM-DD', a number its digits. What cannot be read is refused whole, with
 * the message to show, and nothing of it is imported. Runs in the import's web worker (./import-worker.ts).
 */
export const MAX_IMPORT_MB = 10;
export const MAX_IMPORT_COLUMNS = 100;
export const MAX_IMPORT_ROWS = 50_000;

export interface ImportTable {
  headers: string[];
  rows: string[][];
  /** How the file was read: 'xlsx', 'utf-8' or 'windows-1257'. */
  encoding: string;
}
export type ReadOutcome = { ok: true; table: ImportTable } | { ok: false; message: MessageId; values?: Record<string, number> };

const refused = (message: MessageId, values?: Record<string, number>): ReadOutcome => ({ ok: false, message, values });

const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((b, i) => bytes[i] === b);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** Files that are not text whatever their name: an old .xls, a PDF, an image. */
const NOT_TEXT = [
  [0xd0, 0xcf, 0x11, 0xe0],
  [0x25, 0x50, 0x44, 0x46],
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
];

/** UTF-8 when the bytes are valid UTF-8 (a mark first or not), else Windows-1257. */
export function decodeText(bytes: Uint8Array): { text: string; encoding: string } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1257').decode(bytes), encoding: 'windows-1257' };
  }
}

const cellText = (cell: unknown): string => {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return String(cell).trim();
};

/** The header and the data rows, each row as long as the header; rows with nothing in them are left out. */
function tableOf(cells: readonly (readonly unknown[])[], encoding: string): ReadOutcome {
  const [head, ...body] = cells.map((row) => row.map(cellText));
  const headers = head ?? [];
  while (headers.length > 0 && headers[headers.length - 1] === '') headers.pop();
  if (headers.length === 0) return refused('import.file.empty');
  if (headers.length > MAX_IMPORT_COLUMNS) return refused('import.file.tooManyColumns', { count: headers.length, max: MAX_IMPORT_COLUMNS });
  const rows = body.filter((row) => row.some((c) => c !== '')).map((row) => headers.map((_, i) => row[i] ?? ''));
  if (rows.length === 0) return refused('import.file.noRows');
  if (rows.length > MAX_IMPORT_ROWS) return refused('import.file.tooManyRows', { count: rows.length, max: MAX_IMPORT_ROWS });
  return { ok: true, table: { headers, rows, encoding } };
}

export async function readImportFile(name: string, bytes: Uint8Array): Promise<ReadOutcome> {
  if (bytes.length === 0) return refused('import.file.empty');
  if (bytes.length > MAX_IMPORT_MB * 1024 * 1024) return refused('import.file.tooLarge', { max: MAX_IMPORT_MB });
  if (startsWith(bytes, ZIP) || /\.xlsx$/i.test(name)) {
    try {
      const sheet = await readSheet(bytes.slice().buffer);
      return tableOf(sheet, 'xlsx');
    } catch {
      return refused('import.file.unreadable');
    }
  }
  // Text has no NUL byte; a binary file named .csv has them, or one of the known signatures.
  if (NOT_TEXT.some((signature) => startsWith(bytes, signature)) || bytes.subarray(0, 8192).includes(0))
    return refused('import.file.notText');
  const { text, encoding } = decodeText(bytes);
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy', delimitersToGuess: [',', ';', '\t', '|'] });
  if (parsed.data.length === 0) return refused('import.file.empty');
  return tableOf(parsed.data, encoding);
}
