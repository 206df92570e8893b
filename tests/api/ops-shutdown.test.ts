import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/server/paths';
import { createPostgresDatabase } from '../support/test-server';
import { freePort } from '../support/free-port';

// docs/rules/operations.md 'Shutdown': the server as `npm start` runs it (src/server/main.ts, here
// through tsx rather than the production build), on PGlite in a folder of its own or on a new
// PostgreSQL database, sent SIGTERM while a request is under way. It drains at once, keeps
// serving through SHUTDOWN_DELAY_MS, then refuses new connections, lets the request finish and
// exits 0 well within SHUTDOWN_GRACE_MS.

const onPostgres = process.env.TEST_DB === 'postgres';
const GRACE_MS = 15_000;
const DELAY_MS = 1000;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request on a connection of its own (no keep-alive pool), so each one knocks on the listening socket. */
function get(url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      })
      .on('error', reject);
  });
}

describe('SIGTERM', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'nl-shutdown-'));
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let child: ChildProcess;
  let output = '';
  let baseUrl: string;

  beforeAll(async () => {
    if (onPostgres) database = await createPostgresDatabase();
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, 'src/server/main.ts')], {
      cwd: projectRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        SEED_DEMO_DATA: 'false',
        WEB_DIST_DIR: join(dataDir, 'no-web-build'),
        SHUTDOWN_GRACE_MS: String(GRACE_MS),
        SHUTDOWN_DELAY_MS: String(DELAY_MS),
        WORKER_INTERVAL_MS: '200',
        ...(database ? { DATABASE_URL: database.url } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk) => (output += String(chunk)));
    child.stderr!.on('data', (chunk) => (output += String(chunk)));
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited while starting:\n${output}`);
      if (Date.now() > deadline) throw new Error(`the server was not ready within 90 s:\n${output}`);
      const ready = await get(`${baseUrl}/readyz`).catch(() => null);
      if (ready?.status === 200) break;
      await sleep(100);
    }
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('drains, lets a request under way finish, refuses new connections and exits 0 within the grace', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

    // A sign-in whose body is still arriving when the signal comes: the server has its headers
    // and waits for the rest, then asks the database (no such account: 401).
    const body = JSON.stringify({ email: 'ninguem@exemplo.com.br', password: 'senha-que-nao-existe' });
    const slow = http.request(`${baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: baseUrl },
    });
    const answered = new Promise<Answer>((resolve, reject) => {
      slow.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      });
      slow.on('error', reject);
    });
    slow.write(body.slice(0, 10));
    slow.flushHeaders();
    await sleep(300);

    const signalledAt = performance.now();
    child.kill('SIGTERM');
    await sleep(200);

    // Draining, still listening (SHUTDOWN_DELAY_MS): the balancer's probe learns of it.
    const probe = await get(`${baseUrl}/readyz`);
    expect(probe.status).toBe(503);
    expect(JSON.parse(probe.body)).toEqual({ status: 'unavailable', reason: 'draining' });
    expect(probe.headers.connection).toBe('close');
    expect((await get(`${baseUrl}/healthz`)).status).toBe(200);

    // Past the delay: the socket is closed to new connections, the process waits on the request.
    await sleep(DELAY_MS + 800);
    await expect(get(`${baseUrl}/healthz`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(child.exitCode).toBeNull();

    slow.end(body.slice(10));
    const answer = await answered;
    expect(answer.status, answer.body).toBe(401);
    expect(answer.headers.connection).toBe('close');

    expect(await exited).toBe(0);
    const tookMs = performance.now() - signalledAt;
    expect(tookMs).toBeLessThan(GRACE_MS);
    expect(output).toContain('encerrado / closed');
    expect(output).not.toContain('prazo esgotado');
  }, 60_000);
});
