import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** Vite's build manifest (`<dist>/.vite/manifest.json`): source module -> emitted chunk. */
export type BuildManifest = Record<string, ManifestChunk>;

/**
 * Reads the manifest `vite build` writes beside the web app (build.manifest in vite.config.ts).
 * Returns null when the build has none (an older build, or the dev server), and the pages are
 * then served without route preloads.
 */
export function readBuildManifest(distDir: string): BuildManifest | null {
  const path = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(path)) return null;
  return JSON.parse(readFileSync(path, 'utf8')) as BuildManifest;
}

function staticClosure(manifest: BuildManifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const child of manifest[key].imports ?? []) staticClosure(manifest, child, seen);
  return seen;
}

/**
 * Absolute paths ('/assets/...js') of the chunks a lazily loaded page module (`source`, as
 * written in the manifest, e.g. 'src/web/app/routes/event-detail-route.tsx') needs and that
 * index.html does not already preload, the page's own chunk first. Served as
 * `<link rel="modulepreload">` so the page's code loads alongside the entry instead of after
 * it. An unknown source gives [].
 */
export function routeChunks(manifest: BuildManifest, source: string): string[] {
  if (!manifest[source]) return [];
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const already = entryKey ? staticClosure(manifest, entryKey) : new Set<string>();
  return [...staticClosure(manifest, source)].filter((key) => !already.has(key)).map((key) => `/${manifest[key].file}`);
}
