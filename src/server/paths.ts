import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's root folder (the one holding package.json, drizzle/ and dist/), found by walking
 * up from this module: the same answer from the TypeScript sources (src/server) and from the
 * compiled bundle (build/server/main.js).
 */
export const projectRoot: string = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'drizzle'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
})();
