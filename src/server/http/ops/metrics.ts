import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DomainError } from '../../../shared/errors';
import { rawBodySchema, responses } from '../../../shared/schemas/api-error';
import { processMetrics } from '../../lib/metrics';
import { isLiveStreamAnswer } from '../../live/live-streams';
import { readOpsFigures, readPoolStats, type OpsFigures } from '../../services/ops/read-ops-figures';
import type { ServiceDeps } from '../../services/deps';

/** How long one reading of the database's figures serves scrapes, in ms (docs/rules/operations.md 'Metrics'). */
export const FIGURES_CACHE_MS = 5000;

/** Seconds: from 5 ms to 10 s, the span between a cached read and a payment provider's slowest call. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route label of a request no route matched: one series, whatever the address. */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * The metrics of one app (docs/rules/operations.md 'Metrics'), in a registry of its own so that
 * the apps a test process builds never share a series: request durations observed as answers
 * go out, and the database's figures set from the last reading at each scrape.
 */
function createAppMetrics() {
  const registry = new Registry();
  const registers = [registry];
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: DURATION_BUCKETS,
    registers,
  });
  const poolConnections = new Gauge({
    name: 'db_pool_connections',
    help: "This instance's database connections by state: in_use and idle (pg pool), or open (PGlite's one embedded connection).",
    labelNames: ['state'],
    registers,
  });
  const poolWaiting = new Gauge({
    name: 'db_pool_waiting',
    help: 'Queries of this instance waiting for a free pooled connection (always 0 on PGlite).',
    registers,
  });
  const databaseUp = new Gauge({
    name: 'db_up',
    help: 'Whether the last reading of the database figures succeeded (1) or failed (0).',
    registers,
  });
  const jobs = new Gauge({
    name: 'jobs',
    help: 'Outbox jobs not done, by kind and state (queued, running, failed: failed at least once and not done yet). Same on every instance.',
    labelNames: ['kind', 'state'],
    registers,
  });
  const oldestJob = new Gauge({
    name: 'jobs_oldest_age_seconds',
    help: 'Age of the oldest outbox job not done, by kind (0: none). Same on every instance.',
    labelNames: ['kind'],
    registers,
  });
  const orders = new Gauge({
    name: 'orders_total',
    help: 'Orders by their status now (pending, completed, expired, failed, refunded, cancelled); a gauge: orders move between statuses. Same on every instance.',
    labelNames: ['status'],
    registers,
  });
  const admitted = new Counter({
    name: 'tickets_admitted_total',
    help: 'Accepted entries recorded at the door, re-entries included. Same on every instance.',
    registers,
  });
  const refused = new Counter({
    name: 'admissions_refused_total',
    help: 'Refused scans recorded at the door, by reason. Same on every instance.',
    labelNames: ['reason'],
    registers,
  });
  const roomJoins = new Counter({
    name: 'waiting_room_joins_total',
    help: 'Places taken in waiting rooms. Same on every instance.',
    registers,
  });
  const roomWaiting = new Gauge({
    name: 'waiting_room_people_waiting',
    help: 'People in a waiting room that is on whose turn has not come. Same on every instance.',
    registers,
  });
  const roomAdmitted = new Counter({
    name: 'waiting_room_admitted_total',
    help: "Places whose turn has come (the waiting rooms' outflow). Same on every instance.",
    registers,
  });
  const databaseSeries = [jobs, oldestJob, orders, admitted, refused, roomJoins, roomWaiting, roomAdmitted];

  return {
    registry,
    httpDuration,
    /** Sets the database's series from `figures`; null (the reading failed) drops them, so no stale value is scraped. */
    setFigures(figures: OpsFigures | null) {
      for (const metric of databaseSeries) metric.reset();
      databaseUp.set(figures ? 1 : 0);
      if (!figures) return;
      for (const { kind, state, count } of figures.jobs) jobs.set({ kind, state }, count);
      for (const [kind, seconds] of Object.entries(figures.oldestJobSeconds)) oldestJob.set({ kind }, seconds);
      for (const [status, count] of Object.entries(figures.orders)) orders.set({ status }, count);
      // Counters read from the database: set by adding the stored total to a reset series.
      admitted.inc(figures.admitted);
      for (const [reason, count] of Object.entries(figures.refused)) refused.inc({ reason }, count);
      roomJoins.inc(figures.waitingRoom.joins);
      roomWaiting.set(figures.waitingRoom.waiting);
      roomAdmitted.inc(figures.waitingRoom.admitted);
    },
    /** Sets the pool's series from this instance's pool, read now (`null`: PGlite). */
    setPool(pool: ReturnType<typeof readPoolStats>) {
      poolConnections.reset();
      if (pool) {
        poolConnections.set({ state: 'in_use' }, pool.total - pool.idle);
        poolConnections.set({ state: 'idle' }, pool.idle);
        poolWaiting.set(pool.waiting);
      } else {
        poolConnections.set({ state: 'open' }, 1);
        poolWaiting.set(0);
      }
    },
  };
}

/** Whether `header` is `Bearer <token>`, compared in constant time (hashes of equal length). */
function isBearer(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * GET /metrics in Prometheus' text format (docs/rules/operations.md 'Metrics'), and the hook
 * that times every answer of `app` into `http_request_duration_seconds` (labelled by the route's
 * pattern, never the address asked, so ids never make new series; live streams are left out). With `token` unset the route
 * answers 404 to everyone; with it, a request without `Authorization: Bearer <token>` gets 401.
 * The database's figures (readOpsFigures) are read at most every FIGURES_CACHE_MS, concurrent
 * scrapes sharing one reading; a failed reading is not kept, and the scrape still answers, with
 * `db_up 0` and the process's series. Not logged at info: a scraper calls it every few seconds.
 */
export function registerMetrics(app: FastifyInstance, options: { deps: ServiceDeps; token: string | undefined }): void {
  const { deps, token } = options;
  const metrics = createAppMetrics();
  let reading: { at: number; figures: Promise<OpsFigures> } | null = null;

  const readFigures = (): Promise<OpsFigures> => {
    const now = Date.now();
    if (reading && now - reading.at < FIGURES_CACHE_MS) return reading.figures;
    const current = { at: now, figures: readOpsFigures(deps.db, new Date(now)) };
    reading = current;
    current.figures.catch(() => {
      if (reading === current) reading = null;
    });
    return current.figures;
  };

  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    // A live stream's 'answer' lasts as long as the page is open: not a request's duration.
    if (isLiveStreamAnswer(reply.raw)) return;
    metrics.httpDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', { logLevel: 'warn', schema: { response: responses({ 200: rawBodySchema }) } }, async (request, reply) => {
    if (!token) throw new DomainError('not_found');
    if (!isBearer(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new DomainError('unauthenticated');
    }
    try {
      metrics.setFigures(await readFigures());
    } catch (error) {
      request.log.warn({ err: error }, 'metrics: database figures could not be read');
      metrics.setFigures(null);
    }
    // Pool figures are this instance's and cost nothing: always read now.
    metrics.setPool(readPoolStats(deps.db));
    const body = (await processMetrics().metrics()) + (await metrics.registry.metrics());
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(body);
  });
}
