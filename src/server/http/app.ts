import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import helmet, { type HelmetOptions } from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { Logger } from 'pino';
import { stripeSettings, type Config } from '../config';
import type { Auth } from '../auth';
import type { ServiceDeps } from '../services/deps';
import { frameworkMessage, registerErrorHandler } from './errors';
import { validatorCompiler } from './validation';
import { serializerCompiler } from './serializer';
import { registerRequestChecks } from './request-checks';
import { registerIdempotency } from './idempotency';
import { requestLogFields } from './request-log';
import { createGuards, createSessionCache, type SessionCache } from './session';
import { authRoutes } from './routes/auth';
import { catalogRoutes } from './routes/catalog';
import { orderRoutes } from './routes/orders';
import { ticketRoutes } from './routes/tickets';
import { walletRoutes } from './routes/wallet';
import { doorRoutes } from './routes/door';
import { refundRoutes } from './routes/refunds';
import { meRoutes } from './routes/me';
import { profileRoutes } from './routes/profile';
import { contentRoutes } from './routes/content';
import { adminRefundRoutes } from './routes/admin-refunds';
import { adminEventRoutes } from './routes/admin-events';
import { adminContentRoutes } from './routes/admin-content';
import { adminDashboardRoutes } from './routes/admin-dashboard';
import { notificationRoutes } from './routes/notifications';
import { adminStaffRoutes } from './routes/admin-staff';
import { liveRoutes } from './routes/live';
import { paymentWebhookRoutes } from './routes/payment-webhooks';
import { waitingRoomRoutes } from './routes/waiting-room';
import { waitlistRoutes } from './routes/waitlist';
import { adminBoxOfficeRoutes, boxOfficeRoutes } from './routes/box-office';
import { borderoRoutes } from './routes/bordero';
import { adminCampaignRoutes } from './routes/admin-campaigns';
import { guestListRoutes } from './routes/guest-lists';
import { adminAuditRoutes } from './routes/admin-audit';
import type { LiveHub } from '../live/live-hub';
import { createLiveStreams } from '../live/live-streams';
import { renderAppShell } from './app-shell';
import { readBuildManifest } from './build-manifest';
import { registerOps } from './ops/ops';
import { requestIdOf } from './ops/request-id';

export interface AppOptions {
  config: Config;
  deps: ServiceDeps;
  auth: Auth;
  logger: Logger;
  /** Folder of the built web app; not served when absent (API tests). */
  distDir?: string;
  /** Origins whose mutating calls are accepted (the app's own addresses). */
  trustedOrigins: string[];
  /** LISTEN/NOTIFY fan-out for the live routes. */
  live: LiveHub;
  /** Per-route rate limits; off in tests and benchmarks that hammer one route. */
  rateLimit?: boolean;
}

/** A route as registered: its method, url and the statuses its `schema.response` declares (none: []). */
export interface RegisteredRoute {
  method: string;
  url: string;
  responses: string[];
}

const registeredRoutes = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every method + url registered on an app made by buildApp (the permission walk and route contract tests read it). */
export function listRegisteredRoutes(app: FastifyInstance): RegisteredRoute[] {
  return [...(registeredRoutes.get(app) ?? [])];
}

const sessionCaches = new WeakMap<FastifyInstance, SessionCache>();

/** The checked-session cache of an app made by buildApp (its size is watched by tests and monitoring). */
export function sessionCacheOf(app: FastifyInstance): SessionCache | undefined {
  return sessionCaches.get(app);
}

/** CSP sources ('sha256-...') for the inline <script> elements (no src) of an HTML page. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1], 'utf8').digest('base64')}'`,
  );
}

/**
 * The security headers helmet sets (CSP, HSTS, X-Content-Type-Options, Referrer-Policy, ...),
 * computed once by running helmet's own middleware against a recording response.
 */
function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as never, response as never, () => {});
  return headers;
}

/** TRUST_PROXY as Fastify takes it: a hop count becomes 'trust the nearest n proxies'. */
function trustProxyOption(value: boolean | number | string): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

