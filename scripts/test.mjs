// The one test command: the machine's Chromium and PostgreSQL set up when missing, then type check, lint and the formatting check (side by side, with the PGlite initdb), then every
// vitest project (unit, API on PGlite and on PostgreSQL, the cluster behind HAProxy, then the browser journeys in Chromium).
// Ends with one line: "N passed, N failed". Arguments after `npm test --` go to both vitest runs.
//
// The journeys run after the other layers, not beside them: on this 2-core machine the two at
// once took longer in all (Chromium, PGlite and PostgreSQL contending for the cores).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';

/** Runs a command with the terminal; resolves true when it exits 0. */
function run(label, command, args) {
  console.log(`\n=== ${label} ===`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: process.env });
    child.on('close', (code) => resolve(code === 0));
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

/** The failed tests of a vitest JSON report, as 'file > test', so the end of a long log names them. */
function failedNames(report) {
  if (!existsSync(report)) return [`${report} (no report)`];
  const json = JSON.parse(readFileSync(report, 'utf8'));
  return json.testResults.flatMap((file) => {
    const tests = file.assertionResults.filter((t) => t.status === 'failed').map((t) => `${file.name} > ${t.fullName}`);
    return tests.length === 0 && file.status === 'failed' ? [`${file.name} (did not load: ${(file.message ?? '').slice(0, 300)})`] : tests;
  });
}

let passed = 0;
let failed = 0;

// Debian's Chromium and the local PostgreSQL, set up when missing (scripts/prepare-machine.mjs).
if (!(await run('machine', 'node', ['scripts/prepare-machine.mjs']))) failed++;

// The type check and the lint, and beside them the initdb result every test database on PGlite
// starts from, made here once (scripts/prepare-pglite.ts).
const [typecheck, lint, format] = await Promise.all([
  run('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']),
  run('lint', 'npx', ['eslint', '.', '--max-warnings', '0']),
  run('format', 'npx', ['prettier', '--check', '.']),
  run('PGlite initdb', 'npx', ['tsx', 'scripts/prepare-pglite.ts']),
]);
for (const [name, ok] of Object.entries({ typecheck, lint, format })) {
  if (ok) passed++;
  else {
    failed++;
    console.log(`FAILED ${name}`);
  }
}

mkdirSync('test-results', { recursive: true });
const extra = process.argv.slice(2);
const reports = { layers: 'test-results/vitest.json', e2e: 'test-results/vitest-e2e.json' };
for (const report of Object.values(reports)) rmSync(report, { force: true });
const vitest = (report, projects, options = []) =>
  run(`vitest ${projects.join(', ')}`, 'npx', [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    ...options,
    '--passWithNoTests',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${report}`,
    ...extra,
  ]);
await vitest(reports.layers, ['unit', 'api-pglite', 'api-postgres']);
// The server as a cluster (tests/cluster/run.ts): three instances behind HAProxy through a sale,
// the door and the waiting room, with a kill and restarts; one step, passed or failed.
const cluster = await run('cluster', 'npm', ['run', 'test:cluster']);
if (cluster) passed++;
else failed++;
// Two journeys at a time (vitest.config.ts maxWorkers): each waits on timers and the network much of its time.
await vitest(reports.e2e, ['e2e']);
for (const report of Object.values(reports)) {
  const counts = countReport(report);
  passed += counts.passed;
  failed += counts.failed;
  for (const name of failedNames(report)) console.log(`FAILED ${name}`);
}
if (!cluster) console.log('FAILED cluster');
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
