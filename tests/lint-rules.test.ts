import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The import rules of DESIGN.md §2 (eslint.config.js) must refuse what they are meant to refuse, at any depth, and
 * let through what the design allows. The code is linted as if it lived at `file`; its imports resolve against
 * the real files of the repository.
 */
const root = resolve(import.meta.dirname, '..');
const IMPORT_RULES = new Set(['boundaries/dependencies', 'no-restricted-imports']);
// The repository's own config, running only the rules under test (no-cycle would walk the whole graph each time).
const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => IMPORT_RULES.has(ruleId) });
async function errorsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const x = 1;\n`, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('import direction', () => {
  // [file, import, what the refusal names: the layer imported, or the external-library ban]
  it.each([
    ['src/domain/x.ts', "import React from 'react';", 'src/domain is pure'],
    ['src/domain/rules/x.ts', "import Dexie from 'dexie';", 'src/domain is pure'],
    ['src/domain/x.ts', "import { sessionStore } from '../db/session';", '(db)'],
    ['src/domain/rules/x.ts', "import { SalonDb } from '../../db/salon-db';", '(db)'],
    ['src/domain/schemas/x.ts', "import { en } from '../../i18n/languages';", '(i18n)'],
    ['src/domain/x.ts', "export { sessionStore } from '../db/session';", '(db)'],
    ['src/db/x.ts', "import { TopBar } from '../ui/top-bar';", '(ui)'],
    ['src/db/commands/x.ts', "import { SyncEngine } from '../../sync/engine';", '(sync)'],
    ['src/db/commands/x.ts', "import { TopBar } from '../../ui/top-bar';", '(ui)'],
    ['src/db/commands/x.ts', "const load = () => import('../../api/client');", '(api)'],
    ['src/db/x.ts', "import { useIntl } from 'react-intl';", 'only import point of react-intl'],
    ['src/ui/clients/x.ts', "import { createClient } from '../../db/commands/clients';", '(commands)'],
    ['src/ui/x.ts', "import { LOCAL_COMMANDS } from '../db/commands';", '(commands)'],
    ['src/routes/x.ts', "import { rebase } from '../db/commands/run';", '(commands)'],
    ['src/db/x.ts', "import { rebase } from './commands/run';", '(commands)'],
    ['src/ui/clients/x.ts', "import { makeDb } from '../../db/testing/fixtures';", '(db-testing)'],
    ['src/sync/x.ts', "import { TopBar } from '../ui/top-bar';", '(ui)'],
    ['src/sync/x.ts', "import { useT } from '../i18n';", '(i18n)'],
    ['src/api/x.ts', "import { sessionStore } from '../db/session';", '(db)'],
    ['src/api/x.ts', "import { pull } from '../sync/pull';", '(sync)'],
    ['src/i18n/x.ts', "import { sessionStore } from '../db/session';", '(db)'],
    ['src/ui/timetable/x.ts', "import { Route } from '../../routes/salon.appointments';", '(routes)'],
    ['src/ui/appointments/x.ts', "import { SALON_SCREENS } from '../../routes/-screens';", '(routes)'],
    ['src/ui/x.ts', "import { buildServer } from '../../server/main';", '(server)'],
    ['src/ui/clients/x.ts', "import { buildServer } from '../../../server/main';", '(server)'],
    ['src/ui/clients/x.ts', "import { seedSalon } from '../../../tests/factories/salon';", '(tests)'],
    ['src/ui/clients/x.ts', "import config from '../../../vite.config';", '(outside every layer)'],
    ['server/x.ts', "import { sessionStore } from '../src/db/session';", '(db)'],
    ['server/modules/x/y.ts', "import { sessionStore } from '../../../src/db/session';", '(db)'],
    ['server/modules/x/y.ts', "import { submitCommand } from '../../../src/sync/submit-command';", '(sync)'],
    ['server/modules/x/y.ts', "import { useT } from '../../../src/i18n';", '(i18n)'],
    ['server/modules/x/y.ts', "import React from 'react';", 'server/ runs on Node'],
    // One screen's folder into another's outside UI_CROSS (issue 55).
    ['src/ui/clients/x.ts', "import { StaffPage } from '../staff/staff-page';", 'UI_CROSS'],
    ['src/ui/timetable/x.ts', "import { AppointmentsPage } from '../appointments/appointments-page';", 'UI_CROSS'],
    ['src/ui/cabinets/x.ts', "import { ServicesPage } from '../services/services-page';", 'UI_CROSS'],
  ])('%s may not %s', async (file, code, named) => {
    const errors = await errorsFor(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(named);
  });

  it.each([
    ['src/db/x.ts', "import { newId } from '../domain/ids';"],
    ['src/db/commands/x.ts', "import { newId } from '../../domain/ids';\nimport { SalonDb } from '../salon-db';"],
    ['src/sync/x.ts', "import { LOCAL_COMMANDS } from '../db/commands';"],
    ['src/sync/x.ts', "import { sessionStore } from '../db/session';\nimport { apiConfig } from '../api/config';"],
    ['src/ui/x/y.ts', "import { submitCommand } from '../../sync/submit-command';"],
    ['src/ui/x/y.ts', "import { sessionStore } from '../../db/session';\nimport { useT } from '../../i18n';"],
    ['src/routes/x.ts', "import { sessionStore } from '../db/session';"],
    [
      'src/routes/salon.x.tsx',
      "import { ClientsPage } from '../ui/clients/clients-page';\nimport { submitCommand } from '../sync/submit-command';",
    ],
    ['src/main.tsx', "import { Route } from './routes/salon';"],
    ['src/ui/clients/x.test.ts', "import { seedSalon } from '../../../tests/factories/salon';"],
    ['src/ui/timetable/x.test.ts', "import { makeDb } from '../../db/testing/fixtures';"],
    [
      'src/ui/appointments/x.ts',
      "import { ClientSelector } from '../clients/client-selector';\nimport { useSalonClients } from '../salon/use-clients';",
    ],
    ['src/ui/staff/x.ts', "import { useSession } from '../session/use-session';\nimport { PaymentIcon } from '../payment-icon';"],
    ['server/x.ts', "import { newId } from '../src/domain/ids';"],
    ['server/modules/x/y.ts', "import { newId } from '../../../src/domain/ids';"],
    ['server/modules/x/y.ts', "import en from '../../../src/i18n/messages/en.json';"],
    ['tests/x/y.ts', "import { buildServer } from '../../server/main';\nimport { sessionStore } from '../../src/db/session';"],
  ])('%s may %s', async (file, code) => {
    expect(await errorsFor(file, code)).toEqual([]);
  });
});

describe('import cycles', () => {
  it('import-x/no-cycle reports a cycle in src', async () => {
    // no-cycle follows imports on disk, so the two files must exist; a folder of their own, removed afterwards.
    const dir = mkdtempSync(join(root, 'src', '.lint-fixture-'));
    try {
      writeFileSync(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = (): number => b() + 1;\n");
      writeFileSync(join(dir, 'b.ts'), "import { a } from './a';\nexport const b = (): number => a() - 1;\n");
      const noCycle = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-cycle' });
      const results = await noCycle.lintFiles([join(dir, 'a.ts'), join(dir, 'b.ts')]);
      expect(results.map((r) => r.messages.map((m) => m.ruleId))).toEqual([['import-x/no-cycle'], ['import-x/no-cycle']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  /**
   * import-x/no-cycle skips type-only imports, and each of the cycles issue 25 found was closed by one (a type
   * living in the module that imports its user). Such a cycle still says a thing sits in the wrong file, so this
   * looks at every import, types included.
   */
  it('no file of src or server imports itself through others, type-only imports included', () => {
    const files = ['src', 'server'].flatMap((d) => sourceFiles(join(root, d)));
    const graph = new Map(files.map((f) => [f, localImports(f)]));
    const cycles = stronglyConnected(graph).map((c) => c.map((f) => relative(root, f)).sort());
    expect(cycles).toEqual([]);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Relative imports of a file, resolved as the bundler does: `import type`, `export … from` and `import()` too. */
function localImports(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .filter(({ fileName }) => fileName.startsWith('.'))
    .map(({ fileName }) => {
      const base = resolve(dirname(file), fileName);
      return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((p) => /\.tsx?$/.test(p) && isFile(p));
    })
    .filter((p): p is string => p !== undefined);
}
function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false; // missing, or a path through a file (`messages/en.json/index.ts`)
  }
}

/** Tarjan's strongly connected components with more than one file, or a file importing itself. */
function stronglyConnected(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component);
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}
