import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import rules of DESIGN.md §2 (eslint.config.js) must refuse what they are meant to refuse, at any depth, and
 * let through what the design allows. The code is linted as if it lived at `file`; its imports resolve against
 * the real files of the repository.
 */
const root = resolve(import.meta.dirname, '..');
const IMPORT_RULES = new Set(['boundaries/dependencies', 'no-restricted-imports']);
// The repository's own config, running only the rules under test.
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
    ['src/sync/x.ts', "import { TopBar } from '../ui/top-bar';", '(ui)'],
    ['src/sync/x.ts', "import { useT } from '../i18n';", '(i18n)'],
    ['src/api/x.ts', "import { sessionStore } from '../db/session';", '(db)'],
    ['src/api/x.ts', "import { pull } from '../sync/pull';", '(sync)'],
    ['src/i18n/x.ts', "import { sessionStore } from '../db/session';", '(db)'],
    ['src/ui/timetable/x.ts', "import { Route } from '../../routes/salon.appointments';", '(routes)'],
    ['src/ui/timetable/x.ts', "import { AppointmentsPage } from '../../routes/-components/timetable/appointments-page';", '(routes)'],
    ['src/ui/x.ts', "import { buildServer } from '../../server/main';", '(server)'],
    ['src/ui/clients/x.ts', "import { buildServer } from '../../../server/main';", '(server)'],
    ['src/ui/clients/x.ts', "import { seedSalon } from '../../../tests/factories/salon';", '(tests)'],
    ['src/ui/clients/x.ts', "import config from '../../../vite.config';", '(outside every layer)'],
    ['server/x.ts', "import { sessionStore } from '../src/db/session';", '(db)'],
    ['server/modules/x/y.ts', "import { sessionStore } from '../../../src/db/session';", '(db)'],
    ['server/modules/x/y.ts', "import { submitCommand } from '../../../src/sync/submit-command';", '(sync)'],
    ['server/modules/x/y.ts', "import { useT } from '../../../src/i18n';", '(i18n)'],
    ['server/modules/x/y.ts', "import React from 'react';", 'server/ runs on Node'],
  ])('%s may not %s', async (file, code, named) => {
    const errors = await errorsFor(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(named);
  });

  it.each([
    ['src/db/x.ts', "import { newId } from '../domain/ids';"],
    ['src/db/commands/x.ts', "import { newId } from '../../domain/ids';"],
    ['src/sync/x.ts', "import { sessionStore } from '../db/session';\nimport { apiConfig } from '../api/config';"],
    ['src/ui/x/y.ts', "import { submitCommand } from '../../sync/submit-command';"],
    ['src/ui/x/y.ts', "import { sessionStore } from '../../db/session';\nimport { useT } from '../../i18n';"],
    ['src/routes/x.ts', "import { sessionStore } from '../db/session';"],
    ['src/routes/-components/x/y.tsx', "import { TopBar } from '../../../ui/top-bar';\nimport { submitCommand } from '../../../sync/submit-command';"],
    ['src/main.tsx', "import { Route } from './routes/salon';"],
    ['src/ui/clients/x.test.ts', "import { seedSalon } from '../../../tests/factories/salon';"],
    ['server/x.ts', "import { newId } from '../src/domain/ids';"],
    ['server/modules/x/y.ts', "import { newId } from '../../../src/domain/ids';"],
    ['server/modules/x/y.ts', "import en from '../../../src/i18n/messages/en.json';"],
    ['tests/x/y.ts', "import { buildServer } from '../../server/main';\nimport { sessionStore } from '../../src/db/session';"],
  ])('%s may %s', async (file, code) => {
    expect(await errorsFor(file, code)).toEqual([]);
  });
});
