import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The docs say what is true today: every file or folder they cite in backticks exists, and a symbol cited with its
 * file (`name` (`path`), or `name` in `path`) is still in that file.
 */
const root = resolve(import.meta.dirname, '..');
const DOCS = [
  'README.md',
  'docs/architecture.md',
  'docs/sync-protocol.md',
  'docs/one-booking.md',
  'src/sync/README.md',
  'tests/bench/README.md',
];
const PATH = /`((?:src|server|tests|scripts|docs|public)\/[\w./{},*<>-]*)`/g;
const SYMBOL_IN_FILE = /`([A-Za-z_][\w.]*)(?:\([^`]*\))?` \((?:in )?`((?:src|server|tests|scripts)\/[\w./-]+\.\w+)`/g;

/** A cited path as files: `{a,b}` alternatives expanded; placeholders (`<area>`, `*`) cut the path there. */
function filesOf(cited: string): string[] {
  const cut = cited.search(/[<*]/);
  const path = (cut === -1 ? cited : cited.slice(0, cut)).replace(/[/.]+$/, '');
  const braces = /\{([^}]*)\}/.exec(path);
  if (!braces) return [path];
  return braces[1]!.split(',').map((alt) => path.replace(braces[0], alt));
}

describe.each(DOCS)('%s', (doc) => {
  const text = readFileSync(join(root, doc), 'utf8');

  it('cites only files and folders that exist', () => {
    const missing = [...text.matchAll(PATH)].flatMap((m) => filesOf(m[1]!)).filter((f) => f && !existsSync(join(root, f)));
    expect([...new Set(missing)]).toEqual([]);
  });

  it('cites symbols with the file that still holds them', () => {
    const gone = [...text.matchAll(SYMBOL_IN_FILE)]
      .filter(([, , file]) => existsSync(join(root, file!)))
      .filter(([, symbol, file]) => !readFileSync(join(root, file!), 'utf8').includes(symbol!.split('.')[0]!))
      .map(([, symbol, file]) => `${symbol} in ${file}`);
    expect(gone).toEqual([]);
  });
});

describe('docs/architecture.md', () => {
  it('fits under 4 000 words: figures live in docs/figures.md, measurements in the decisions logs', () => {
    const words = readFileSync(join(root, 'docs/architecture.md'), 'utf8').split(/\s+/).filter(Boolean).length;
    expect(words).toBeLessThan(4000);
  });
});
