import { execSync } from 'node:child_process';

/** Builds the web app once before the browser journeys. */
export default function setup() {
  execSync(`npx vite build --logLevel error --outDir ${process.env.WEB_DIST_DIR ?? 'dist'} --emptyOutDir`, { stdio: 'inherit' });
}
