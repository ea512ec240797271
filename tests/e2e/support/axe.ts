// axe-core in the browser suites, through @axe-core/playwright.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The axe rule sets every accessibility check here runs: WCAG 2.1 A and AA, and best practice. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * axe-core for the page as it is now. By default @axe-core/playwright gathers the results of a
 * page's frames in a blank page it opens for each scan, more than half the scan's time; a page
 * without frames has nothing to gather, and axe run in the page itself (legacy mode) finds the same
 * violations on the same nodes. A page with frames keeps the default, which also checks frames of
 * other origins.
 */
export function axe(page: Page): AxeBuilder {
  // Only violations are read here: axe then skips gathering every node that passed (a quarter of a
  // scan's time on an admin page: 175 against 240 ms).
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  return page.frames().length > 1 ? builder : builder.setLegacyMode(true);
}

/** axe's findings on the page as it is now, one line per violation (where, rule, the first nodes). */
export async function axeViolations(page: Page, where: string): Promise<string[]> {
  const { violations } = await axe(page).withTags(AXE_TAGS).analyze();
  return violations.map(
    (v) =>
      `${where}: ${v.id} (${v.impact}) — ${v.help}\n    ` +
      v.nodes
        .slice(0, 5)
        .map((n) => n.target.join(' '))
        .join('\n    '),
  );
}

/** axe's findings at 1280 and at 390 px wide, the page's width put back afterwards. */
export async function axeViolationsAtWidths(page: Page, where: string): Promise<string[]> {
  const size = page.viewportSize();
  const found: string[] = [];
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: size?.height ?? 900 });
    found.push(...(await axeViolations(page, `${where} @${width}`)));
  }
  if (size) await page.setViewportSize(size);
  return found;
}

/** axe's findings on an admin page once it has finished loading, printed as found. */
export async function adminAxeViolations(page: Page, where: string): Promise<string[]> {
  await page.waitForFunction(() => !document.querySelector('.admin-loading, .admin [aria-busy="true"]'));
  const lines = await axeViolations(page, where);
  if (lines.length) console.log(lines.join('\n'));
  return lines;
}
