import { describe, expect, it } from 'vitest';
import { figuresPage, figuresTable } from './bench/figures-doc';

describe('the figures page', () => {
  it('has a row per object with plain values, its targets beside what was measured', () => {
    const rows = figuresTable({
      coldStart: { p50Ms: 520.456, p95Ms: 647, targetMs: 1000, runs: [1, 2] },
      initialJs: { landing: { kbGzip: 115.9, targetKbGzip: 120, largest: [{ url: 'a.js' }] } },
      machine: { cpus: 2 },
    });
    expect(rows.slice(2)).toEqual([
      '| coldStart | p50Ms 520.46, p95Ms 647 | targetMs 1000 |',
      '| initialJs.landing | kbGzip 115.9 | targetKbGzip 120 |',
      '| machine | cpus 2 |  |',
    ]);
  });

  it('says when and on which commit it was written', () => {
    const page = figuresPage({ at: '2026-12-05T02:00:00Z', commit: 'abc1234', figures: { a: { b: 1 } } });
    expect(page).toContain('on 2026-12-05T02:00:00Z, commit abc1234');
    expect(page).toContain('| a | b 1 |  |');
  });
});
