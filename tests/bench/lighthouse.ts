import { launch } from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';

/** Issue 23 item 5: Lighthouse's default mobile profile (simulated slow 4G, 4x CPU) on the landing page. */
export const LIGHTHOUSE_TARGETS = { performance: 90, accessibility: 100, 'best-practices': 100, seo: 100, lcpMs: 2500 };
/** Issue 61 item 6: the same audit on the salon's booking page, which a client opens from a link on a phone. */
export const BOOKING_PAGE_TARGETS = { performance: 95, accessibility: 100 };

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  speedIndexMs: 'speed-index',
  cls: 'cumulative-layout-shift',
} as const;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

/**
 * The same audit as Lighthouse 13's CLI with its defaults, run `runs` times on `url` in its own headless Chromium:
 * the median of each score and metric, and the unused JavaScript of the median run by performance.
 */
export async function measureLighthouse(url: string, chromePath: string, targets: Record<string, number> = LIGHTHOUSE_TARGETS, runs = 3) {
  const results: RunnerResult['lhr'][] = [];
  for (let i = 0; i < runs; i += 1) {
    const chrome = await launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox'] });
    try {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
      if (!result) throw new Error('Lighthouse returned no result');
      results.push(result.lhr);
    } finally {
      chrome.kill();
    }
  }
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, median(results.map((lhr) => Math.round((lhr.categories[c]?.score ?? 0) * 100)))]),
  );
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([name, audit]) => [
      name,
      +median(results.map((lhr) => lhr.audits[audit]?.numericValue ?? NaN)).toFixed(2),
    ]),
  );
  const byScore = [...results].sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
  const middle = byScore[Math.floor(byScore.length / 2)];
  const unused =
    (middle?.audits['unused-javascript']?.details as { items?: Array<{ url: string; wastedBytes: number }> } | undefined)?.items ?? [];
  return {
    version: middle?.lighthouseVersion,
    runs,
    scores,
    metrics,
    unusedJavaScriptKb: unused.map((item) => `${new URL(item.url).pathname.split('/').pop()} ${Math.round(item.wastedBytes / 1024)}`),
    targets,
  };
}
