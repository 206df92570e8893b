import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { settleTransitions } from './axe';

// With SCREENSHOT_DIR set, browser tests save each new screen at three widths in both themes, to
// be looked at; without it `shoot` does nothing.
const SCREEN_SIZES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/**
 * Saves the screen as it is at 360x740, 390x844 and 1280x800, light and dark; then back as it was.
 * `region`: scrolled to the top of the screen first, below the sticky header (a section low on a
 * long form leaves the screen when it resizes). `fullPage`: the whole page, from its top, not only
 * what fits on the screen.
 */
export async function shoot(page: Page, name: string, options: { region?: Locator; fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const original = page.viewportSize();
  const scrolledTo = await page.evaluate(() => window.scrollY);
  // At the top for a whole page, so the sticky header is drawn where it belongs.
  if (options.fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    if (options.region) await options.region.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 96));
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => {
        localStorage.setItem('theme', t);
        document.documentElement.classList.toggle('dark', t === 'dark');
      }, theme);
      await settleTransitions(page);
      await page.waitForTimeout(150);
      await page.screenshot({ path: join(dir, `${name}-${size.width}x${size.height}-${theme}.png`), fullPage: options.fullPage === true });
    }
  }
  await page.evaluate(() => {
    localStorage.removeItem('theme');
    document.documentElement.classList.remove('dark');
  });
  if (original) await page.setViewportSize(original);
  if (options.fullPage) await page.evaluate((y) => window.scrollTo(0, y), scrolledTo);
}
