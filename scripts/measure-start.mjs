// Measures what `npm start` costs on the embedded database, after the build (`npm run build`):
// a fresh start (empty data folder: migrations, demo data) until the first page answers, then
// restarts on the same data folder until it answers again, and the resident memory once idle
// after each restart (a few pages and API calls, then 15 s). Restart and memory vary from run
// to run on a shared machine: it prints each and their median.
// Usage: node scripts/measure-start.mjs [runtime] [restarts]
//   runtime: 'node' (default, build/server/main.js) or 'tsx'; restarts: 5 by default
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const runtime = process.argv[2] ?? 'node';
const restarts = Number(process.argv[3] ?? 5);
const command = runtime === 'tsx' ? ['node_modules/.bin/tsx', ['src/server/main.ts']] : [process.execPath, ['build/server/main.js']];
const port = 3900 + Math.floor(Math.random() * 90);
const dataDir = mkdtempSync(join(tmpdir(), 'nl-start-'));

async function startOnce() {
  const started = performance.now();
  const child = spawn(command[0], command[1], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', WORKER_INTERVAL_MS: '5000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`);
      if (response.ok) {
        await response.text();
        return { child, ms: performance.now() - started };
      }
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
}

function rssMegabytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

async function stop(child) {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  const fresh = await startOnce();
  await stop(fresh.child);
  const restartMs = [];
  const idleMb = [];
  for (let i = 0; i < restarts; i++) {
    const again = await startOnce();
    restartMs.push(again.ms);
    await sleep(10_000);
    // A few page loads and API calls, as a visitor would, then idle again.
    for (const path of ['/', '/events', '/api/events', '/api/news', '/api/banners'])
      await (await fetch(`http://127.0.0.1:${port}${path}`)).text();
    await sleep(5_000);
    idleMb.push(rssMegabytes(again.child.pid));
    await stop(again.child);
  }
  console.log(`runtime: ${runtime}`);
  console.log(`fresh start to first page ms: ${fresh.ms.toFixed(0)}`);
  console.log(
    `restart to first page ms (median of ${restarts}): ${median(restartMs).toFixed(0)}   each: ${restartMs.map((ms) => ms.toFixed(0)).join(' ')}`,
  );
  console.log(
    `idle memory MB (RSS, median of ${restarts}): ${median(idleMb).toFixed(0)}   each: ${idleMb.map((mb) => mb.toFixed(0)).join(' ')}`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
