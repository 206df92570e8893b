/**
 * What the load benchmarks share (tests/bench/README.md): the load client's keep-alive HTTP, the
 * child process it runs in, the count of statements the server sends to PostgreSQL, where the CPU
 * went, PostgreSQL's own ceilings measured in the same run, accounts with sessions minted in bulk,
 * and a run that always drops its database (time limit, Ctrl-C).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { createHmac, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';

// ---------------------------------------------------------------------------------------------
// Small things

/** A number from the environment (experiments only; the defaults are the benchmark). */
export const env = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);

/** Progress on stderr, with the time of day (UTC). */
export function log(message: string) {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

/** The p-th percentile (nearest rank) of `values`; NaN when empty. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

/** Shuffles in place (Fisher-Yates) and returns the same array. */
export function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

export const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : 'n/a');
export const rate = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : 'n/a');
export const cpuSeconds = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1e6;

/** A valid CPF (check digits computed) for each seed 0..99,999,999. */
export function benchCpf(seed: number): string {
  const base = String(seed).padStart(9, '0').slice(-9).split('').map(Number);
  const digit = (digits: number[]) => {
    const sum = digits.reduce((total, d, i) => total + d * (digits.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(base);
  return [...base, first, digit([...base, first])].join('');
}

// ---------------------------------------------------------------------------------------------
// Load client side: keep-alive HTTP

/** One answer as the load client saw it; `start`/`end` are performance.now() of the client. */
export interface Timed {
  status: number;
  ms: number;
  start: number;
  end: number;
  body: Record<string, unknown> | null;
}

// One keep-alive agent per server for the whole run: the sockets a warm-up opened are the ones
// the timed phases use, as buyers who have the event page open (or a proxy's pooled connections)
// are already connected when a sale opens.
const agents = new Map<string, http.Agent>();

/** The keep-alive agent of `origin`, made on first use with at most `maxSockets` sockets. */
export function keepAliveAgent(origin: string, maxSockets = Infinity): http.Agent {
  let agent = agents.get(origin);
  if (!agent) agents.set(origin, (agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: Math.min(maxSockets, 1024) })));
  return agent;
}

/**
 * A requester of `origin` over its keep-alive agent: JSON body (none for GET), the cookie given,
 * no Origin header (a server-to-server caller, which the cross-site check lets through). The
 * latency runs from the call (a wait for a free socket included) to the last byte of the body.
 */
export function makeRequester(origin: string, maxSockets = Infinity) {
  const url = new URL(origin);
  const agent = keepAliveAgent(origin, maxSockets);
  return (method: 'GET' | 'POST', path: string, cookie: string | null, payload?: unknown): Promise<Timed> => {
    const body = method === 'GET' ? null : Buffer.from(JSON.stringify(payload ?? {}));
    const headers: http.OutgoingHttpHeaders = {};
    if (cookie) headers.cookie = cookie;
    if (body) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = body.length;
    }
    const start = performance.now();
    // A kept-alive socket the server closed as it was reused resets before the request reached
    // it: sent again on another socket, as browsers do (Node's docs, `request.reusedSocket`).
    const attempt = (retried: boolean): Promise<Timed> =>
      new Promise((resolve, reject) => {
        const request = http.request({ agent, host: url.hostname, port: url.port, method, path, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const end = performance.now();
            let parsed: Record<string, unknown> | null = null;
            try {
              parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch {
              parsed = null;
            }
            resolve({ status: response.statusCode ?? 0, ms: end - start, start, end, body: parsed });
          });
          response.on('error', reject);
        });
        request.on('error', (error: NodeJS.ErrnoException) => {
          if (!retried && request.reusedSocket && error.code === 'ECONNRESET') resolve(attempt(true));
          else reject(error);
        });
        request.end(body ?? undefined);
      });
    return attempt(false);
  };
}

/** `POST path` with a JSON body and the cookie, on `origin`'s keep-alive agent. */
export function makePoster(origin: string) {
  const send = makeRequester(origin);
  return (path: string, cookie: string, payload: unknown): Promise<Timed> => send('POST', path, cookie, payload);
}

/** GETs of one URL by `concurrency` keep-alive lanes for `seconds`: answers per second and failures. */
export async function measureGetRate(target: string, seconds: number, concurrency: number): Promise<{ perSecond: number; errors: number }> {
  const url = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const get = () =>
    new Promise<number>((resolve) => {
      const request = http.get({ agent, host: url.hostname, port: url.port, path: url.pathname + url.search }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      request.on('error', () => resolve(0));
    });
  const until = performance.now() + seconds * 1000;
  let done = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        if ((await get()) === 200) done++;
        else errors++;
      }
    }),
  );
  agent.destroy();
  return { perSecond: done / ((performance.now() - started) / 1000), errors };
}

