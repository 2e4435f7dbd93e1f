import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import { catalogPart, partOf, partsToPaint, type CatalogPart } from './parts';

const KEYS = Object.keys(en);

/** What the landing page renders before the rest of the catalog is here (src/routes/index.tsx and what it shows). */
const LANDING_FIRST_PAINT = [
  'src/ui/landing/landing-page.tsx',
  'src/ui/landing/landing-sections.tsx',
  'src/ui/language-switcher.tsx',
  'src/ui/logo.tsx',
  'src/ui/pwa-prompt.tsx',
  'src/ui/route-error.tsx',
  'src/routes/__root.tsx',
];
/** Where a signed-in start on the Appointments page begins: the app, its root route, /salon and the page's own. */
const SHELL_ENTRIES = ['src/main.tsx', 'src/routes/__root.tsx', 'src/routes/salon.tsx', 'src/routes/salon.appointments.tsx'];
/** Quoted texts that are message ids by chance: a reopened form's kind. */
const NOT_MESSAGES = new Set(['appointment.edit']);

/**
 * The message ids a file asks for: t('a.b') in full, t(`a.${x}.b`) up to its first placeholder; in a component
 * (.tsx) also every quoted text that is a message id, such as a menu's labels or either side of a condition.
 */
function idsIn(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const calls = [...source.matchAll(/\bt\(\s*(['`])([^'`$]+)(\$\{)?/g)].map((m) =>
    m[3] ? (m[2] as string).replace(/\.$/, '') : (m[2] as string),
  );
  if (!file.endsWith('.tsx')) return calls;
  const quoted = [...source.matchAll(/(['"`])([a-zA-Z][\w-]*(?:\.[\w-]+)+)\1/g)].map((m) => m[2] as string);
  return [...calls, ...quoted.filter((text) => text in en && !NOT_MESSAGES.has(text))];
}

/** The source file an import names, or null for a package, a stylesheet or a catalog part. */
function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.') || spec.includes('?') || /\.(json|css|svg|png|woff2)$/.test(spec) || spec.endsWith('routeTree.gen'))
    return null;
  const base = join(dirname(from), spec);
  for (const ext of ['.ts', '.tsx', '/index.ts', '/index.tsx']) {
    const file = base + ext;
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  throw new Error(`${from}: cannot resolve ${spec}`);
}

/** A file's imports that bring code: static ones but `import type`, and lazy ones not held back by `withWholeCatalog`. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const statics = [...source.matchAll(/^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm)]
    .filter((m) => !m[1])
    .map((m) => m[2] as string);
  const lazy = [...source.matchAll(/(?<!typeof\s)(withWholeCatalog\(\s*)?\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)]
    .filter((m) => !m[1])
    .map((m) => m[2] as string);
  return [...statics, ...lazy].map((spec) => resolveImport(file, spec)).filter((f): f is string => f !== null);
}

/** Every file reachable from the entries without waiting for the whole catalog. */
function reachable(entries: string[]): string[] {
  const seen = new Set(entries);
  const queue = [...entries];
  for (let file = queue.shift(); file; file = queue.shift())
    for (const next of importsOf(file))
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
  return [...seen];
}

/** Ids (or id prefixes) asked for in `files` with a message outside `parts`. */
function outside(files: string[], parts: CatalogPart[]): string[] {
  const wrong: string[] = [];
  for (const file of files)
    for (const id of idsIn(file)) {
      const keys = KEYS.filter((key) => key === id || key.startsWith(`${id}.`));
      if (keys.length === 0) wrong.push(`${relative('.', file)}: ${id} is not in the catalog`);
      for (const key of keys) if (!parts.includes(partOf(key))) wrong.push(`${relative('.', file)}: ${key} is in ${partOf(key)}`);
    }
  return [...new Set(wrong)];
}

describe('catalog parts', () => {
  it('split the catalog in three without losing or repeating a message', () => {
    const parts = (['first-paint', 'shell', 'rest'] as const).map((part) => catalogPart(en, part));
    for (const part of parts) expect(Object.keys(part).length).toBeGreaterThan(0);
    expect(Object.assign({}, ...parts)).toEqual(en);
    expect(parts.reduce((sum, part) => sum + Object.keys(part).length, 0)).toBe(KEYS.length);
  });

  it('hold every message the landing page paints with in the first part', () => {
    const ids = LANDING_FIRST_PAINT.flatMap(idsIn);
    expect(ids).toContain('landing.hero.title');
    expect(ids).toContain('landing.section');
    expect(outside(LANDING_FIRST_PAINT, ['first-paint'])).toEqual([]);
  });

  it('hold every message the signed-in Appointments page can show before the rest is here in the first two', () => {
    const files = reachable(SHELL_ENTRIES);
    expect(files).toContain('src/ui/top-bar.tsx');
    expect(files).toContain('src/ui/timetable/appointment-card.tsx');
    expect(files.flatMap(idsIn)).toContain('timetable.newAppointment');
    expect(outside(files, ['first-paint', 'shell'])).toEqual([]);
  });

  it('are found for a file that asks for a message of the rest', () => {
    expect(outside(['src/ui/sales/sale-dialog.tsx'], ['first-paint', 'shell']).length).toBeGreaterThan(0);
    expect(importsOf('src/ui/landing/landing-page.tsx')).not.toContain('src/ui/auth/login-dialog.tsx');
  });

  it('only the landing page and a signed-in start on Appointments paint with less than the whole catalog', () => {
    expect(partsToPaint('/', false)).toEqual(['first-paint']);
    expect(partsToPaint('/salon/appointments', true)).toEqual(['first-paint', 'shell']);
    expect(partsToPaint('/salon/appointments/', true)).toEqual(['first-paint', 'shell']);
    for (const [path, signedIn] of [
      ['/', true],
      ['/salon/appointments', false],
      ['/salon/clients', true],
      ['/verify-email/a/b', false],
    ] as const)
      expect(partsToPaint(path, signedIn)).toEqual(['first-paint', 'shell', 'rest']);
  });
});
