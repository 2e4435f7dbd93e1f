import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../src/domain/commands/catalogue';

/**
 * Feature homes and one name per area (decision 037): a salon screen's route `src/routes/salon.<…>.<area>.tsx` is
 * a shell that imports its page from `src/ui/<area>/<area>-page.tsx`; the area's local commands
 * (`src/db/commands/<area>.ts`) and its server module (`server/modules/<area>/`) carry the same name.
 */
const root = resolve(import.meta.dirname, '..');
const routesDir = join(root, 'src/routes');
const routeFiles = readdirSync(routesDir).filter((f) => /\.tsx?$/.test(f));

/**
 * Routes whose path the spec fixed to another word than their area: /salon/invoices lists the subscription's
 * invoices, while `invoices` is the salon's own (sales) invoices area (decision 047).
 */
const ROUTE_AREAS: Record<string, string> = { 'salon.invoices.tsx': 'subscription' };

/** The area of a salon route file: its last segment that is neither a parameter nor `index`. */
const areaOf = (file: string): string => {
  if (ROUTE_AREAS[file]) return ROUTE_AREAS[file];
  const segments = file
    .replace(/\.tsx$/, '')
    .split('.')
    .filter((s) => s !== 'index' && !s.startsWith('$'));
  return segments[segments.length - 1] as string;
};
/** Salon screens with a page of their own (the layout `salon.tsx` and the catch-all `salon.$.tsx` have none). */
const salonScreens = routeFiles.filter((f) => f.startsWith('salon.') && !['salon.tsx', 'salon.$.tsx'].includes(f));

describe('feature homes', () => {
  it('src/routes holds route files only: no folder of screen parts', () => {
    expect(readdirSync(routesDir).filter((f) => statSync(join(routesDir, f)).isDirectory())).toEqual([]);
  });

  it.each(salonScreens)('%s imports its page from src/ui/<area>/<area>-page.tsx', (file) => {
    const area = areaOf(file);
    expect(readFileSync(join(routesDir, file), 'utf8')).toContain(`from '../ui/${area}/${area}-page'`);
  });

  it('every command screen is a salon route with its page', () => {
    const screens = [...new Set(Object.values(COMMANDS).map((c) => c.screen))];
    for (const screen of screens) {
      const base = screen.slice(1).replaceAll('/', '.');
      const file = [`${base}.tsx`, `${base}.index.tsx`].find((f) => routeFiles.includes(f));
      expect(file, screen).toBeDefined();
      expect(existsSync(join(root, 'src/ui', areaOf(file as string))), screen).toBe(true);
    }
  });
});

describe('one name per area', () => {
  const commandAreas = readdirSync(join(root, 'src/db/commands'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => f.replace(/\.ts$/, ''))
    .filter(
      (f) =>
        !['index', 'registry', 'run', 'run-batch', 'validate', 'command-tx', 'setup-reads', 'local-commands', 'shared-check'].includes(f),
    );
  const modules = readdirSync(join(root, 'server/modules'));

  it('each area of local commands has a server module of the same name', () => {
    expect(commandAreas.filter((a) => !modules.includes(a))).toEqual([]);
  });

  it('each server module is an area with a ui folder of the same name', () => {
    // access (sign-in, tokens) and salons (the salon itself, the sysadmin's list) serve every screen.
    expect(modules.filter((m) => !['access', 'salons'].includes(m) && !existsSync(join(root, 'src/ui', m)))).toEqual([]);
  });

  it('each server module with commands (its commands.ts) is an area of local commands of the same name', () => {
    expect(modules.filter((m) => existsSync(join(root, 'server/modules', m, 'commands.ts')) && !commandAreas.includes(m))).toEqual([]);
  });

  it('each area with commands has a ui folder of the same name', () => {
    expect(commandAreas.filter((a) => !existsSync(join(root, 'src/ui', a)))).toEqual([]);
  });
});

describe('GraphQL documents and integration tests carry their area’s name', () => {
  const documents = readdirSync(join(root, 'src/api/documents')).map((f) => f.replace(/\.graphql$/, ''));
  const modules = readdirSync(join(root, 'server/modules'));

  it("each file of src/api/documents is named for a server module (sync: the commands' pushes and the pulls)", () => {
    expect(documents.filter((d) => d !== 'sync' && !modules.includes(d))).toEqual([]);
  });

  it('no integration test keeps a name an area had before', () => {
    const retired = ['products', 'salon-settings', 'salon-setup', 'suppliers', 'client-lookup'];
    const tests = readdirSync(join(root, 'tests/integration')).map((f) => f.replace(/(\.pg)?\.test\.ts$/, ''));
    expect(tests.filter((t) => retired.includes(t))).toEqual([]);
  });
});
