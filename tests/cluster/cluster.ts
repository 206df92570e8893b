/**
 * The cluster of `npm run test:cluster` (tests/cluster/run.ts): N processes of the server's real
 * entry point (src/server/main.ts, the file `npm start` runs built, here under tsx)
 * on one PostgreSQL database, each with its own PORT and data folder (as separate machines), and
 * Debian's HAProxy in front, health-checking each instance.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** One server instance: a process of the real entry point on its own port and data folder. */
export interface Instance {
  /** 1-based, as the summary and HAProxy's server names ('s1') give it. */
  index: number;
  port: number;
  origin: string;
  dataDir: string;
  logFile: string;
  child: ChildProcess | null;
  /** Starts so far (the first included). */
  starts: number;
  /** True from the moment its health check answered 200 until it is stopped or killed. */
  ready: boolean;
}

/** How an instance is run: the command and the environment every instance shares. */
export interface ClusterOptions {
  root: string;
  workDir: string;
  ports: number[];
  env: Record<string, string>;
}

/** The environment of the server process: the caller's, without settings that would change what runs (Stripe, a database, a port). */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined) continue;
    if (/^(STRIPE_|SMTP_URL|DATABASE_URL|PORT|HOST|DATA_DIR|PUBLIC_URL|WEB_DIST_DIR|TEST_|GOOGLE_|FACEBOOK_|APPLE_|WHATSAPP_)/.test(key))
      continue;
    env[key] = value;
  }
  return env;
}

/** The instances of the cluster, not started yet. */
export function defineInstances(options: ClusterOptions): Instance[] {
  return options.ports.map((port, i) => {
    const dataDir = join(options.workDir, `instance-${i + 1}`);
    mkdirSync(dataDir, { recursive: true });
    return {
      index: i + 1,
      port,
      origin: `http://127.0.0.1:${port}`,
      dataDir,
      logFile: join(options.workDir, `instance-${i + 1}.log`),
      child: null,
      starts: 0,
      ready: false,
    };
  });
}

/** Starts `instance`'s process (its output appended to its log file); resolves at once. */
export function startInstance(instance: Instance, options: ClusterOptions) {
  // Under tsx rather than the build: no build step (and no shared build/ folder) for a test run.
  const args = ['--import', 'tsx', 'src/server/main.ts'];
  const log = createWriteStream(instance.logFile, { flags: 'a' });
  log.write(`\n--- start ${instance.starts + 1} at ${new Date().toISOString()}\n`);
  const child = spawn(process.execPath, args, {
    cwd: options.root,
    env: { ...baseEnv(), ...options.env, PORT: String(instance.port), DATA_DIR: instance.dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  child.once('exit', () => setTimeout(() => log.end(), 50));
  instance.child = child;
  instance.starts++;
  instance.ready = false;
}

/** One GET of `origin + path` with a short time-out: its status, or 0 when nothing answered. */
export function probe(origin: string, path: string, timeoutMs = 1000): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(`${origin}${path}`, { agent: false, timeout: timeoutMs }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', () => resolve(0));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
  });
}

/** Waits until `instance` answers `path` with 200 on its own port; throws after `timeoutMs` or when the process exits. */
export async function waitReady(instance: Instance, path: string, timeoutMs = 60_000): Promise<number> {
  const started = performance.now();
  const child = instance.child;
  while (performance.now() - started < timeoutMs) {
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`instance ${instance.index} exited before it was ready (see ${instance.logFile}):\n${tail(instance.logFile)}`);
    }
    if ((await probe(instance.origin, path)) === 200) {
      instance.ready = true;
      return performance.now() - started;
    }
    await sleep(100);
  }
  throw new Error(`instance ${instance.index} did not answer ${path} with 200 within ${timeoutMs / 1000} s:\n${tail(instance.logFile)}`);
}

/** Resolves when the process exits (at once when it already has); its exit code or signal. */
export function exited(child: ChildProcess): Promise<string> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(String(child.exitCode ?? child.signalCode));
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(String(code ?? signal))));
}

/** SIGKILL: the process dies at once, its requests in flight cut. */
export async function killInstance(instance: Instance) {
  instance.ready = false;
  if (!instance.child) return;
  instance.child.kill('SIGKILL');
  await exited(instance.child);
}

/**
 * SIGTERM, then waits for the process to exit by itself; past `graceMs` it is killed and the
 * answer says so. Answers the exit code (or signal) and how long the exit took.
 */
export async function stopInstance(instance: Instance, graceMs = 20_000): Promise<{ exit: string; ms: number; forced: boolean }> {
  instance.ready = false;
  const child = instance.child;
  if (!child) return { exit: 'not running', ms: 0, forced: false };
  const started = performance.now();
  child.kill('SIGTERM');
  const result = await Promise.race([exited(child), sleep(graceMs).then(() => null)]);
  if (result !== null) return { exit: result, ms: performance.now() - started, forced: false };
  child.kill('SIGKILL');
  return { exit: await exited(child), ms: performance.now() - started, forced: true };
}

