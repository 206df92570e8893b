import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { startApp, type RunningApp } from '../support/app-server';

// Lighthouse 11, the last to judge installability (its PWA category), run on Debian's Chromium
// as a phone (its default emulation). Performance scores depend on how loaded the machine is,
// so the home page's is printed for the record, not asserted here (speed targets live in
// `npm run bench`); the other pages are audited for accessibility alone (a performance audit
// records a trace and navigates once more for the back/forward cache, for a score only printed).

let app: RunningApp;
let chrome: chromeLauncher.LaunchedChrome;
let profile: string;

beforeAll(async () => {
  // The embedded default, as `npm start` runs it.
  app = await startApp({}, { database: 'pglite' });
  profile = mkdtempSync(join(tmpdir(), 'nl-lighthouse-'));
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    userDataDir: profile,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});
afterAll(async () => {
  await chrome?.kill();
  if (profile) rmSync(profile, { recursive: true, force: true });
  await app?.stop();
});

async function audit(path: string, categories: string[]) {
  const run = async () => {
    const result = await lighthouse(`${app.baseUrl}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    return result.lhr;
  };
  let lhr = await run();
  // A trace Chromium failed to record under load asks for another run (Lighthouse's own advice).
  if (lhr.runtimeError?.code === 'NO_NAVSTART') lhr = await run();
  expect(lhr.runtimeError, `${path}: ${JSON.stringify(lhr.runtimeError)}`).toBeUndefined();
  return lhr;
}

/** Audits of a category that did not pass (score below 1; informative and manual ones have none). */
function failing(lhr: Awaited<ReturnType<typeof audit>>, category: string): string[] {
  return lhr.categories[category].auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual')
    .map((a) => `${a.id}: ${a.title} ${JSON.stringify(a.details && 'items' in a.details ? a.details.items : '').slice(0, 300)}`);
}

describe('Lighthouse', () => {
  it('reports the app installable, with every PWA audit passing, and the home page fully accessible', async () => {
    const lhr = await audit('/', ['pwa', 'accessibility', 'performance']);
    expect(lhr.audits['installable-manifest'].score, JSON.stringify(lhr.audits['installable-manifest'].details)).toBe(1);
    expect(failing(lhr, 'pwa')).toEqual([]);
    expect(failing(lhr, 'accessibility')).toEqual([]);
    console.log(
      `Lighthouse /: performance ${lhr.categories.performance.score}, accessibility ${lhr.categories.accessibility.score}, pwa ${lhr.categories.pwa.score}`,
    );
  });

  it.each(['/events', '/auth'])('finds nothing to fix in the accessibility of %s', async (path) => {
    const lhr = await audit(path, ['accessibility']);
    expect(failing(lhr, 'accessibility')).toEqual([]);
    console.log(`Lighthouse ${path}: accessibility ${lhr.categories.accessibility.score}`);
  });
});
