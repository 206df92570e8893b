import type { Page } from 'playwright-core';
import { poll } from './people';

/**
 * After paying in the checkout: the purchase's confirmation ('Compra confirmada!'), then
 * 'Ver ingressos' to 'Meus ingressos'.
 */
export async function seeTicketsAfterPurchase(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/payment-success' && url.searchParams.has('order'));
  await poll(() => page.getByRole('heading', { name: 'Compra confirmada!' }).isVisible()).toBe(true);
  await page.getByRole('link', { name: 'Ver ingressos' }).click();
  await page.waitForURL((url) => url.pathname === '/tickets');
}
