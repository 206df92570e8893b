import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { settleTransitions } from './axe';

// With SCREENSHOT_DIR set, browser tests save each new screen at three widths in both themes, to
// be looked at; without it `shoot` does nothing.
const SCREEN_SIZES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** Saves the screen as it is at 360x740, 390x844 and 1280x800, light and dark; then back as it was. */
export async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const original = page.viewportSize();
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => {
        localStorage.setItem('theme', t);
        document.documentElement.classList.toggle('dark', t === 'dark');
      }, theme);
      await settleTransitions(page);
      await page.waitForTimeout(150);
      await page.screenshot({ path: join(dir, `${name}-${size.width}x${size.height}-${theme}.png`) });
    }
  }
  await page.evaluate(() => {
    localStorage.removeItem('theme');
    document.documentElement.classList.remove('dark');
  });
  if (original) await page.setViewportSize(original);
}
