import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe on the page as it is, WCAG 2.2's target size (24 px, off by default in axe) included, and fails on any
 * serious or critical violation, listing rule and nodes; `where` names the screen or dialog in the failure.
 */
export async function expectNoSeriousViolations(page: Page, where = page.url()) {
  const results = await new AxeBuilder({ page }).options({ rules: { 'target-size': { enabled: true } } }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `serious or critical axe violations on ${where}`).toEqual([]);
  // A sanity check that axe looked at the page at all.
  expect(results.passes.length).toBeGreaterThan(0);
}
