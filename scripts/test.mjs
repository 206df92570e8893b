// The one test command: type check, lint, then every vitest project (unit, API on PGlite and on
// PostgreSQL, browser journeys in Chromium). Ends with one line: "N passed, N failed".
//
// The browser journeys spend much of their time waiting (on a page, a poll, a timer), so they run
// beside the other layers instead of after them: one vitest process runs the journeys one file at
// a time, another the unit and API files one at a time, and the type check and lint run first,
// side by side. Arguments after `npm test --` go to both vitest processes.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync, createWriteStream } from 'node:fs';

/** Runs a command; resolves true when it exits 0. `log` (a path) takes its output instead of the terminal. */
function run(label, command, args, { log, env = {} } = {}) {
  console.log(`\n=== ${label} ===${log ? ` (saída em ${log}, mostrada ao terminar)` : ''}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
    if (log) {
      const out = createWriteStream(log);
      child.stdout.pipe(out);
      child.stderr.pipe(out);
    }
    child.on('close', (code) => {
      if (log) {
        console.log(`\n=== ${label}: saída ===`);
        process.stdout.write(readFileSync(log, 'utf8'));
      }
      resolve(code === 0);
    });
  });
}

/** Passed and failed tests of a vitest JSON report; a missing report or a file that failed to load counts as a failure. */
function countReport(report) {
  if (!existsSync(report)) return { passed: 0, failed: 1 };
  const json = JSON.parse(readFileSync(report, 'utf8'));
  // A file that fails to load has no tests but is a failure.
  const unloaded = json.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
  return { passed: json.numPassedTests, failed: json.numFailedTests + unloaded };
}

let passed = 0;
let failed = 0;

const checks = await Promise.all([
  run('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']),
  run('lint', 'npx', ['eslint', '.', '--max-warnings', '0']),
]);
for (const ok of checks) {
  if (ok) passed++;
  else failed++;
}

// Every test database on PGlite starts from one initdb result, made here once (scripts/prepare-pglite.ts).
await run('PGlite initdb', 'npx', ['tsx', 'scripts/prepare-pglite.ts']);

mkdirSync('test-results', { recursive: true });
const extra = process.argv.slice(2);
const reports = { layers: 'test-results/vitest.json', e2e: 'test-results/vitest-e2e.json' };
for (const report of Object.values(reports)) rmSync(report, { force: true });
const vitest = (report, projects, options) =>
  run(`vitest ${projects.join(', ')}`, 'npx', ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile=${report}`, ...extra], options);
await Promise.all([
  vitest(reports.layers, ['unit', 'api-pglite', 'api-postgres'], { env: { TEST_MAX_WORKERS: '1' } }),
  vitest(reports.e2e, ['e2e'], { log: 'test-results/e2e.log' }),
]);
for (const report of Object.values(reports)) {
  const counts = countReport(report);
  passed += counts.passed;
  failed += counts.failed;
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
