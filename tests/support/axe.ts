import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Waits until no CSS transition is running (colours mid-fade would be judged half-way). */
export async function settleTransitions(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * axe finds nothing on the page as it is, in the light theme and in the dark one (switched the
 * way the settings switch does: saved choice plus the class on <html>), then back to the
 * device's theme.
 */
export async function expectNoAxeViolationsInBothThemes(page: Page, label: string): Promise<void> {
  // A toast fades out by itself (4 s) and may start to while axe reads the page: its colours
  // would be judged half-transparent. Wait until the toasts of the last action are gone.
  await page.waitForFunction(() => document.querySelector('[data-sonner-toast]') === null, undefined, { timeout: 15_000 });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => {
      localStorage.setItem('theme', t);
      document.documentElement.classList.toggle('dark', t === 'dark');
    }, theme);
    await settleTransitions(page);
    const result = await new AxeBuilder({ page }).analyze();
    const summary = result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(summary, `${label} (${theme})`).toEqual([]);
  }
  await page.evaluate(() => {
    localStorage.removeItem('theme');
    document.documentElement.classList.remove('dark');
  });
}
