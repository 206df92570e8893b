/**
 * Renders the demo event artwork (public/images/events/<slug>.svg) and the brand banners
 * (public/images/banners/<slug>.svg, the preview of an event without a picture) to JPEG for link
 * previews: public/images/share/{events,banners}/<slug>.jpg, 1200x675. WhatsApp, Facebook and most chat apps do not
 * show an SVG og:image, so the server points og:image at these (src/server/http/app-shell.ts).
 * Uses Debian's Chromium through playwright-core, as the browser tests do.
 *
 * Run after generate-demo-images.ts: npx tsx scripts/render-share-images.ts
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../tests/support/browser';

const root = fileURLToPath(new URL('..', import.meta.url));
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 675 } });
  for (const folder of ['events', 'banners']) {
    const sourceDir = join(root, 'public/images', folder);
    const targetDir = join(root, 'public/images/share', folder);
    mkdirSync(targetDir, { recursive: true });
    for (const name of readdirSync(sourceDir)
      .filter((file) => file.endsWith('.svg'))
      .sort()) {
      const svg = readFileSync(join(sourceDir, name), 'utf8');
      await page.setContent(`<!doctype html><style>html,body{margin:0}svg{display:block;width:1200px;height:675px}</style>${svg}`);
      const path = join(targetDir, name.replace(/\.svg$/, '.jpg'));
      await page.screenshot({ path, type: 'jpeg', quality: 82, clip: { x: 0, y: 0, width: 1200, height: 675 } });
      console.log(path);
    }
  }
} finally {
  await browser.close();
}
