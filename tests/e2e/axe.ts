import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rules every screen must pass: WCAG 2.0 A/AA and 2.1 A/AA (colour contrast included). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Axe's findings on the page as it is now, one line per element: `rule: selector — why`, so a
 * failure says what and where. `include` narrows the scan to a part of the page; `exclude` leaves
 * a part out.
 *
 * Legacy mode runs axe in the page itself. The default mode opens a second, blank page per scan to
 * merge the results of cross-origin frames (the shop has none), which doubled each scan's time
 * (2.1–2.9 s against 1.0–1.4 s on /, /store and a product page, measured on this 2-core machine)
 * and was the largest cost of the E2E run (docs/testing.md).
 */
export async function axeViolations(
  page: Page,
  { include, exclude }: { include?: string; exclude?: string } = {},
): Promise<string[]> {
  let builder = new AxeBuilder({ page }).setLegacyMode(true).withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  if (exclude) builder = builder.exclude(exclude);
  // Violations are what the assertions read; skipping passes and incomplete results is faster.
  const { violations } = await builder.options({ resultTypes: ['violations'] }).analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} — ${node.failureSummary ?? ''}`),
  );
}
