import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { responses } from '../../../shared/schemas/api-error';
import { checkDatabase } from '../../services/ops/check-database';
import type { ServiceDeps } from '../../services/deps';

/** How long the database may take to answer the readiness probe's `SELECT 1`, in ms. */
export const READY_DATABASE_TIMEOUT_MS = 2000;
/** How long one answer of the database serves readiness probes, in ms: many load balancers probing never add load. */
export const READY_CACHE_MS = 1000;

/** Why an instance is not ready (GET /readyz's `reason`). */
export const NOT_READY_REASONS = ['draining', 'database_unavailable', 'migrations_pending'] as const;
export type NotReadyReason = (typeof NOT_READY_REASONS)[number];

const healthySchema = z.object({ status: z.literal('ok') });
const notReadySchema = z.object({ status: z.literal('unavailable'), reason: z.enum(NOT_READY_REASONS) });

/** Whether this instance should be sent traffic (docs/rules/operations.md 'Readiness'). */
export interface Readiness {
  /** True once draining began: it never ends, the process is on its way out. */
  readonly draining: boolean;
  /** Starts draining: GET /readyz answers 503 'draining' from now on, and every answer closes its connection. */
  drain(): void;
  /** Null when ready, else why not; never throws. */
  check(): Promise<NotReadyReason | null>;
}

/**
 * The readiness of an instance over `db`: not draining, and the database answering and migrated
 * (services/ops/check-database.ts), its answer kept READY_CACHE_MS and shared by the probes that
 * arrive meanwhile. Draining wins at once, over a check under way too.
 */
export function createReadiness(db: ServiceDeps['db'], options: { cacheMs?: number; timeoutMs?: number } = {}): Readiness {
  const cacheMs = options.cacheMs ?? READY_CACHE_MS;
  const timeoutMs = options.timeoutMs ?? READY_DATABASE_TIMEOUT_MS;
  let draining = false;
  let last: { at: number; reason: NotReadyReason | null } | null = null;
  let pending: Promise<NotReadyReason | null> | null = null;
  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
    async check() {
      if (draining) return 'draining';
      if (last && performance.now() - last.at < cacheMs) return last.reason;
      pending ??= checkDatabase(db, timeoutMs).then((reason) => {
        last = { at: performance.now(), reason };
        pending = null;
        return reason;
      });
      const reason = await pending;
      return draining ? 'draining' : reason;
    },
  };
}

/**
 * GET /healthz (the process answers: 200 `{ status: 'ok' }`, nothing else asked) and GET /readyz
 * (200 `{ status: 'ok' }` when `readiness` says so, else 503 `{ status: 'unavailable', reason }`),
 * for load balancers and orchestrators (docs/rules/operations.md 'Health and readiness'). Outside
 * /api, without a session, never rate limited, and logged only at warn and above: probes come
 * every few seconds from every balancer.
 */
export async function healthRoutes(fastify: FastifyInstance, { readiness }: { readiness: Readiness }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/healthz', { logLevel: 'warn', schema: { response: responses({ 200: healthySchema }) } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  });

  app.get(
    '/readyz',
    { logLevel: 'warn', schema: { response: { ...responses({ 200: healthySchema }), 503: notReadySchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const reason = await readiness.check();
      if (reason) return reply.status(503).send({ status: 'unavailable' as const, reason });
      return { status: 'ok' as const };
    },
  );
}
