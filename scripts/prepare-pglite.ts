// Runs the embedded database's initdb once, ahead, and keeps its result (src/server/db/pglite.ts),
// so that the first `npm start` and every test database start from it instead of waiting for it.
import { preparePgliteTemplate } from '../src/server/db/pglite';

const started = performance.now();
const file = await preparePgliteTemplate();
console.log(`PGlite: ${file} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
