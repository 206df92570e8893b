import '../shared/zod-locale';
import { resolve } from 'node:path';
import { count } from 'drizzle-orm';
import pino, { type Logger } from 'pino';
import type { FastifyInstance } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import { socialProviderSettings, stripeSettings, type Config } from './config';
import { loadSecrets } from './secrets';
import { openDatabase, withStartupLock, type Database } from './db/client';
import { events } from './db/schema';
import { ensureBrands, seedCatalog } from './db/seed-catalog';
import { seedAccounts, type DemoAccount } from './db/seed-accounts';
import { createMailer, type Mailer } from './mail/mailer';
import { createSandboxProvider } from './payments/sandbox-provider';
import type { PaymentProvider } from './payments/provider';
import { createAuth, type Auth } from './auth';
import { buildApp } from './http/app';
import { readinessOf } from './http/ops/ops';
import type { ServiceDeps } from './services/deps';
import { startWorker } from './worker';
import { projectRoot } from './paths';
import { createLiveHub, type LiveHub } from './live/live-hub';
import { createPushSender } from './messaging/push';
import { createWhatsAppSender } from './messaging/whatsapp';

export interface Server {
  app: FastifyInstance;
  deps: ServiceDeps;
  auth: Auth;
  database: Database;
  live: LiveHub;
  /**
   * Accounts created by this start (first start on an empty database), with their passwords; []
   * on every other start, including an instance that started beside the one that seeded.
   */
  createdAccounts: DemoAccount[];
  /**
   * Starts draining (docs/rules/operations.md 'Shutdown'): GET /readyz answers 503 'draining' at
   * once and every answer closes its connection; requests are still served until close().
   */
  drain(): void;
  /**
   * Shuts down gracefully (docs/rules/operations.md 'Shutdown'), draining first if not yet: the
   * worker starts no new round or job, the listening socket closes (requests arriving on a kept
   * connection get 503), live streams are told to reconnect elsewhere and end, the requests under
   * way finish (grouped statements included), then the worker's rounds under way, then the LISTEN
   * connection and the database close. No time limit here: main.ts bounds it (SHUTDOWN_GRACE_MS).
   * Calling it again returns the same shutdown.
   */
  close(): Promise<void>;
}

export interface ServerOptions {
  config: Config;
  logger?: Logger;
  /** Open this database instead of the one the config names (tests). */
  database?: Database;
  /** The embedded database, already being started (`npm start` begins it first: src/server/main.ts). */
  pglite?: Promise<PGlite>;
  payments?: PaymentProvider;
  mailer?: Mailer;
  /** Serve the built web app from dist/ (default true). */
  serveWeb?: boolean;
  /** Run the background worker (default true). */
  runWorker?: boolean;
  /** Rate limits on (default true). */
  rateLimit?: boolean;
}

/**
 * Wires the whole server: database (PGlite by default, PostgreSQL with DATABASE_URL), migrations,
 * demo data on an empty database, secrets, e-mail, payments (Stripe when its keys are set, else
 * the sandbox; `options.payments` overrides both), auth, HTTP app and worker.
 */
export async function createServer(options: ServerOptions): Promise<Server> {
  const { config } = options;
  const logger = options.logger ?? pino({ level: config.LOG_LEVEL });
  const secrets = await loadSecrets(config);
  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: `${config.DATA_DIR}/db`, pglite: options.pglite, log: logger }));
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;

  // Under the start-up lock: of instances starting at once on an empty database, one seeds.
  const createdAccounts = await withStartupLock(database, async (): Promise<DemoAccount[]> => {
    await ensureBrands(database.db);
    if (config.SEED_DEMO_DATA !== 'true') return [];
    const [{ value }] = await database.db.select({ value: count() }).from(events);
    if (Number(value) > 0) return [];
    await seedCatalog(database.db, new Date());
    return seedAccounts(database.db, config.DATA_DIR);
  });

  const mailer =
    options.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR, log: logger });
  // Stripe when its three keys are set (docs/architecture.md 'Payments'), else the sandbox.
  const stripe = stripeSettings(config);
  const payments =
    options.payments ??
    (stripe
      ? // The SDK is loaded only when Stripe runs: the sandbox starts faster and holds less.
        (await import('./payments/stripe-provider')).createStripeProvider({
          secretKey: stripe.secretKey,
          publishableKey: stripe.publishableKey,
          apiUrl: stripe.apiUrl,
        })
      : createSandboxProvider({ pixKey: config.PIX_KEY, merchantName: config.PIX_MERCHANT_NAME, merchantCity: config.PIX_MERCHANT_CITY }));
  const push = createPushSender({ ...secrets.vapid, subject: config.VAPID_SUBJECT, trustedOrigins: config.PUSH_TRUSTED_ORIGINS });
  const whatsapp = createWhatsAppSender({
    token: config.WHATSAPP_TOKEN,
    phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
    apiUrl: config.WHATSAPP_API_URL,
    dataDir: config.DATA_DIR,
    log: logger,
  });
  const deps: ServiceDeps = {
    db: database.db,
    payments,
    mailer,
    log: logger,
    ticketSigningKey: secrets.ticketSigningKey,
    orderHoldMinutes: config.ORDER_HOLD_MINUTES,
    doorOpensMinutesBefore: config.DOOR_OPENS_MINUTES_BEFORE,
    publicUrl,
    push,
    whatsapp,
  };
  const origins = new Set([publicUrl, `http://localhost:${config.PORT}`, `http://127.0.0.1:${config.PORT}`]);
  const auth = createAuth({
    db: database.db,
    baseUrl: publicUrl,
    trustedOrigins: [...origins],
    secret: secrets.sessionSecret,
    mailer,
    rateLimit: options.rateLimit ?? true,
    socialProviders: socialProviderSettings(config),
  });
  const live = createLiveHub(database, logger, config.DATABASE_URL);
  const app = await buildApp({
    config,
    deps,
    auth,
    logger,
    live,
    trustedOrigins: [...origins],
    distDir: options.serveWeb === false ? undefined : resolve(projectRoot, config.WEB_DIST_DIR),
    rateLimit: options.rateLimit,
  });
  const worker = options.runWorker === false ? null : startWorker(deps, config.WORKER_INTERVAL_MS);
  const readiness = readinessOf(app);
  let closing: Promise<void> | null = null;
  return {
    app,
    deps,
    auth,
    database,
    live,
    createdAccounts,
    drain: () => readiness.drain(),
    close() {
      closing ??= (async () => {
        readiness.drain();
        const workerStopped = worker?.stop();
        await app.close();
        await workerStopped;
        await live.close();
        await database.close();
      })();
      return closing;
    },
  };
}