/** The Fastify app: /api/* routes, /uploads, and the built web app with SPA fallback. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, deps, auth } = options;
  // Forwarded headers are believed only from the proxies TRUST_PROXY names (off by default), so a
  // made-up X-Forwarded-For cannot give a request a new address and escape per-address limits.
  // Fastify logs every request at info; its address is logged with e-mails and phones masked.
  const logger = options.logger.child({}, { serializers: { req: requestLogFields } });
  const app = Fastify({
    loggerInstance: logger as unknown as FastifyBaseLogger,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // docs/rules/operations.md 'Request ids': a sane X-Request-Id is kept, else a UUID, as `reqId` on
    // every log line of the request; the header is read by requestIdOf, which checks it first.
    genReqId: requestIdOf,
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'reqId' }),
    // Errors the router raises before any route (a malformed or too long address): pt-BR too.
    frameworkErrors: (error, _request, reply) => {
      const status = (error as { statusCode?: number }).statusCode ?? 400;
      const body = { code: 'validation_failed', message: frameworkMessage(error as { code?: string; statusCode?: number }), details: {} };
      void (reply as unknown as { status(code: number): { send(payload: unknown): unknown } }).status(status).send(body);
    },
  });
  // Routes declare body, querystring and params with the shared zod schemas (fastify-type-provider-zod);
  // a request that fails one is answered by the error handler as the hand parsing did (validation.ts).
  // Answers are declared with zod too and written by fast-json-stringify from their JSON Schema (serializer.ts).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRequestChecks(app, options.trustedOrigins);
  const routes: RegisteredRoute[] = [];
  registeredRoutes.set(app, routes);
  app.addHook('onRoute', (route) => {
    const responses = Object.keys((route.schema?.response as object | undefined) ?? {});
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, responses });
  });
  // Health, readiness, metrics and request ids (docs/rules/operations.md): before the routes, so its hooks see them all.
  await registerOps(app, { deps, config });

  const distDir = options.distDir;
  const indexHtml = distDir && existsSync(join(distDir, 'index.html')) ? readFileSync(join(distDir, 'index.html'), 'utf8') : null;

  // Stripe.js (its script, its card frames and its API calls) is let in only when Stripe runs;
  // the sandbox never loads it (issue 8: CSP widened only then).
  const withStripe = deps.payments.name === 'stripe';
  const securityHeaders = computeSecurityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // index.html's one inline script (dark mode before the first paint) is allowed by its hash.
        scriptSrc: [
          "'self'",
          "'wasm-unsafe-eval'",
          ...(indexHtml ? inlineScriptHashes(indexHtml) : []),
          ...(withStripe ? ['https://js.stripe.com'] : []),
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Pictures people link to (a profile photo, an event picture on a CDN) live on other hosts.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", ...(withStripe ? ['https://api.stripe.com'] : [])],
        ...(withStripe ? { frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'] } : {}),
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Helmet's headers depend on nothing in the request: worked out once, set on every answer.
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(securityHeaders);
  });
  // Route-level limits (auth, orders) apply only when the plugin is registered.
  if (options.rateLimit !== false) await app.register(rateLimit, { global: false });

  const sessions = createSessionCache(options.live);
  sessionCaches.set(app, sessions);
  const guards = createGuards(auth, deps.db, sessions);
  // Open live streams end before the server waits on its connections to close.
  const streams = createLiveStreams(options.live, options.logger);
  app.addHook('preClose', async () => streams.endAll());
  const context = { deps, guards, auth, config, live: options.live, streams };
  registerIdempotency(app, context);
  await app.register(authRoutes, { auth, sessions });
  await app.register(meRoutes, context);
  await app.register(profileRoutes, context);
  await app.register(catalogRoutes, context);
  await app.register(orderRoutes, context);
  await app.register(ticketRoutes, context);
  await app.register(walletRoutes, context);
  await app.register(waitingRoomRoutes, context);
  await app.register(waitlistRoutes, context);
  await app.register(doorRoutes, context);
  await app.register(adminRefundRoutes, context);
  await app.register(refundRoutes, context);
  await app.register(contentRoutes, context);
  await app.register(adminContentRoutes, context);
  await app.register(adminDashboardRoutes, context);
  await app.register(adminEventRoutes, context);
  await app.register(notificationRoutes, context);
  await app.register(adminStaffRoutes, context);
  await app.register(liveRoutes, context);
  await app.register(boxOfficeRoutes, context);
  await app.register(adminBoxOfficeRoutes, context);
  await app.register(borderoRoutes, context);
  await app.register(adminCampaignRoutes, context);
  await app.register(guestListRoutes, context);
  await app.register(adminAuditRoutes, context);
  // Stripe's signed webhook exists only when Stripe runs with its webhook secret.
  const stripe = stripeSettings(config);
  if (withStripe && stripe) await app.register(paymentWebhookRoutes, { ...context, webhookSecret: stripe.webhookSecret });

  const uploadsDir = resolve(config.DATA_DIR, 'uploads');
  if (existsSync(uploadsDir)) {
    await app.register(fastifyStatic, { root: uploadsDir, prefix: '/uploads/', decorateReply: false });
  }

  if (distDir && indexHtml) {
    const build = { indexHtml, distDir, manifest: readBuildManifest(distDir) };
    const sendAppShell = async (request: FastifyRequest, reply: FastifyReply) => {
      const html = await renderAppShell(build, request.url, deps, config);
      return reply.status(html.status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html.body);
    };
    // The home page is the app, not the folder's listing (which the file route refuses).
    app.get('/', sendAppShell);
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      // One route for every file (a missing one falls through to the not-found handler below),
      // rather than a route per file listed at start: hundreds of routes, read from disk each start.
      wildcard: true,
      index: false,
      // The build writes .br and .gz next to each text asset; served to browsers that accept them.
      preCompressed: true,
      // The build manifest is for the server (route preloads), not for the public; a folder or a
      // compressed copy asked for by name is not a page either (the not-found handler answers).
      allowedPath: (pathName) => !pathName.startsWith('/.vite/') && !pathName.endsWith('/') && !/\.(br|gz)$/.test(pathName),
    });
    // Hashed build assets never change under one name.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/assets/') && reply.statusCode === 200) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      }
      // The service worker and the manifest must be checked on every visit, or an update never lands.
      if (request.url === '/sw.js' || request.url === '/manifest.webmanifest') reply.header('cache-control', 'no-cache');
    });
    app.setNotFoundHandler(async (request, reply) => {
      // A missing asset is a 404, never the app's HTML under a script's name.
      if (request.method !== 'GET' || /^\/(api|assets|\.vite)\//.test(request.url)) {
        return reply.status(404).send({ code: 'not_found', message: 'Não encontrado.', details: {} });
      }
      return sendAppShell(request, reply);
    });
  } else {
    app.setNotFoundHandler(async (_request, reply) =>
      reply.status(404).send({ code: 'not_found', message: 'Não encontrado.', details: {} }),
    );
  }
  return app;
}
