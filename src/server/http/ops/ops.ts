import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { ServiceDeps } from '../../services/deps';
import { createReadiness, healthRoutes, type Readiness } from './health';
import { registerMetrics } from './metrics';
import { REQUEST_ID_HEADER } from './request-id';

const readinessByApp = new WeakMap<FastifyInstance, Readiness>();

/** The readiness of an app made by buildApp: server.ts drains through it on shutdown, tests too. */
export function readinessOf(app: FastifyInstance): Readiness {
  const readiness = readinessByApp.get(app);
  if (!readiness) throw new Error('readinessOf: an app made by buildApp was expected');
  return readiness;
}

/**
 * What an app needs to run as a service behind a load balancer (docs/rules/operations.md):
 * GET /healthz and GET /readyz, GET /metrics and the timing of every answer, the request id
 * sent back in `X-Request-Id` on every answer, and `Connection: close` on every answer once
 * draining began, so each client's next request opens a connection to another instance.
 * Registered on the root app before the routes, so its hooks see every route.
 */
export async function registerOps(app: FastifyInstance, options: { deps: ServiceDeps; config: Config }): Promise<void> {
  const readiness = createReadiness(options.deps.db);
  readinessByApp.set(app, readiness);
  app.addHook('onSend', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    if (readiness.draining) reply.header('connection', 'close');
  });
  registerMetrics(app, { deps: options.deps, token: options.config.METRICS_TOKEN });
  await app.register(healthRoutes, { readiness });
}
