import type { ColumnMatch, ImportKind } from '../../domain/rules/import-columns';
import type { CheckedRow, ImportOptions } from '../../domain/rules/import-rows';
import type { ImportRequest } from './import-worker';
import { MAX_IMPORT_MB, type ReadOutcome } from './read-import-file';

/** The page's side of the import's worker: one request at a time, each answered by the worker's next message. */
export interface ImportWorker {
  read(file: File): Promise<ReadOutcome>;
  check<K extends ImportKind>(kind: K, matches: ColumnMatch[], options: ImportOptions): Promise<CheckedRow<K>[]>;
  stop(): void;
}

export function startImportWorker(): ImportWorker {
  const worker = new Worker(new URL('./import-worker.ts', import.meta.url), { type: 'module' });
  let queue: Promise<unknown> = Promise.resolve();
  const ask = <T>(request: ImportRequest, transfer: Transferable[] = []): Promise<T> => {
    const answer = queue.then(
      () =>
        new Promise<T>((resolve, reject) => {
          worker.onmessage = (event: MessageEvent<T>) => resolve(event.data);
          worker.onerror = (event) => reject(new Error(event.message));
          worker.postMessage(request, transfer);
        }),
    );
    queue = answer.catch(() => undefined);
    return answer;
  };
  return {
    async read(file) {
      // Refused before its bytes are read: a 50 MB file never reaches memory.
      if (file.size > MAX_IMPORT_MB * 1024 * 1024) return { ok: false, message: 'import.file.tooLarge', values: { max: MAX_IMPORT_MB } };
      const bytes = await file.arrayBuffer();
      return ask<ReadOutcome>({ type: 'read', name: file.name, bytes }, [bytes]);
    },
    check: (kind, matches, options) => ask({ type: 'check', kind, matches, options }),
    stop: () => worker.terminate(),
  };
}
