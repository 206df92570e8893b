// The one test command: type check, lint, then every vitest project (unit, API on PGlite and on
// PostgreSQL, browser journeys in Chromium). Ends with one line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';

let passed = 0;
let failed = 0;

function run(label, command, args) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  return result.status === 0;
}

for (const [label, args] of [
  ['typecheck', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint', ['eslint', '.', '--max-warnings', '0']],
]) {
  if (run(label, 'npx', args)) passed++;
  else failed++;
}

// Every test database on PGlite starts from one initdb result, made here once (scripts/prepare-pglite.ts).
run('PGlite initdb', 'npx', ['tsx', 'scripts/prepare-pglite.ts']);

mkdirSync('test-results', { recursive: true });
const report = 'test-results/vitest.json';
rmSync(report, { force: true });
const extra = process.argv.slice(2);
run('vitest', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${report}`, ...extra]);
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed += json.numPassedTests;
  failed += json.numFailedTests;
  // A file that fails to load has no tests but is a failure.
  failed += json.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
} else {
  failed++;
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
