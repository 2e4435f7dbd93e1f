/// <reference lib="webworker" />
import type { ColumnMatch, ImportKind } from '../../domain/rules/import-columns';
import { checkRows, type ImportOptions } from '../../domain/rules/import-rows';
import { readImportFile, type ImportTable } from './read-import-file';

/**
 * The import's web worker (issue 58 item 1): reads the file and checks its rows off the page's thread, so a file of
 * 20 000 clients never freezes the screen. It keeps the table it read; each check is of that table.
 */
export type ImportRequest =
  { type: 'read'; name: string; bytes: ArrayBuffer } | { type: 'check'; kind: ImportKind; matches: ColumnMatch[]; options: ImportOptions };

let table: ImportTable | null = null;

self.onmessage = async (event: MessageEvent<ImportRequest>) => {
  const request = event.data;
  if (request.type === 'read') {
    const outcome = await readImportFile(request.name, new Uint8Array(request.bytes));
    table = outcome.ok ? outcome.table : null;
    self.postMessage(outcome);
    return;
  }
  self.postMessage(table ? checkRows(request.kind, table.rows, request.matches, request.options) : []);
};
