import axe from 'axe-core';
import type { Page } from 'playwright-core';

export type Theme = 'light' | 'dark';

declare global {
  interface Window {
    axe: typeof axe;
  }
}

const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** A theme changes colours and nothing else: the dark one is read by the colour rules only. */
const colourRules = ['color-contrast', 'link-in-text-block'];

/**
 * axe-core in every frame of the page, once per document. @axe-core/playwright injects it again
 * for each reading and finishes each reading in a new blank page, about half a second a reading
 * on a 2-core machine against a twentieth here; the rules and results are the same for the
 * product's frames, which are all of its own origin.
 */
async function withAxe(page: Page): Promise<void> {
  for (const frame of page.frames())
    if (!(await frame.evaluate(() => 'axe' in window)))
      await frame.evaluate(`${axe.source}; axe.configure({ allowedOrigins: ['<same_origin>'] });`);
}

/**
 * The serious and critical axe-core violations of the page as it is painted now, a line each
 * ("rule (impact): help — the first three elements"): every WCAG 2.1 A and AA rule in the light
 * theme, the colour rules in the dark one.
 */
export async function seriousViolations(page: Page, theme: Theme): Promise<string[]> {
  await withAxe(page);
  const runOnly: axe.RunOnly = theme === 'dark' ? { type: 'rule', values: colourRules } : { type: 'tag', values: wcag };
  // Only violations are read: axe then skips listing every node that passes each rule.
  const results = await page.evaluate((only) => window.axe.run(document, { runOnly: only, resultTypes: ['violations'] }), runOnly);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}
