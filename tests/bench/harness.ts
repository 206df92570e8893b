/**
 * What the load benchmarks share (tests/bench/README.md): the load client's keep-alive HTTP, the
 * child process it runs in, the count of statements the server sends to PostgreSQL, where the CPU
 * went, PostgreSQL's own ceilings measured in the same run, accounts with sessions minted in bulk,
 * and a run that always drops its database (time limit, Ctrl-C).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
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

/** What the load client tells the runner while a job runs: its load starts or ends (see LoadClient.run). */
interface MarkMessage {
  type: 'mark';
  name: string;
}

/**
 * In the child process (`--load-client`): answers each job the runner sends with `handle`'s
 * result, an exception as `{ type: 'error' }`; `{ type: 'exit' }` ends it. `mark(name)` tells the
 * runner at once that a phase of the job starts or ends (`start`, `end`), so it can read the
 * server's CPU then, before the job's result is sent and read.
 */
export function serveLoadClient<J extends { type: string }>(handle: (job: J, mark: (name: string) => void) => Promise<unknown>) {
  const mark = (name: string) => process.send!({ type: 'mark', name } satisfies MarkMessage);
  process.on('message', async (job: J | { type: 'exit' }) => {
    try {
      if (job.type === 'exit') process.exit(0);
      process.send!(await handle(job as J, mark));
    } catch (error) {
      process.send!({ type: 'error', message: String((error as Error)?.stack ?? error) } satisfies ErrorResult);
    }
  });
  process.send!({ type: 'ready' });
}