/** The last lines of a log file, for a failure's message. */
export function tail(file: string, lines = 25): string {
  if (!existsSync(file)) return '(no log)';
  return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
}

/** Where Debian installs haproxy (/usr/sbin may be missing from a user's PATH). */
export function haproxyPath(): string | null {
  for (const candidate of ['haproxy', '/usr/sbin/haproxy', '/usr/local/sbin/haproxy']) {
    if (spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  return null;
}

/**
 * HAProxy's configuration for the cluster: round robin over the instances, each health-checked
 * with `GET <healthPath>` every 500 ms (down after 2 failures, up after 2 successes); a request
 * whose connection fails, or whose server closes without answering or times out, is retried
 * (3 times, on another instance: redispatch), except a POST without an Idempotency-Key, which
 * only a failed connection retries (the request never reached a server). The live streams
 * (Server-Sent Events, a comment every 25 s) go to a backend of their own with a long server
 * time-out, so the API's short one can cut a hung request.
 */
export function haproxyConfig(options: { port: number; instances: Instance[]; healthPath: string }): string {
  const servers = options.instances.map((instance) => `  server s${instance.index} 127.0.0.1:${instance.port} check`).join('\n');
  return `global
  maxconn 4096
  log stdout format raw local0 info

defaults
  mode http
  log global
  option httplog
  option forwardfor
  timeout connect 1s
  timeout check 2s
  timeout client 60s
  timeout server 15s
  timeout http-request 10s
  timeout http-keep-alive 10s
  timeout queue 5s
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response response-timeout
  default-server inter 500ms fastinter 250ms downinter 500ms fall 2 rise 2

frontend www
  bind 127.0.0.1:${options.port}
  acl live path /api/live
  use_backend live if live
  default_backend api

backend api
  balance roundrobin
  option httpchk GET ${options.healthPath}
  http-check expect status 200
  http-request disable-l7-retry if METH_POST !{ req.hdr(idempotency-key) -m found }
${servers}

backend live
  balance roundrobin
  timeout server 1h
  option httpchk GET ${options.healthPath}
  http-check expect status 200
  http-request disable-l7-retry if !METH_GET
${servers}
`;
}

/** Starts HAProxy in the foreground with the configuration written to `workDir`; checks the configuration first. */
export function startHaproxy(binary: string, workDir: string, config: string): ChildProcess {
  const file = join(workDir, 'haproxy.cfg');
  writeFileSync(file, config);
  const check = spawnSync(binary, ['-c', '-q', '-f', file], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy refused its configuration:\n${check.stdout}${check.stderr}`);
  const log = createWriteStream(join(workDir, 'haproxy.log'));
  const child = spawn(binary, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  return child;
}

/** What HAProxy's request log (option httplog) says of the run: requests per server, and those it retried. */
export interface BalancerLog {
  /** Requests per server ('s1'...), health checks left out. */
  perServer: Map<string, number>;
  /** Requests HAProxy sent again (a failed connection, or a server that closed or timed out), with their method and route. */
  retried: string[];
  /** 5xx answers HAProxy itself gave: no server up (503), a request cut and not retried (502), or timed out (504). */
  balancerErrors: string[];
}

/** Reads HAProxy's log file (lines of `option httplog`); ids in paths are folded to ':id'. */
export function readBalancerLog(file: string): BalancerLog {
  const result: BalancerLog = { perServer: new Map(), retried: [], balancerErrors: [] };
  if (!existsSync(file)) return result;
  const line = /\] \S+ \S+\/(\S+) \S+ (\d{3}) \d+ \S+ \S+ (\S{4}) \d+\/\d+\/\d+\/\d+\/(\+?\d+) \d+\/\d+ "(\S+) (\S+)/;
  for (const text of readFileSync(file, 'utf8').split('\n')) {
    const match = line.exec(text);
    if (!match) continue;
    const [, server, status, termination, retries, method, path] = match;
    if (path === '/readyz' || path === '/healthz') continue;
    result.perServer.set(server, (result.perServer.get(server) ?? 0) + 1);
    const route = `${method} ${path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id').replace(/\?.*$/, '')}`;
    if (retries !== '0') result.retried.push(`${route} (${retries.startsWith('+') ? 'on another instance' : 'same instance'}, ${status})`);
    // A 5xx is HAProxy's own when no server answered it (its termination state names the cause).
    if (Number(status) >= 500 && (server === '<NOSRV>' || termination !== '----'))
      result.balancerErrors.push(`${route} ${status} ${termination}`);
  }
  return result;
}
