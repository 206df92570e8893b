import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Auth } from '../auth';
import type { ServiceDeps } from '../services/deps';
import { registerErrorHandler } from './errors';
import { createGuards } from './session';
import { authRoutes } from './routes/auth';
import { catalogRoutes } from './routes/catalog';
import { orderRoutes } from './routes/orders';
import { doorRoutes } from './routes/door';
import { refundRoutes } from './routes/refunds';
import { meRoutes } from './routes/me';
import { profileRoutes } from './routes/profile';
import { contentRoutes } from './routes/content';
import { adminRefundRoutes } from './routes/admin-refunds';
import { adminEventRoutes } from './routes/admin-events';
import { adminContentRoutes } from './routes/admin-content';
import { adminDashboardRoutes } from './routes/admin-dashboard';
import { renderAppShell } from './app-shell';
import { readBuildManifest } from './build-manifest';

export interface AppOptions {
  config: Config;
  deps: ServiceDeps;
  auth: Auth;
  logger: Logger;
  /** Folder of the built web app; not served when absent (API tests). */
  distDir?: string;
  /** Per-route rate limits; off in tests and benchmarks that hammer one route. */
  rateLimit?: boolean;
}

const registeredRoutes = new WeakMap<FastifyInstance, { method: string; url: string }[]>();

/** Every method + url registered on an app made by buildApp (the permission walk test reads it). */
export function listRegisteredRoutes(app: FastifyInstance): { method: string; url: string }[] {
  return [...(registeredRoutes.get(app) ?? [])];
}

/** CSP sources ('sha256-...') for the inline <script> elements (no src) of an HTML page. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1], 'utf8').digest('base64')}'`,
  );
}

/** The Fastify app: /api/* routes, /uploads, and the built web app with SPA fallback. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, deps, auth } = options;
  const app = Fastify({ loggerInstance: options.logger as unknown as FastifyBaseLogger, trustProxy: true, bodyLimit: 1024 * 1024 });
  registerErrorHandler(app);
  const routes: { method: string; url: string }[] = [];
  registeredRoutes.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });

  const distDir = options.distDir;
  const indexHtml = distDir && existsSync(join(distDir, 'index.html')) ? readFileSync(join(distDir, 'index.html'), 'utf8') : null;

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // index.html's one inline script (dark mode before the first paint) is allowed by its hash.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...(indexHtml ? inlineScriptHashes(indexHtml) : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Pictures people link to (a profile photo, an event picture on a CDN) live on other hosts.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Route-level limits (auth, orders) apply only when the plugin is registered.
  if (options.rateLimit !== false) await app.register(rateLimit, { global: false });

  const guards = createGuards(auth, deps.db);
  const context = { deps, guards, auth, config };
  await app.register(authRoutes, { auth });
  await app.register(meRoutes, context);
  await app.register(profileRoutes, context);
  await app.register(catalogRoutes, context);
  await app.register(orderRoutes, context);
  await app.register(doorRoutes, context);
  await app.register(adminRefundRoutes, context);
  await app.register(refundRoutes, context);
  await app.register(contentRoutes, context);
  await app.register(adminContentRoutes, context);
  await app.register(adminDashboardRoutes, context);
  await app.register(adminEventRoutes, context);

  const uploadsDir = resolve(config.DATA_DIR, 'uploads');
  if (existsSync(uploadsDir)) {
    await app.register(fastifyStatic, { root: uploadsDir, prefix: '/uploads/', decorateReply: false });
  }

  if (distDir && indexHtml) {
    const build = { indexHtml, distDir, manifest: readBuildManifest(distDir) };
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz next to each text asset; served to browsers that accept them.
      preCompressed: true,
      // The build manifest is for the server (route preloads), not for the public.
      allowedPath: (pathName) => !pathName.startsWith('/.vite/'),
    });
    // Hashed build assets never change under one name.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/assets/') && reply.statusCode === 200) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      }
    });
    app.setNotFoundHandler(async (request, reply) => {
      // A missing asset is a 404, never the app's HTML under a script's name.
      if (request.method !== 'GET' || /^\/(api|assets|\.vite)\//.test(request.url)) {
        return reply.status(404).send({ code: 'not_found', message: 'Não encontrado.', details: {} });
      }
      const html = await renderAppShell(build, request.url, deps, config);
      return reply.status(html.status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html.body);
    });
  } else {
    app.setNotFoundHandler(async (_request, reply) =>
      reply.status(404).send({ code: 'not_found', message: 'Não encontrado.', details: {} }),
    );
  }
  return app;
}
