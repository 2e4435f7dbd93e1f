import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import { catalogPart, inFirstPaintPart, paintsWithFirstPart } from './parts';

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

/** The message ids a file asks for: t('a.b') in full, t(`a.${x}.b`) up to its first placeholder. */
function idsIn(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/\bt\(\s*(['`])([^'`$]+)(\$\{)?/g)].map((m) =>
    m[3] ? (m[2] as string).replace(/\.$/, '') : (m[2] as string),
  );
}

describe('catalog parts', () => {
  it('split the catalog in two without losing or repeating a message', () => {
    const first = catalogPart(en, 'first-paint');
    const rest = catalogPart(en, 'rest');
    expect(Object.keys(first).length).toBeGreaterThan(0);
    expect(Object.keys(rest).length).toBeGreaterThan(Object.keys(first).length);
    expect({ ...first, ...rest }).toEqual(en);
    expect(Object.keys(first).filter((key) => key in rest)).toEqual([]);
  });

  it('hold every message the landing page paints with in the first part', () => {
    const ids = LANDING_FIRST_PAINT.flatMap(idsIn);
    expect(ids).toContain('landing.hero.title');
    expect(ids).toContain('landing.section');
    for (const id of ids) {
      // A full id must exist; a prefix (from a template) must have messages under it.
      expect(
        Object.keys(en).some((key) => key === id || key.startsWith(`${id}.`)),
        id,
      ).toBe(true);
      expect(inFirstPaintPart(id), `${id} is not in the first part`).toBe(true);
    }
  });

  it('only the landing page of a visitor not signed in paints with the first part', () => {
    expect(paintsWithFirstPart('/', false)).toBe(true);
    expect(paintsWithFirstPart('/', true)).toBe(false);
    expect(paintsWithFirstPart('/salon/appointments', false)).toBe(false);
    expect(paintsWithFirstPart('/verify-email/a/b', false)).toBe(false);
  });
});
