import { appendFileSync, writeFileSync } from 'node:fs';

/** A run of `npm run bench`: when, on which commit, and its figures as the bench printed them. */
export interface BenchRun {
  at: string;
  commit: string;
  figures: Record<string, unknown>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const shown = (value: unknown): string =>
  typeof value === 'number' ? String(+value.toFixed(2)) : typeof value === 'string' || typeof value === 'boolean' ? String(value) : '';

/** The plain values of one object (numbers, strings, booleans), `key value`; nested objects are rows of their own. */
function valuesOf(object: Record<string, unknown>, keep: (key: string) => boolean): string {
  return Object.entries(object)
    .filter(([key, value]) => keep(key) && shown(value) !== '')
    .map(([key, value]) => `${key} ${shown(value)}`)
    .join(', ');
}

/**
 * Today's figures as one table: a row per object of the bench's JSON that holds plain values, its path, what was
 * measured and the targets the bench holds beside it (keys starting with `target`).
 */
export function figuresTable(figures: Record<string, unknown>): string[] {
  const rows: string[] = ['| figure | measured | target |', '| --- | --- | --- |'];
  const walk = (object: Record<string, unknown>, path: string) => {
    const measured = valuesOf(object, (key) => !key.startsWith('target'));
    const target = valuesOf(object, (key) => key.startsWith('target'));
    if (measured || target) rows.push(`| ${path} | ${measured.replaceAll('|', '/')} | ${target.replaceAll('|', '/')} |`);
    for (const [key, value] of Object.entries(object)) if (isObject(value)) walk(value, path ? `${path}.${key}` : key);
  };
  walk(figures, '');
  return rows;
}

/** The page docs/figures.md: generated, never edited by hand. */
export function figuresPage(run: BenchRun): string {
  return [
    '# Figures',
    '',
    `Written by \`npm run bench\` (tests/bench/run.ts) on ${run.at}, commit ${run.commit}; every run is also a line of`,
    '`docs/figures-history.jsonl`. What each figure measures: tests/bench/README.md.',
    '',
    ...figuresTable(run.figures),
    '',
  ].join('\n');
}

/** Writes docs/figures.md and appends the run to docs/figures-history.jsonl. */
export function recordRun(run: BenchRun, root: string): void {
  writeFileSync(`${root}/docs/figures.md`, figuresPage(run));
  appendFileSync(`${root}/docs/figures-history.jsonl`, `${JSON.stringify(run)}\n`);
}
