import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The import-direction rule of DESIGN.md §2 must refuse what it is meant to refuse. */
const eslint = new ESLint();
async function errorsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import direction', () => {
  it.each([
    ['src/domain/x.ts', "import React from 'react';"],
    ['src/domain/x.ts', "import { db } from '../db/session';"],
    ['src/domain/rules/x.ts', "import Dexie from 'dexie';"],
    ['src/db/x.ts', "import { TopBar } from '../ui/top-bar';"],
    ['src/sync/x.ts', "import { TopBar } from '../ui/top-bar';"],
    ['src/api/x.ts', "import { sessionStore } from '../db/session';"],
    ['src/ui/x.ts', "import { buildServer } from '../../server/main';"],
    ['server/x.ts', "import { sessionStore } from '../src/db/session';"],
  ])('%s may not %s', async (file, code) => {
    expect(await errorsFor(file, `${code}\nexport const x = 1;\n`)).not.toEqual([]);
  });
  it.each([
    ['src/db/x.ts', "import { newId } from '../domain/ids';"],
    ['server/x.ts', "import { newId } from '../src/domain/ids';"],
    ['src/routes/x.ts', "import { sessionStore } from '../db/session';"],
  ])('%s may %s', async (file, code) => {
    expect(await errorsFor(file, `${code}\nexport const x = 1;\n`)).toEqual([]);
  });
});