// ---------------------------------------------------------------------------------------------
// The load client's process

interface ErrorResult {
  type: 'error';
  message: string;
}

/**
 * In the child process (`--load-client`): answers each job the runner sends with `handle`'s
 * result, an exception as `{ type: 'error' }`; `{ type: 'exit' }` ends it.
 */
export function serveLoadClient<J extends { type: string }>(handle: (job: J) => Promise<unknown>) {
  process.on('message', async (job: J | { type: 'exit' }) => {
    try {
      if (job.type === 'exit') process.exit(0);
      process.send!(await handle(job as J));
    } catch (error) {
      process.send!({ type: 'error', message: String((error as Error)?.stack ?? error) } satisfies ErrorResult);
    }
  });
  process.send!({ type: 'ready' });
}

export interface LoadClient<J, R> {
  child: ChildProcess;
  /** Sends one job and waits for its result (one job at a time). */
  run(job: J): Promise<R>;
}

/**
 * Starts `file` (a bench's own module) with `--load-client` in a child process, so that client work
 * does not share the server's event loop; structured-clone messages both ways.
 */
export function startLoadClient<J, R>(file: string, execArgv: string[] = []): Promise<LoadClient<J, R>> {
  const child = fork(file, ['--load-client'], {
    execArgv: ['--import', 'tsx', ...execArgv],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`load client exited early (${code})`)));
    child.once('message', () => {
      child.removeAllListeners('exit');
      resolve({
        child,
        run: (job) =>
          new Promise((done, fail) => {
            const onExit = (code: number | null) => fail(new Error(`load client exited (${code})`));
            child.once('exit', onExit);
            child.once('message', (result: R | ErrorResult) => {
              child.off('exit', onExit);
              if ((result as ErrorResult).type === 'error') fail(new Error(`load client: ${(result as ErrorResult).message}`));
              else done(result as R);
            });
            child.send(job as object);
          }),
      });
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Statements sent to PostgreSQL

/** Clients of the benchmark's own (not the server's) connections, left out of the query count. */
export const ownClients = new WeakSet<object>();
let queryCount = 0;

/** Statements of one scope (one request, say): how many, and their text when `texts` is kept. */
export interface QueryScope {
  statements: number;
  texts?: string[];
}

/**
 * The scope the statements sent now belong to (a request, set around its handling): the pool hands
 * a waiting caller its connection in the releaser's callback, so `countQueries` binds that callback
 * to the caller's scope.
 */
export const queryScope = new AsyncLocalStorage<QueryScope>();

/** Statements the server sent to PostgreSQL so far (every `pg` round trip, BEGIN/COMMIT included). */
export const queriesSoFar = () => queryCount;

/** Counts the statements the server sends to PostgreSQL (all of them, and those of the current queryScope). */
export async function countQueries() {
  const pg = (await import('pg')).default;
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: object, ...args: unknown[]) {
    if (!ownClients.has(this)) {
      queryCount++;
      const scope = queryScope.getStore();
      if (scope) {
        scope.statements++;
        if (scope.texts) {
          const first = args[0] as string | { text?: string };
          scope.texts.push(typeof first === 'string' ? first : String(first?.text ?? ''));
        }
      }
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  const connect = pg.Pool.prototype.connect;
  pg.Pool.prototype.connect = function (this: unknown, ...args: unknown[]) {
    if (typeof args[0] === 'function') args[0] = AsyncResource.bind(args[0] as (...a: unknown[]) => unknown);
    return (connect as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof connect;
}

/** Samples what PostgreSQL backends of `database` wait for, every 100 ms, on its own connection. */
export async function sampleWaits(connectionString: string, database: string) {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString });
  ownClients.add(client);
  await client.connect();
  let samples = 0;
  let active = 0;
  let lockWaits = 0;
  let idleInTransaction = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query(
        `SELECT count(*) FILTER (WHERE state = 'active') AS active,
                count(*) FILTER (WHERE state = 'active' AND wait_event_type = 'Lock') AS lock_waits,
                count(*) FILTER (WHERE state = 'idle in transaction') AS idle_in_transaction
         FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
        [database],
      );
      samples++;
      active += Number(rows[0].active);
      lockWaits += Number(rows[0].lock_waits);
      idleInTransaction += Number(rows[0].idle_in_transaction);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return async () => {
    running = false;
    await loop;
    await client.end();
    const average = (total: number) => (total / Math.max(1, samples)).toFixed(1);
    return `on average ${average(active)} backends active (${average(lockWaits)} of them waiting on a lock), ${average(idleInTransaction)} idle in transaction (waiting for the server)`;
  };
}

/**
 * What this machine's PostgreSQL can do at most for the two hot paths, measured in the same run
 * (issue 'Hardened and fast'): a durable single-row UPDATE from 2 clients (pgbench's hot row:
 * every purchase of one ticket type must update one stock row) and, unless `inserts` is false,
 * single-row INSERTs shaped like a check-in from 20 clients (every scan records one row). Each
 * for `seconds`; commits per second (inserts NaN when not measured).
 */
export async function measureCeilings(
  connectionString: string,
  seconds: number,
  options: { inserts?: boolean } = {},
): Promise<{ hotRowUpdates: number; inserts: number }> {
  const pg = (await import('pg')).default;
  const setup = new pg.Client({ connectionString });
  await setup.connect();
  await setup.query('CREATE TABLE bench_hot_row (id int PRIMARY KEY, remaining int NOT NULL)');
  await setup.query('INSERT INTO bench_hot_row VALUES (1, 1000000000)');
  await setup.query(`CREATE TABLE bench_scans (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), ticket_id uuid, event_id uuid,
    scanned_code text NOT NULL, validator_id text, accepted boolean NOT NULL, location text NOT NULL, scanned_at timestamptz NOT NULL DEFAULT now())`);
  const run = async (clients: number, statement: string, params: () => unknown[]) => {
    const connections = await Promise.all(
      Array.from({ length: clients }, async () => {
        const c = new pg.Client({ connectionString });
        await c.connect();
        return c;
      }),
    );
    let count = 0;
    const until = performance.now() + seconds * 1000;
    const started = performance.now();
    await Promise.all(
      connections.map(async (c) => {
        while (performance.now() < until) {
          await c.query(statement, params());
          count++;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    await Promise.all(connections.map((c) => c.end()));
    return count / elapsed;
  };
  const hotRowUpdates = await run(2, 'UPDATE bench_hot_row SET remaining = remaining - 1 WHERE id = 1 AND remaining >= 1', () => []);
  const inserts =
    options.inserts === false
      ? NaN
      : await run(
          20,
          'INSERT INTO bench_scans (ticket_id, event_id, scanned_code, validator_id, accepted, location) VALUES ($1, $2, $3, $4, true, $5)',
          () => [randomUUID(), randomUUID(), `NL1.${randomUUID()}`, 'bench', 'Entrada principal'],
        );
  await setup.query('DROP TABLE bench_hot_row; DROP TABLE bench_scans');
  await setup.end();
  return { hotRowUpdates, inserts };
}

// ---------------------------------------------------------------------------------------------
// Where the CPU went

/** CPU seconds used so far by the processes whose pid and name pass `keep`, from /proc (0 for none). */
export function procCpuSeconds(pids: string[], keep: (name: string) => boolean = () => true): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (!keep(stat.slice(stat.indexOf('(') + 1, close))) continue;
      const fields = stat.slice(close + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / 100;
}

/** CPU seconds used so far by all PostgreSQL processes of this machine (0 when /proc shows none). */
export function postgresCpuSeconds(): number {
  return procCpuSeconds(
    readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)),
    (name) => name.startsWith('postgres'),
  );
}

/**
 * Where the CPU went during one phase: this process (the server) and the server instances running
 * in `instancePids`, the load client, PostgreSQL, against what the cores could give; and how busy
 * the machine was already (other work on it).
 */
export function cpuMeter(instancePids: string[] = []) {
  const server = process.cpuUsage();
  const others = procCpuSeconds(instancePids);
  const elu = performance.eventLoopUtilization();
  const pg = postgresCpuSeconds();
  const load = loadavg()[0];
  const instances = instancePids.length + 1;
  return (wallSeconds: number, clientCpu: number) => {
    const capacity = wallSeconds * cpus().length;
    const pct = (value: number) => `${((value / capacity) * 100).toFixed(0)}%`;
    const busy = performance.eventLoopUtilization(elu).utilization;
    const serverCpu = cpuSeconds(process.cpuUsage(server)) + procCpuSeconds(instancePids) - others;
    const label = instances > 1 ? `${instances} servers` : 'server';
    return `${label} ${pct(serverCpu)} (event loop${instances > 1 ? ' of the first' : ''} ${(busy * 100).toFixed(0)}% busy), postgres ${pct(postgresCpuSeconds() - pg)}, load client ${pct(clientCpu)} of ${cpus().length} cores (1-min load before: ${load.toFixed(1)})`;
  };
}

// ---------------------------------------------------------------------------------------------
// Accounts

/** The session cookie better-auth expects: `<name>=encodeURIComponent(token + '.' + base64 HMAC-SHA256(token))`. */
export function signSessionCookie(name: string, token: string, secret: string) {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `${name}=${encodeURIComponent(`${token}.${signature}`)}`;
}

/**
 * Throws unless every cookie of a real sign-in (`cookies`, as signUpAs answers them) is the one
 * `signSessionCookie` would make for its token: the check that minted sessions are real ones.
 */
export function checkMintedCookies(cookies: string[], cookieName: string, secret: string, hint: string) {
  for (const cookie of cookies) {
    const pair = cookie.split('; ').find((c) => c.startsWith(`${cookieName}=`));
    const token = pair ? decodeURIComponent(pair.slice(cookieName.length + 1)).split('.')[0] : '';
    if (!pair || signSessionCookie(cookieName, token, secret) !== pair) {
      throw new Error(`minted session cookies would not match better-auth cookies; ${hint}`);
    }
  }
}

/**
 * `count` signed-up accounts at once, as signUpAs leaves them (user, credential account with the
 * one `passwordHash`, profile, roles) plus a session row good for `sessionSeconds` (as a sign-in
 * makes it, so its first use does not extend it); one statement per table, so 100,000 take
 * seconds. Answers each account's id and session cookie, signed as better-auth signs it.
 */
export async function mintAccounts(
  db: Db,
  options: {
    count: number;
    role: 'user' | 'validator';
    label: string;
    cookieName: string;
    secret: string;
    passwordHash: string;
    sessionSeconds: number;
  },
): Promise<{ userId: string; cookie: string }[]> {
  const { count } = options;
  if (count <= 0) return [];
  const ids = Array.from({ length: count }, () => randomUUID().replace(/-/g, ''));
  const tokens = Array.from({ length: count }, () => randomUUID().replace(/-/g, ''));
  const tag = randomUUID().slice(0, 8);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + options.sessionSeconds * 1000);
  const chunk = 20_000;
  for (let from = 0; from < count; from += chunk) {
    const part = ids.slice(from, from + chunk);
    const partTokens = tokens.slice(from, from + chunk);
    const idArray = sql`${`{${part.join(',')}}`}::text[]`;
    await db.execute(sql`
      INSERT INTO users (id, name, email, email_verified)
      SELECT id, 'Pessoa Teste', ${options.label} || '-' || (${from} + n) || '-' || ${tag} || '@exemplo.com.br', true
      FROM unnest(${idArray}) WITH ORDINALITY AS u(id, n)`);
    await db.execute(sql`
      INSERT INTO accounts (id, account_id, provider_id, user_id, password)
      SELECT gen_random_uuid()::text, id, 'credential', id, ${options.passwordHash} FROM unnest(${idArray}) AS u(id)`);
    await db.execute(sql`INSERT INTO profiles (id, full_name) SELECT id, 'Pessoa Teste' FROM unnest(${idArray}) AS u(id)`);
    await db.execute(sql`INSERT INTO user_roles (user_id, role) SELECT id, 'user' FROM unnest(${idArray}) AS u(id)`);
    if (options.role !== 'user') {
      await db.execute(sql`INSERT INTO user_roles (user_id, role) SELECT id, ${options.role}::role FROM unnest(${idArray}) AS u(id)`);
    }
    await db.execute(sql`
      INSERT INTO sessions (id, token, user_id, expires_at, created_at, updated_at, ip_address, user_agent)
      SELECT replace(gen_random_uuid()::text, '-', ''), token, id, ${expiresAt}, ${now}, ${now}, '127.0.0.1', 'bench'
      FROM unnest(${idArray}, ${`{${partTokens.join(',')}}`}::text[]) AS u(id, token)`);
  }
  return ids.map((userId, i) => ({ userId, cookie: signSessionCookie(options.cookieName, tokens[i], options.secret) }));
}

// ---------------------------------------------------------------------------------------------
// The run

/** Stops the server and drops the database when the run is cut short (time limit, Ctrl-C). */
let emergencyCleanup: (() => Promise<void>) | null = null;

/** What `abort` runs before exiting: the run's own clean-up (servers, database, data folder). */
export function setEmergencyCleanup(cleanup: (() => Promise<void>) | null) {
  emergencyCleanup = cleanup;
}

async function abort(reason: string) {
  process.stderr.write(`FAIL ${reason}\n`);
  const cleanup = emergencyCleanup;
  emergencyCleanup = null;
  if (cleanup) await Promise.race([cleanup().catch(() => undefined), new Promise((r) => setTimeout(r, 15_000))]);
  process.exit(1);
}

/**
 * Runs a bench within `timeLimitMs`: past it, or on Ctrl-C / SIGTERM, the clean-up set by
 * setEmergencyCleanup runs and the process exits 1; otherwise it exits with the bench's code.
 */
export async function runWithinLimit(timeLimitMs: number, bench: () => Promise<number>): Promise<never> {
  const timer = setTimeout(() => void abort(`benchmark took longer than ${timeLimitMs / 1000} s`), timeLimitMs);
  process.once('SIGINT', () => void abort('interrupted'));
  process.once('SIGTERM', () => void abort('terminated'));
  const code = await bench();
  clearTimeout(timer);
  process.exit(code);
}