export interface LoadClient<J, R> {
  child: ChildProcess;
  /**
   * Sends one job and waits for its result (one job at a time); `onMark` is called with each mark
   * the client sends while the job runs (`start` as its load begins, `end` as its last answer came).
   */
  run(job: J, onMark?: (name: string) => void): Promise<R>;
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
        run: (job, onMark) =>
          new Promise((done, fail) => {
            const onExit = (code: number | null) => {
              child.off('message', onMessage);
              fail(new Error(`load client exited (${code})`));
            };
            const onMessage = (result: R | ErrorResult | MarkMessage) => {
              if ((result as MarkMessage).type === 'mark') return onMark?.((result as MarkMessage).name);
              child.off('exit', onExit);
              child.off('message', onMessage);
              if ((result as ErrorResult).type === 'error') fail(new Error(`load client: ${(result as ErrorResult).message}`));
              else done(result as R);
            };
            child.once('exit', onExit);
            child.on('message', onMessage);
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

/**
 * Statements the server sent to PostgreSQL so far, counted per phase (a phase's figure is the
 * difference of two snapshots): no request scope, no async_hooks, nothing per promise; one
 * synchronous increment (and an anchored regex on the text) per `pg` round trip.
 */
export interface StatementCounts {
  /** Every `pg` round trip of the server, BEGIN/COMMIT included. */
  statements: number;
  /** Transactions opened (BEGIN sent). */
  transactions: number;
  /** Statements sent on a connection between its BEGIN and its COMMIT/ROLLBACK, both included. */
  inTransaction: number;
}

const counts: StatementCounts = { statements: 0, transactions: 0, inTransaction: 0 };
/** Connections between their BEGIN and their COMMIT/ROLLBACK. */
const inTransaction = new WeakSet<object>();
/** Texts of the statements sent outside a transaction, by text, while a phase records them. */
let textsOutside: Map<string, number> | null = null;

/** Statements the server sent to PostgreSQL so far (every `pg` round trip, BEGIN/COMMIT included). */
export const queriesSoFar = () => counts.statements;

/** A copy of the statement counts so far. */
export const statementCounts = (): StatementCounts => ({ ...counts });

/** The counts sent since `before` (a statementCounts() snapshot). */
export const statementsSince = (before: StatementCounts): StatementCounts => ({
  statements: counts.statements - before.statements,
  transactions: counts.transactions - before.transactions,
  inTransaction: counts.inTransaction - before.inTransaction,
});

/**
 * Starts recording the texts of the statements sent outside a transaction (for a phase whose
 * statements are checked by kind); the returned function stops and answers them with their counts.
 */
export function recordStatementTexts(): () => Map<string, number> {
  const texts = new Map<string, number>();
  textsOutside = texts;
  return () => {
    if (textsOutside === texts) textsOutside = null;
    return texts;
  };
}

/**
 * Counts the statements the server sends to PostgreSQL: a plain synchronous counter wrapped
 * around `pg.Client.prototype.query` (the pool's clients are pg Clients), nothing else.
 */
export async function countQueries() {
  const pg = (await import('pg')).default;
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: object, ...args: unknown[]) {
    if (!ownClients.has(this)) {
      counts.statements++;
      const first = args[0] as string | { text?: unknown } | undefined;
      const text = typeof first === 'string' ? first : typeof first?.text === 'string' ? first.text : '';
      if (inTransaction.has(this)) {
        counts.inTransaction++;
        if (/^\s*(commit|rollback)\b/i.test(text)) inTransaction.delete(this);
      } else if (/^\s*begin\b/i.test(text)) {
        inTransaction.add(this);
        counts.transactions++;
        counts.inTransaction++;
      } else if (textsOutside) {
        textsOutside.set(text, (textsOutside.get(text) ?? 0) + 1);
      }
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
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

/** CPU seconds the server processes used so far: this process (process.cpuUsage) and the instances in `instancePids` (/proc). */
export function serverCpuSeconds(instancePids: string[] = []): number {
  return cpuSeconds(process.cpuUsage()) + procCpuSeconds(instancePids);
}

/**
 * The server's CPU during one phase of a load-client job, read at the client's `start` and `end`
 * marks (LoadClient.run's onMark) rather than around the job, so the job's messages (thousands of
 * cookies out, thousands of timings back) are not in it. With a profiler, the phase runs under it.
 */
export function serverPhase(instancePids: string[] = [], profiler: CpuProfiler | null = null) {
  let started = NaN;
  let ended = NaN;
  let profile: Promise<CpuProfile | null> = Promise.resolve(null);
  return {
    onMark(name: string) {
      if (name === 'start') {
        started = serverCpuSeconds(instancePids);
        profiler?.start();
      } else if (name === 'end') {
        ended = serverCpuSeconds(instancePids);
        if (profiler) profile = profiler.stop();
      }
    },
    /** CPU seconds of the server processes between the marks, and the phase's profile (null without a profiler). */
    async result(): Promise<{ cpuSeconds: number; profile: CpuProfile | null }> {
      if (!Number.isFinite(started) || !Number.isFinite(ended)) throw new Error('the load client sent no start/end marks');
      return { cpuSeconds: ended - started, profile: await profile };
    },
  };
}

/** `requests` GETs of `path` (a bare route), spread over `origins` on the run's keep-alive agents, `concurrency` in flight; marks start and end. */
export async function runBareRequests(
  origins: string[],
  path: string,
  requests: number,
  concurrency: number,
  mark: (name: string) => void = () => undefined,
): Promise<{ answered: number; errors: number; wallSeconds: number }> {
  const sends = origins.map((origin) => makeRequester(origin));
  let next = 0;
  let answered = 0;
  let errors = 0;
  mark('start');
  const began = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, requests) }, async (_, lane) => {
      while (next < requests) {
        next++;
        const answer = await sends[lane % sends.length]('GET', path, null).catch(() => null);
        if (answer?.status === 200) answered++;
        else errors++;
      }
    }),
  );
  const wallSeconds = (performance.now() - began) / 1000;
  mark('end');
  return { answered, errors, wallSeconds };
}

/** The path of the bare route each bench registers on the server it measures: a constant, no database. */
export const BARE_PATH = '/bench/bare';

/**
 * Registers the bare route on a server's Fastify instance, before it listens: it answers a constant
 * through everything every route of the app goes through (request id, security headers, metrics,
 * request checks), so its CPU per request is the yardstick the operations are measured with.
 */
export function registerBareRoute(app: { get(path: string, handler: () => Promise<unknown>): unknown }) {
  app.get(BARE_PATH, async () => ({ ok: true }));
}

/** `label server CPU µs: N` and, unless it is the yardstick itself, `label cost: N bare requests`. */
export function costLines(label: string, cpuSecondsOfPhase: number, operations: number, bareMicros: number): string[] {
  const micros = (cpuSecondsOfPhase * 1e6) / Math.max(1, operations);
  return [`${label} server CPU µs: ${micros.toFixed(0)}`, `${label} cost: ${(micros / bareMicros).toFixed(1)} bare requests`];
}

// ---------------------------------------------------------------------------------------------
// Where the CPU went, by function (BENCH_CPU_PROFILE=1)

/** A V8 CPU profile (the inspector's Profiler.stop answer). */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface CpuProfiler {
  start(): void;
  stop(): Promise<CpuProfile | null>;
}

/** Whether the run profiles the server's timed phases (BENCH_CPU_PROFILE=1). */
export const profiling = () => Boolean(process.env.BENCH_CPU_PROFILE) && process.env.BENCH_CPU_PROFILE !== '0';

/**
 * The V8 sampling profiler of this process (node:inspector, in-process), or null when the run does
 * not profile (BENCH_CPU_PROFILE unset). Sampled every `intervalMicros`; start/stop per phase.
 */
export async function cpuProfiler(intervalMicros = 1000): Promise<CpuProfiler | null> {
  if (!profiling()) return null;
  const { Session } = await import('node:inspector');
  const session = new Session();
  session.connect();
  const post = <T>(method: string, params?: object) =>
    new Promise<T>((resolve, reject) =>
      session.post(method, params ?? {}, (error: Error | null, result?: unknown) => (error ? reject(error) : resolve(result as T))),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: intervalMicros });
  return {
    start: () => void post('Profiler.start'),
    stop: async () => (await post<{ profile: CpuProfile }>('Profiler.stop')).profile,
  };
}

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Where a sampled function's time goes, as the bench reads a profile. */
export function cpuGroup(functionName: string, url: string): string {
  const name = functionName;
  if (name === '(garbage collector)') return 'GC';
  if (name === '(idle)') return 'idle';
  if (name === '(program)') return 'V8/native (program)';
  if (/async_hooks|async_context|promise_hook|async_local_storage/.test(url)) return 'async hooks';
  if (
    /^(emitInit|emitBefore|emitAfter|emitDestroy|emitPromiseResolve|promiseInitHook|promiseBeforeHook|promiseAfterHook|promiseResolveHook|promiseInitHookWithDestroyTracking|trackPromise|fastPromiseHook|executionAsyncResource)$/.test(
      name,
    )
  )
    return 'async hooks';
  if (/node_modules\/drizzle-orm\//.test(url)) return 'drizzle query building';
  if (/node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-[a-z-]+|pg-connection-string|pgpass)\//.test(url)) return 'pg protocol';
  if (
    /node_modules\/(fast-json-stringify|secure-json-parse|json-schema-ref-resolver)\//.test(url) ||
    /\/src\/server\/http\/serializer\.ts/.test(url)
  )
    return 'serialization';
  if (url === '' && /^(stringify|parse|JSONStringify|JSONParse)$/.test(name)) return 'serialization';
  if (/node_modules\/(zod|fastify-type-provider-zod)\//.test(url)) return 'validation (zod)';
  if (/^node:(net|internal\/net|internal\/stream_base_commons|internal\/streams\/writable)$/.test(url)) return 'socket writes';
  if (
    url === '' &&
    /^(writev|writeGeneric|writeBuffer|writeUtf8String|writeLatin1String|writeAsciiString|writeUcs2String|Writev)$/.test(name)
  )
    return 'socket writes';
  if (/^node:(_http_|internal\/http)/.test(url) || (url === '' && /^(execute|parserOnHeadersComplete|onStreamRead|readStop)$/.test(name)))
    return 'node http';
  if (
    /node_modules\/(fastify|find-my-way|avvio|@fastify\/[^/]+|light-my-request|fastify-plugin|toad-cache|rfdc|ret|safe-regex2)\//.test(url)
  )
    return 'fastify';
  if (/node_modules\/(better-auth|@better-auth\/[^/]+|better-call|jose|@noble\/[^/]+|rou3|defu)\//.test(url)) return 'better-auth';
  if (
    /^node:(crypto|internal\/crypto)/.test(url) ||
    (url === '' && /^(digest|update|Hmac|randomUUID|timingSafeEqual|randomFillSync)$/.test(name))
  )
    return 'crypto';
  if (/node_modules\/(pino|sonic-boom|pino-std-serializers|fast-redact)\//.test(url)) return 'logging (pino)';
  if (
    /^node:internal\/(process\/task_queues|timers)/.test(url) ||
    /^(processTicksAndRejections|runMicrotasks|listOnTimeout|processTimers)$/.test(name)
  )
    return 'ticks, timers, promises';
  if (/\/src\/server\/(services|domain)\/|\/src\/shared\//.test(url)) return 'our services';
  if (/\/src\/server\//.test(url)) return 'our http/db layer';
  if (/\/tests\/(bench|support)\//.test(url)) return 'bench instrumentation';
  if (/node_modules\/tsx\//.test(url)) return 'tsx loader';
  const library = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (library) return `library ${library[1]}`;
  if (url.startsWith('node:')) return 'node (other)';
  return 'V8/native (other)';
}

/**
 * 'Where the CPU went' in one profiled phase: the phase's server CPU (`cpuSeconds`, measured)
 * apportioned by the samples (each sample one share: the sampler's clock is the wall's, and this
 * machine's other work preempts the server), by group (idle left out), then the `top` functions by
 * self time with their group and file (relative to the project); per `operation` too.
 */
export function profileTable(
  profile: CpuProfile,
  title: string,
  phase: { cpuSeconds: number; operations: number; operation: string },
  top = 15,
): string[] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const hits = new Map<number, number>();
  if (profile.samples && profile.samples.length > 0) {
    for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  } else {
    for (const node of profile.nodes) hits.set(node.id, node.hitCount ?? 0);
  }
  const groups = new Map<string, number>();
  const functions = new Map<string, { hits: number; group: string; name: string; place: string }>();
  let busy = 0;
  for (const [id, count] of hits) {
    const frame = byNode.get(id)!.callFrame;
    const group = cpuGroup(frame.functionName, frame.url);
    if (group === 'idle' || frame.functionName === '(root)' || count === 0) continue;
    busy += count;
    groups.set(group, (groups.get(group) ?? 0) + count);
    const file = frame.url.startsWith('file://') ? fileURLToPath(frame.url) : frame.url;
    // The file only: under tsx the line numbers are those of the transformed code.
    const place = file ? (file.startsWith(projectRoot) ? file.slice(projectRoot.length) : file) : '(native)';
    const name = frame.functionName || '(anonymous)';
    const key = `${name} ${place}`;
    const entry = functions.get(key) ?? { hits: 0, group, name, place };
    entry.hits += count;
    functions.set(key, entry);
  }
  const share = (count: number) => count / Math.max(1, busy);
  const columns = (count: number) =>
    `${(share(count) * phase.cpuSeconds * 1000).toFixed(0).padStart(6)} ms ${(share(count) * 100).toFixed(1).padStart(5)} % ${((share(count) * phase.cpuSeconds * 1e6) / Math.max(1, phase.operations)).toFixed(1).padStart(7)} µs/${phase.operation}`;
  const lines = [
    `where the CPU went (${title}): ${(phase.cpuSeconds * 1000).toFixed(0)} ms of server CPU over ${phase.operations} ${phase.operation}s, apportioned by ${busy} samples (idle left out)`,
  ];
  for (const [group, count] of [...groups].sort((a, b) => b[1] - a[1])) lines.push(`  ${columns(count)}  ${group}`);
  lines.push(`top ${top} functions by self time (${title}):`);
  for (const entry of [...functions.values()].sort((a, b) => b.hits - a.hits).slice(0, top)) {
    lines.push(`  ${columns(entry.hits)}  [${entry.group}] ${entry.name}  ${entry.place}`);
  }
  return lines;
}

/** Writes `profile` to BENCH_CPU_PROFILE_DIR/<name>.cpuprofile when that variable is set (Chrome DevTools opens it). */
export function saveProfile(profile: CpuProfile, name: string) {
  const dir = process.env.BENCH_CPU_PROFILE_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
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
