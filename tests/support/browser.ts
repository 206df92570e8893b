import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** Debian's Chromium, headless, with the flags this machine needs (docs/architecture.md 'Traps'). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
export const desktop = { viewport: { width: 1280, height: 800 } };

/** A fresh browser context (no cookies) in pt-BR, São Paulo time, phone or desktop size. */
export function newContext(browser: Browser, size: typeof phone | typeof desktop, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ ...size, baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', acceptDownloads: true });
}
