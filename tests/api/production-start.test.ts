import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidBrCode } from '../../src/server/domain/br-code';
import { projectRoot } from '../../src/server/paths';
import { buyer, createPostgresDatabase } from '../support/test-server';
import { freePort } from '../support/free-port';

// `npm start` runs the production build (vite.server.config.ts: the server and its packages in
// one bundle, PGlite beside it), not the TypeScript the other tests import. Built here into a
// folder of its own and run as `npm start` runs it: on the embedded database, or on PostgreSQL
// when TEST_DB says so. A buyer signs in with a demo account and buys with PIX through it.

const onPostgres = process.env.TEST_DB === 'postgres';
const outDir = join(projectRoot, 'build', `server-check-${randomBytes(4).toString('hex')}`);

/** `node <outDir>/main.js` until its API answers; its output is kept for the failure message. */
async function startBuilt(env: Record<string, string>, baseUrl: string): Promise<{ child: ChildProcess; output: () => string }> {
  let output = '';
  const child = spawn(process.execPath, [join(outDir, 'main.js')], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the built server exited while starting:\n${output}`);
    if (
      await fetch(`${baseUrl}/api/brands`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, output: () => output };
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`the built server did not answer within 90 s:\n${output}`);
}

async function stopBuilt(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}

describe('the production build', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'nl-built-'));
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let env: Record<string, string>;
  let baseUrl: string;

  beforeAll(async () => {
    execFileSync(
      process.execPath,
      [join(projectRoot, 'node_modules/vite/bin/vite.js'), 'build', '-c', 'vite.server.config.ts', '--outDir', outDir, '--emptyOutDir'],
      {
        cwd: projectRoot,
        stdio: 'pipe',
      },
    );
    if (onPostgres) database = await createPostgresDatabase();
    const port = await freePort();
    baseUrl = `http://localhost:${port}`;
    env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The API only: the web app's build is the browser tests' business.
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
  }, 180_000);

  afterAll(async () => {
    await database?.drop();
    rmSync(outDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts with the demo data, signs a buyer in, sells with PIX and stops cleanly; a restart keeps the order', async () => {
    const first = await startBuilt(env, baseUrl);
    let orderId: string;
    let cookie: string;
    try {
      expect(first.output()).toContain(`rodando em ${baseUrl}`);
      const accounts = JSON.parse(readFileSync(join(dataDir, 'demo-accounts.json'), 'utf8')) as {
        email: string;
        password: string;
        roles: string[];
      }[];
      const account = accounts.find((a) => a.roles.length === 1 && a.roles[0] === 'user')!;
      const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { origin: baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: account.password }),
      });
      expect(signIn.status).toBe(200);
      cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const me = await (await fetch(`${baseUrl}/api/me`, { headers: { cookie } })).json();
      expect(me.user.email).toBe(account.email);

      const { events } = await (await fetch(`${baseUrl}/api/events?upcoming=1`)).json();
      expect(events.length).toBeGreaterThan(0);
      const event = await (await fetch(`${baseUrl}/api/events/${events[0].id}`)).json();
      const type = event.sectors.find((t: { remaining: number }) => t.remaining > 0);
      const placed = await fetch(`${baseUrl}/api/orders`, {
        method: 'POST',
        headers: { origin: baseUrl, 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          eventId: event.id,
          items: [{ sectorId: type.id, quantity: 1 }],
          buyer,
          paymentMethod: 'pix',
          installments: 1,
        }),
      });
      expect(placed.status).toBe(201);
      const order = await placed.json();
      expect(isValidBrCode(order.pixCode)).toBe(true);
      orderId = order.id;
    } finally {
      expect(await stopBuilt(first.child)).toBe(0);
    }

    const again = await startBuilt(env, baseUrl);
    try {
      expect(again.output()).not.toContain('Contas de demonstração');
      const order = await fetch(`${baseUrl}/api/orders/${orderId}`, { headers: { cookie } });
      expect(order.status).toBe(200);
      expect((await order.json()).status).toBe('pending');
    } finally {
      expect(await stopBuilt(again.child)).toBe(0);
    }
  });
});
