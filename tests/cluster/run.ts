/**
 * `npm run test:cluster`: the server as a cluster, as production runs it (docs/architecture.md
 * 'How it scales'): three processes of the real entry point on one PostgreSQL database (a database
 * of its own on 127.0.0.1:5432, dropped at the end), Debian's HAProxy in front health-checking
 * each, and, through it, a sale of a sector smaller than its demand paid with the sandbox's PIX,
 * the door checking the sold tickets in (some scanned twice at once on two instances), and an
 * on-sale through the waiting room. During the sale one instance is killed (SIGKILL) and started
 * again, then every instance is restarted in turn (SIGTERM, wait for its exit, start, wait until
 * its own port answers the health check). Live notifications: streams open on every instance
 * directly must get a notification committed through another instance.
 *
 * At the end it reads PostgreSQL: no sector oversold, every paid order with its tickets, no ticket
 * admitted twice, no outbox job stuck or run twice, and no client saw an error the retry rules
 * (tests/cluster/client.ts) do not absorb. Prints a summary; exits 1 on any failed check.
 *
 * Sizes (environment, for experiments): CLUSTER_BUYERS (200), CLUSTER_STOCK (150), CLUSTER_SALE_S
 * (40), CLUSTER_CONCURRENCY (8), CLUSTER_REAL_SIGNUPS (24), CLUSTER_FANS (30), CLUSTER_ROOM_STOCK
 * (24), CLUSTER_TIME_LIMIT_S (240); CLUSTER_KEEP=1 keeps the logs folder (instances', HAProxy's).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import { hashPassword } from 'better-auth/crypto';
import { openDatabase, queryRows, type Database } from '../../src/server/db/client';
import { recipientTag } from '../../src/server/lib/local-outbox';
import { createEvent, createPostgresDatabase } from '../support/test-server';
import { checkInventoryInvariants } from '../support/invariants';
import { freePort } from '../support/free-port';
import { solveJoinChallenge } from '../support/join-proof';
import { benchCpf, checkMintedCookies, mintAccounts, percentile } from '../bench/harness';
import {
  defineInstances,
  haproxyConfig,
  haproxyPath,
  killInstance,
  probe,
  readBalancerLog,
  startHaproxy,
  startInstance,
  stopInstance,
  tail,
  waitReady,
  type ClusterOptions,
  type Instance,
} from './cluster';
import {
  attempt,
  makeClient,
  openLiveStream,
  sendRetrying,
  Tally,
  TransientFailure,
  type Answer,
  type Client,
  type LiveStream,
} from './client';

const env = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const INSTANCES = 3;
const BUYERS = env('CLUSTER_BUYERS', 200);
const STOCK = env('CLUSTER_STOCK', 150);
const SALE_MS = env('CLUSTER_SALE_S', 40) * 1000;
const CONCURRENCY = env('CLUSTER_CONCURRENCY', 8);
const REAL_SIGNUPS = Math.min(env('CLUSTER_REAL_SIGNUPS', 24), BUYERS);
const FANS = env('CLUSTER_FANS', 30);
const ROOM_STOCK = env('CLUSTER_ROOM_STOCK', 24);
const LIVE_PER_INSTANCE = 2;
const VALIDATORS = 4;
const TIME_LIMIT_MS = env('CLUSTER_TIME_LIMIT_S', 240) * 1000;
const PASSWORD = 'senha-do-cluster-123';
const SOLD_OUT = new Set(['ticket_type_sold_out', 'event_sold_out']);
/**
 * How long a client keeps sending a request whose key the server says is still in flight
 * (docs/rules/idempotency.md 'Replays': the server waits up to 10 s each time) before it asks
 * whether the request took effect: a key whose first request died with its instance stays in
 * flight until the 5 minutes of docs/rules/idempotency.md 'Retries and failures' pass.
 */
const IN_FLIGHT_PATIENCE_MS = 20_000;

/** 409 'Esta ação ainda está em andamento': the first request with this key is (or was, on a dead instance) still running. */
const isInFlight = (answer: Answer) =>
  answer.status === 409 && (answer.body?.details as { idempotency?: string } | undefined)?.idempotency === 'in_flight';

const root = fileURLToPath(new URL('../..', import.meta.url));
const began = performance.now();
const elapsed = () => ((performance.now() - began) / 1000).toFixed(1);
const log = (message: string) => process.stderr.write(`[cluster ${elapsed()} s] ${message}\n`);

interface Buyer {
  n: number;
  client: Client;
  userId: string;
  cookie: string;
  cpf: string;
  email: string;
}

interface PaidOrder {
  orderId: string;
  units: number;
  buyer: Buyer;
  eventId: string;
}

const tally = new Tally();
const failures: string[] = [];
const notes: string[] = [];
const timings = new Map<string, number>();
const instanceEvents: string[] = [];
/** Requests whose key stayed 'in flight' past IN_FLIGHT_PATIENCE_MS (their first request died with its instance). */
let keysLeftInFlight = 0;
/** When the last SIGKILL was sent (epoch ms); 0 before any. */
let lastKillAt = 0;
/** How far a claim moves a job's run_after (src/server/worker.ts JOB_LEASE_MS). */
const JOB_LEASE_MS = 5 * 60_000;

// ---------------------------------------------------------------------------------------------
// Clean-up, also on a time-out or Ctrl-C

let cleanupWork: (() => Promise<void>) | null = null;
async function cleanup() {
  const work = cleanupWork;
  cleanupWork = null;
  if (work) await Promise.race([work().catch((error) => log(`clean-up: ${String(error)}`)), sleep(30_000)]);
}
const abort = async (reason: string) => {
  process.stderr.write(`FAIL ${reason}\n`);
  await cleanup();
  process.exit(1);
};
process.once('SIGINT', () => void abort('interrupted'));
process.once('SIGTERM', () => void abort('terminated'));
const watchdog = setTimeout(() => void abort(`the run took longer than ${TIME_LIMIT_MS / 1000} s`), TIME_LIMIT_MS);

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const haproxy = haproxyPath();
  if (!haproxy) {
    console.error('HAProxy não encontrado: rode "node scripts/prepare-machine.mjs" (ou "sudo apt-get install haproxy").');
    return 1;
  }
  const haproxyVersion = /version (\S+)/.exec(spawnSync(haproxy, ['-v'], { encoding: 'utf8' }).stdout)?.[1] ?? '';
  const workDir = mkdtempSync(join(tmpdir(), 'nl-cluster-'));
  const created = await createPostgresDatabase('nl_cluster');
  let database: Database | null = null;
  let balancer: ChildProcess | null = null;
  let instances: Instance[] = [];
  const streams: LiveStream[] = [];
  cleanupWork = async () => {
    for (const stream of streams) stream.close();
    balancer?.kill('SIGTERM');
    await Promise.all(instances.map((instance) => (instance.child ? stopInstance(instance, 10_000) : null)));
    await database?.close().catch(() => undefined);
    await created.drop();
    if (process.env.CLUSTER_KEEP === '1') log(`logs kept in ${workDir}`);
    else rmSync(workDir, { recursive: true, force: true });
  };

  // --- The database, migrated once here (the instances find it migrated), and the shared secrets.
  database = await openDatabase({ databaseUrl: created.url, poolSize: 6, log: { warn: () => undefined } });
  const db = database.db;
  const vapid = webpush.generateVAPIDKeys();
  const lbPort = await freePort();
  const lbOrigin = `http://127.0.0.1:${lbPort}`;
  const sessionSecret = randomBytes(32).toString('hex');
  const ports: number[] = [];
  while (ports.length < INSTANCES) {
    const port = await freePort();
    if (port !== lbPort && !ports.includes(port)) ports.push(port);
  }
  const options: ClusterOptions = {
    root,
    workDir,
    ports,
    env: {
      DATABASE_URL: created.url,
      HOST: '127.0.0.1',
      PUBLIC_URL: lbOrigin,
      // No web build: the API alone (app.ts serves the web only when its index.html exists).
      WEB_DIST_DIR: join(workDir, 'no-web'),
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
      WORKER_INTERVAL_MS: '500',
      // HAProxy connects from 127.0.0.1 and adds X-Forwarded-For; clients elsewhere in 127/8 are not believed.
      TRUST_PROXY: '127.0.0.1',
      SESSION_SECRET: sessionSecret,
      TICKET_SIGNING_KEY: randomBytes(32).toString('hex'),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      WAITING_ROOM_POW_MAX: '200',
      // docs/rules/operations.md 'Shutdown': /readyz answers 503 this long before the socket closes,
      // the time HAProxy needs to see it (2 failed probes 500 ms apart).
      SHUTDOWN_DELAY_MS: '1500',
    },
  };
  instances = defineInstances(options);
  const startClock = performance.now();
  for (const instance of instances) startInstance(instance, options);
  // Until /readyz exists (or on an older build), the catalogue answers for the instance.
  await Promise.all(instances.map((instance) => waitReady(instance, '/api/events', 90_000)));
  // A server without /readyz answers 404: then the catalogue is the health check.
  const readyzStatus = await probe(instances[0].origin, '/readyz');
  const healthPath = readyzStatus === 404 ? '/api/events' : '/readyz';
  if (healthPath !== '/readyz') notes.push(`GET /readyz answered ${readyzStatus}: HAProxy and the restarts check GET /api/events instead`);
  else await Promise.all(instances.map((instance) => waitReady(instance, healthPath, 30_000)));
  timings.set('start of 3 instances', performance.now() - startClock);
  log(`${INSTANCES} instances up (${instances.map((i) => i.port).join(', ')}), health check ${healthPath}`);

  balancer = startHaproxy(haproxy, workDir, haproxyConfig({ port: lbPort, instances, healthPath }));
  const lbDeadline = performance.now() + 15_000;
  while ((await probe(lbOrigin, healthPath)) !== 200) {
    if (performance.now() > lbDeadline || balancer.exitCode !== null)
      throw new Error(`HAProxy did not answer:\n${tail(join(workDir, 'haproxy.log'))}`);
    await sleep(100);
  }
  log(`HAProxy on ${lbOrigin}`);
  const readyUp = () => instances.filter((i) => i.ready);

  // --- Events, accounts -------------------------------------------------------------------------
  const startsAt = new Date(Date.now() + 60 * 60_000); // the door opens 4 h before: open now
  const festival = await createEvent(
    { deps: { db } } as never,
    [
      { name: 'Pista', priceCentavos: 12000, remaining: STOCK },
      { name: 'Camarote', priceCentavos: 30000, remaining: 40 },
    ],
    { startsAt, title: 'Festival do Cluster' },
  );
  const [pista, camarote] = festival.sectors;
  const roomEvent = await createEvent({ deps: { db } } as never, [{ name: 'Pista', priceCentavos: 18000, remaining: ROOM_STOCK }], {
    daysAhead: 20,
    title: 'Show da Sala de Espera',
  });
  const roomSector = roomEvent.sectors[0];

  let clientCount = 0;
  const nextClient = () => makeClient(clientCount++);

  // One real sign-up first: the minted sessions must be what better-auth itself makes.
  const firstClient = nextClient();
  const first = await signUp(firstClient, lbOrigin, `primeira-${randomUUID().slice(0, 8)}@exemplo.com.br`);
  if (!first) throw new Error('the first sign-up failed');
  const cookieName = 'better-auth.session_token';
  checkMintedCookies([first.cookie], cookieName, sessionSecret, 'the cluster test cannot mint sessions');
  const passwordHash = await hashPassword(PASSWORD);
  const mint = async (count: number, role: 'user' | 'validator', label: string) =>
    mintAccounts(db, { count, role, label, cookieName, secret: sessionSecret, passwordHash, sessionSeconds: 30 * 86_400 });
  const [adminAccount] = await mint(1, 'user', 'admin-cluster');
  await db.execute(sql`INSERT INTO user_roles (user_id, role) VALUES (${adminAccount.userId}, 'admin')`);
  const validators = (await mint(VALIDATORS, 'validator', 'portaria-cluster')).map((a) => ({ ...a, client: nextClient() }));
  const minted = await mint(BUYERS - REAL_SIGNUPS + LIVE_PER_INSTANCE * INSTANCES + FANS, 'user', 'comprador-cluster');
  const mintedBuyers = minted.slice(0, BUYERS - REAL_SIGNUPS);
  const liveAccounts = minted.slice(BUYERS - REAL_SIGNUPS, BUYERS - REAL_SIGNUPS + LIVE_PER_INSTANCE * INSTANCES);
  const fanAccounts = minted.slice(BUYERS - REAL_SIGNUPS + LIVE_PER_INSTANCE * INSTANCES);
  const adminClient = nextClient();

  // The waiting room: opens now, sells in 12 s, lets 10 a second in, 15 at once.
  const roomOpensAt = Date.now() + 12_000;
  const configured = await sendRetrying(adminClient, tally, {
    origin: lbOrigin,
    method: 'PUT',
    path: `/api/admin/events/${roomEvent.event.id}/waiting-room`,
    cookie: adminAccount.cookie,
    body: {
      enabled: true,
      opensAt: new Date(Date.now() - 60_000).toISOString(),
      onSaleAt: new Date(roomOpensAt).toISOString(),
      ratePerMinute: 600,
      maxInside: 15,
    },
    label: 'room settings',
  });
  if (configured.status !== 200)
    throw new Error(`the waiting room was not configured: ${configured.status} ${JSON.stringify(configured.body)}`);

  // --- Idempotency-Key: honoured by POST /api/orders? The same order sent twice with one key, to two instances.
  const idempotency = await probeIdempotency(nextClient(), instances, first.cookie, festival.event.id, camarote.id);
  log(
    `Idempotency-Key on POST /api/orders: ${idempotency ? 'honoured' : 'not honoured (a failed order is checked before it is sent again)'}`,
  );
  if (!idempotency)
    notes.push(
      'POST /api/orders ignored Idempotency-Key: order POSTs cut by a failure were checked in the database before being sent again',
    );

  // --- Live streams: LIVE_PER_INSTANCE users on each instance, directly.
  const liveUsers = liveAccounts.map((account, i) => {
    const client = nextClient();
    const home = instances[i % INSTANCES];
    const stream = openLiveStream(client, home.origin, account.cookie);
    streams.push(stream);
    return { ...account, client, home, stream };
  });

  // --- The sale, the room, the door and the chaos, together ------------------------------------
  const buyers: Buyer[] = [];
  for (let n = 0; n < BUYERS; n++) {
    const account = n < REAL_SIGNUPS ? null : mintedBuyers[n - REAL_SIGNUPS];
    buyers.push({
      n,
      client: nextClient(),
      userId: account?.userId ?? '',
      cookie: account?.cookie ?? '',
      cpf: benchCpf(20_000_000 + n),
      email: `comprador-${n}-${randomUUID().slice(0, 6)}@exemplo.com.br`,
    });
  }
  const paid: PaidOrder[] = [];
  const doorQueue: { code: string; orderId: string }[] = [];
  let saleOver = false;
  const counts = { soldOut: 0, realSignUps: 0, signIns: 0, orders: 0, roomJoins: 0, roomSoldOut: 0, roomBought: 0, polls: 0 };
  const orderLatency: number[] = [];

  /** Places an order and pays it with the sandbox's PIX; pushes its ticket codes to the door. */
  const buy = async (buyer: Buyer, eventId: string, sectorId: string, quantity: number, origin: () => string, extra: object = {}) => {
    const key = randomUUID();
    const body = {
      eventId,
      items: [{ sectorId, quantity }],
      buyer: { name: 'Ana Beatriz Lima', email: buyer.email, phone: '(47) 99123-4567', cpf: buyer.cpf },
      paymentMethod: 'pix',
      installments: 1,
      ...extra,
    };
    const started = performance.now();
    const order = await placeOrder(buyer, body, key, origin, eventId, idempotency, db);
    orderLatency.push(performance.now() - started);
    if (!order) return 'error';
    if (order.status === 409 && SOLD_OUT.has(String(order.body?.code))) return 'sold_out';
    if (order.status !== 201 || typeof order.body?.id !== 'string') {
      tally.error(`order: ${order.status} ${JSON.stringify(order.body)}`);
      return 'error';
    }
    counts.orders++;
    const orderId = order.body.id;
    const payment = await payOrder(buyer, orderId, origin, idempotency);
    if (!payment) return 'error';
    paid.push({ orderId, units: quantity, buyer, eventId });
    if (eventId === festival.event.id) {
      // What the fan's phone shows: the tickets and their codes.
      const mine = await sendRetrying(buyer.client, tally, {
        origin,
        method: 'GET',
        path: '/api/tickets',
        cookie: buyer.cookie,
        label: 'tickets',
      });
      const orderTickets = (mine.body?.orders as { orderId: string; tickets: { code: string | null }[] }[] | undefined)?.find(
        (o) => o.orderId === orderId,
      );
      if (!orderTickets || orderTickets.tickets.length !== quantity) {
        tally.error(`tickets: order ${orderId} paid for ${quantity} shows ${orderTickets?.tickets.length ?? 0} tickets`);
      } else for (const ticket of orderTickets.tickets) if (ticket.code) doorQueue.push({ code: ticket.code, orderId });
    }
    return 'bought';
  };

  const lb = () => lbOrigin;

  const runBuyers = async () => {
    let next = 0;
    const startedAt = performance.now();
    const lane = async () => {
      while (next < buyers.length) {
        const buyer = buyers[next++];
        // Arrivals spread over the sale.
        const due = startedAt + (buyer.n / buyers.length) * SALE_MS;
        if (due > performance.now()) await sleep(due - performance.now());
        try {
          if (!buyer.cookie) {
            const signed = await signUp(buyer.client, lbOrigin, `conta-${buyer.n}-${randomUUID().slice(0, 6)}@exemplo.com.br`);
            if (!signed) continue;
            counts.realSignUps++;
            buyer.cookie = signed.cookie;
            buyer.userId = signed.userId;
            // A third of them sign in again (another device), on whichever instance HAProxy picks.
            if (buyer.n % 3 === 0) {
              const again = await signIn(buyer.client, lbOrigin, signed.email);
              if (again) {
                counts.signIns++;
                buyer.cookie = again;
              }
            }
          }
          await sendRetrying(buyer.client, tally, { origin: lb, method: 'GET', path: '/api/events', label: 'catalogue' });
          const result = await buy(buyer, festival.event.id, pista.id, buyer.n % 5 === 0 ? 2 : 1, lb);
          if (result === 'sold_out') counts.soldOut++;
        } catch (error) {
          tally.error(`buyer ${buyer.n}: ${describe(error)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  };

  const runRoom = async () => {
    const fans = fanAccounts.map((account, i) => ({
      n: 10_000 + i,
      client: nextClient(),
      userId: account.userId,
      cookie: account.cookie,
      cpf: benchCpf(30_000_000 + i),
      email: `fa-${i}-${randomUUID().slice(0, 6)}@exemplo.com.br`,
    }));
    await Promise.all(
      fans.map(async (fan, i) => {
        // Joins spread over the 8 s before the opening.
        await sleep((i / fans.length) * 8000);
        try {
          let view = await joinRoom(fan, roomEvent.event.id, lbOrigin);
          if (!view) return;
          counts.roomJoins++;
          const deadline = roomOpensAt + 60_000;
          while (view.phase !== 'your_turn') {
            if (view.phase === 'sold_out' || view.phase === 'closed') {
              counts.roomSoldOut++;
              return;
            }
            if (Date.now() > deadline) {
              tally.error(`fan ${i}: no turn 60 s after the opening (phase ${view.phase})`);
              return;
            }
            await sleep(Math.min(2000, Math.max(200, Number(view.pollAfterMs))));
            const polled = await sendRetrying(fan.client, tally, {
              origin: lb,
              method: 'POST',
              path: '/api/waiting-room/status',
              body: { token: view.token },
              label: 'room poll',
            });
            counts.polls++;
            if (polled.status !== 200 || !polled.body) {
              tally.error(`room poll: ${polled.status} ${JSON.stringify(polled.body)}`);
              return;
            }
            view = polled.body as typeof view;
          }
          const deviceId = `aparelho-fa-${i}-${randomUUID().slice(0, 8)}`;
          const claimed = await sendRetrying(fan.client, tally, {
            origin: lb,
            method: 'POST',
            path: `/api/events/${roomEvent.event.id}/waiting-room/pass`,
            cookie: fan.cookie,
            body: { deviceId },
            label: 'room pass',
          });
          if (claimed.status !== 200 || typeof claimed.body?.pass !== 'string') {
            tally.error(`room pass: ${claimed.status} ${JSON.stringify(claimed.body)}`);
            return;
          }
          const result = await buy(fan, roomEvent.event.id, roomSector.id, 1, lb, { waitingRoomPass: claimed.body.pass, deviceId });
          if (result === 'bought') counts.roomBought++;
          else if (result === 'sold_out') counts.roomSoldOut++;
        } catch (error) {
          tally.error(`fan ${i}: ${describe(error)}`);
        }
      }),
    );
  };

  // The door: VALIDATORS devices take the codes as the tickets are sold; every third code is
  // scanned at once by two devices on two different instances (directly, not through HAProxy).
  const scans: { code: string; accepted: boolean; reason: string | null }[] = [];
  const runDoor = async () => {
    let taken = 0;
    const lane = async (v: number) => {
      const validator = validators[v];
      const partner = validators[(v + 1) % VALIDATORS];
      for (;;) {
        if (taken >= doorQueue.length) {
          if (saleOver && taken >= doorQueue.length) return;
          await sleep(50);
          continue;
        }
        const { code } = doorQueue[taken];
        const double = taken % 3 === 0;
        taken++;
        const scan = async (who: typeof validator, device: string, origin: () => string) => {
          try {
            const answer = await sendRetrying(who.client, tally, {
              origin,
              method: 'POST',
              path: '/api/check-ins',
              cookie: who.cookie,
              // The device's nonce makes a scan sent again answer the verdict already recorded.
              body: { code, eventId: festival.event.id, deviceId: device, nonce: `${device}:${randomUUID()}` },
              label: 'scan',
            });
            if (answer.status !== 200 || typeof answer.body?.accepted !== 'boolean') {
              tally.error(`scan: ${answer.status} ${JSON.stringify(answer.body)}`);
              return;
            }
            scans.push({ code, accepted: answer.body.accepted, reason: (answer.body.reason as string | undefined) ?? null });
          } catch (error) {
            tally.error(`scan: ${describe(error)}`);
          }
        };
        if (double) {
          const up = readyUp();
          const a = up[0]?.index;
          const b = up.find((i) => i.index !== a)?.index;
          // Each straight at one instance; after a failure, through HAProxy.
          const direct = (index: number | undefined) => {
            let first = true;
            return () => {
              const origin = first && index ? instances[index - 1].origin : lbOrigin;
              first = false;
              return origin;
            };
          };
          await Promise.all([scan(validator, `porta-${v}`, direct(a)), scan(partner, `porta-${(v + 1) % VALIDATORS}-b`, direct(b))]);
        } else await scan(validator, `porta-${v}`, lb);
      }
    };
    await Promise.all(Array.from({ length: VALIDATORS }, (_, v) => lane(v)));
  };

  let kills = 0;
  let restarts = 0;
  const restartTimes: number[] = [];
  const runChaos = async () => {
    await sleep(Math.min(5000, SALE_MS / 6));
    const victim = instances[1];
    log(`SIGKILL instance ${victim.index}`);
    await killInstance(victim);
    kills++;
    lastKillAt = Date.now();
    instanceEvents.push(`killed ${victim.index} (SIGKILL) at ${elapsed()} s`);
    await sleep(3000);
    startInstance(victim, options);
    const back = await waitReady(victim, healthPath);
    instanceEvents.push(`started ${victim.index} again, ready in ${(back / 1000).toFixed(1)} s`);
    log(`instance ${victim.index} back in ${(back / 1000).toFixed(1)} s`);
    // HAProxy sees it up (rise 2 x 500 ms) before the next one goes.
    await sleep(1200);
    for (const instance of instances) {
      const stop = await stopInstance(instance);
      if (stop.forced) failures.push(`instance ${instance.index} did not exit within 20 s of SIGTERM (killed)`);
      else if (stop.exit !== '0') failures.push(`instance ${instance.index} exited with ${stop.exit} after SIGTERM`);
      startInstance(instance, options);
      const ready = await waitReady(instance, healthPath);
      restarts++;
      restartTimes.push(stop.ms + ready);
      instanceEvents.push(
        `restarted ${instance.index} (SIGTERM: exit ${stop.exit} in ${(stop.ms / 1000).toFixed(1)} s, ready in ${(ready / 1000).toFixed(1)} s)`,
      );
      log(`instance ${instance.index} restarted (exit ${(stop.ms / 1000).toFixed(1)} s, ready ${(ready / 1000).toFixed(1)} s)`);
      // HAProxy sees it up (rise 2 x 500 ms) before the next one goes.
      await sleep(1200);
    }
  };

  // Until the restarts are over, every fan who bought keeps 'Meus ingressos' open: it re-reads
  // the tickets every 10 s (the QR screen does every 20 s), so every restart meets requests.
  let chaosOver = false;
  const runReaders = async () => {
    const readers = new Set<string>();
    const reads: Promise<void>[] = [];
    while (!chaosOver) {
      for (const order of paid) {
        if (readers.has(order.orderId)) continue;
        readers.add(order.orderId);
        reads.push(
          (async () => {
            await sleep(Math.random() * 10_000);
            while (!chaosOver) {
              try {
                const answer = await sendRetrying(order.buyer.client, tally, {
                  origin: lb,
                  method: 'GET',
                  path: '/api/tickets',
                  cookie: order.buyer.cookie,
                  label: 'tickets again',
                });
                if (answer.status !== 200) tally.error(`tickets again: ${answer.status} ${JSON.stringify(answer.body)}`);
              } catch (error) {
                tally.error(`tickets again: ${describe(error)}`);
              }
              await sleep(10_000);
            }
          })(),
        );
      }
      await sleep(500);
    }
    await Promise.all(reads);
  };

  log(
    `sale: ${BUYERS} buyers (${REAL_SIGNUPS} signing up) for ${STOCK} units over ${SALE_MS / 1000} s; room: ${FANS} fans for ${ROOM_STOCK}`,
  );
  const saleClock = performance.now();
  const door = runDoor();
  const chaos = runChaos()
    .catch((error) => {
      failures.push(`restarts: ${describe(error)}`);
    })
    .finally(() => {
      chaosOver = true;
    });
  await Promise.all([runBuyers(), runRoom(), chaos, runReaders()]);
  timings.set('sale, room and restarts', performance.now() - saleClock);

  // --- Live notifications: each live user buys through another instance than its stream's -------
  const liveClock = performance.now();
  const liveSeen = new Map<number, { users: number; reached: number }>();
  await Promise.all(
    liveUsers.map(async (user, i) => {
      const deadline = performance.now() + 10_000;
      while (!user.stream.open && performance.now() < deadline) await sleep(100);
      const seen = liveSeen.get(user.home.index) ?? { users: 0, reached: 0 };
      liveSeen.set(user.home.index, seen);
      seen.users++;
      if (!user.stream.open) {
        failures.push(`live: the stream of user ${i} on instance ${user.home.index} is not open`);
        return;
      }
      const before = user.stream.notifications.length;
      const other = instances[user.home.index % INSTANCES]; // the next instance
      const buyer: Buyer = {
        n: 20_000 + i,
        client: user.client,
        userId: user.userId,
        cookie: user.cookie,
        cpf: benchCpf(40_000_000 + i),
        email: `ao-vivo-${i}@exemplo.com.br`,
      };
      const result = await buy(buyer, festival.event.id, camarote.id, 1, () => other.origin);
      if (result !== 'bought') {
        failures.push(`live: user ${i} could not buy through instance ${other.index} (${result})`);
        return;
      }
      const wait = performance.now() + 5000;
      while (user.stream.notifications.length === before && performance.now() < wait) await sleep(50);
      if (user.stream.notifications.length > before) seen.reached++;
      else
        failures.push(`live: user ${i} on instance ${user.home.index} got no notification of its purchase through instance ${other.index}`);
    }),
  );
  timings.set('live check', performance.now() - liveClock);
  saleOver = true;
  await door;
  timings.set('sale to last scan', performance.now() - saleClock);

  // --- The outbox drains: every job due is done, and every job claimed since the kill finished ---
  // A claim moves run_after JOB_LEASE_MS (5 min, src/server/worker.ts) ahead: a job whose lease
  // began before the kill may be the killed worker's, one claimed after it is a live worker's.
  const claimedAfterKill = sql`run_after > ${new Date(lastKillAt + JOB_LEASE_MS + 1000)}`;
  const drainClock = performance.now();
  for (;;) {
    const [left] = await queryRows<{ due: number; running: number }>(
      db,
      sql`SELECT count(*) FILTER (WHERE run_after <= now())::int AS due,
            count(*) FILTER (WHERE run_after > now() AND ${claimedAfterKill})::int AS running
          FROM outbox WHERE done_at IS NULL`,
    );
    if ((Number(left.due) === 0 && Number(left.running) === 0) || performance.now() - drainClock > 20_000) break;
    await sleep(250);
  }
  timings.set('outbox drain', performance.now() - drainClock);

  // --- Checks, from PostgreSQL ------------------------------------------------------------------
  const sectors = await queryRows<{ id: string; name: string; capacity: number; tickets: number }>(
    db,
    sql`SELECT tt.id, tt.name, l.quantity AS capacity,
          (SELECT count(*)::int FROM tickets t JOIN order_items oi ON oi.id = t.order_item_id WHERE oi.ticket_type_id = tt.id) AS tickets
        FROM ticket_types tt JOIN ticket_lots l ON l.ticket_type_id = tt.id`,
  );
  const oversold = sectors.filter((s) => Number(s.tickets) > Number(s.capacity));
  for (const s of oversold) failures.push(`oversold: sector ${s.name} has ${s.tickets} tickets for ${s.capacity} places`);
  const invariants = await checkInventoryInvariants(db, {
    initialStockBySectorId: { [pista.id]: STOCK, [camarote.id]: 40, [roomSector.id]: ROOM_STOCK },
  });
  for (const v of invariants) failures.push(`inventory: ${v}`);

  const paidRows = await queryRows<{ id: string; units: number; tickets: number }>(
    db,
    sql`SELECT o.id, (SELECT coalesce(sum(quantity), 0)::int FROM order_items WHERE order_id = o.id) AS units,
          (SELECT count(*)::int FROM tickets WHERE order_id = o.id) AS tickets
        FROM orders o WHERE o.status = 'completed'`,
  );
  for (const row of paidRows) {
    if (Number(row.units) !== Number(row.tickets)) failures.push(`paid order ${row.id}: ${row.units} units, ${row.tickets} tickets`);
  }
  const paidIds = new Set(paidRows.map((r) => r.id));
  for (const order of paid)
    if (!paidIds.has(order.orderId)) failures.push(`order ${order.orderId} answered paid is not completed in the database`);
  // One purchase per buyer: a second order of the same account and event is a POST that ran twice.
  const duplicates = await queryRows<{ user_id: string; event_id: string; n: number }>(
    db,
    sql`SELECT user_id, event_id, count(*)::int AS n FROM orders WHERE status <> 'cancelled' GROUP BY user_id, event_id HAVING count(*) > 1`,
  );
  for (const d of duplicates) failures.push(`duplicate orders: account ${d.user_id} has ${d.n} orders for event ${d.event_id}`);

  const doubleAdmissions = await queryRows<{ ticket_id: string; n: number }>(
    db,
    sql`SELECT ticket_id, count(*)::int AS n FROM check_ins WHERE accepted AND ticket_id IS NOT NULL GROUP BY ticket_id HAVING count(*) > 1`,
  );
  for (const d of doubleAdmissions) failures.push(`double admission: ticket ${d.ticket_id} admitted ${d.n} times`);
  const acceptedByCode = new Map<string, number>();
  for (const s of scans) if (s.accepted) acceptedByCode.set(s.code, (acceptedByCode.get(s.code) ?? 0) + 1);
  const scannedCodes = new Set(scans.map((s) => s.code));
  for (const [code, n] of acceptedByCode)
    if (n > 1) failures.push(`the door answered VÁLIDO ${n} times for one code (${code.slice(0, 12)}…)`);
  const neverAdmitted = [...scannedCodes].filter((c) => !acceptedByCode.has(c)).length;
  if (neverAdmitted > 0) failures.push(`${neverAdmitted} sold tickets were never admitted`);
  const otherRefusals = scans.filter((s) => !s.accepted && s.reason !== 'already_used');
  for (const s of otherRefusals.slice(0, 5)) failures.push(`a scan was refused for '${s.reason}', not 'already_used'`);
  if (doorQueue.length !== paid.filter((p) => p.eventId === festival.event.id).reduce((n, p) => n + p.units, 0))
    failures.push(
      `the door got ${doorQueue.length} codes for ${paid.filter((p) => p.eventId === festival.event.id).reduce((n, p) => n + p.units, 0)} tickets sold`,
    );
  const [admitted] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM check_ins WHERE accepted`);

  const jobs = await queryRows<{ kind: string; done: number; retried: number; failed: number; leased: number; stuck: number }>(
    db,
    sql`SELECT kind,
          count(*) FILTER (WHERE done_at IS NOT NULL)::int AS done,
          count(*) FILTER (WHERE done_at IS NOT NULL AND attempts > 1)::int AS retried,
          count(*) FILTER (WHERE last_error IS NOT NULL)::int AS failed,
          count(*) FILTER (WHERE done_at IS NULL AND last_error IS NULL AND run_after > now() AND NOT ${claimedAfterKill})::int AS leased,
          count(*) FILTER (WHERE done_at IS NULL AND (run_after <= now() OR ${claimedAfterKill}))::int AS stuck
        FROM outbox GROUP BY kind ORDER BY kind`,
  );
  const jobTotal = (field: 'done' | 'retried' | 'failed' | 'leased' | 'stuck') => jobs.reduce((n, j) => n + Number(j[field]), 0);
  if (jobTotal('stuck') > 0)
    failures.push(`outbox: ${jobTotal('stuck')} jobs due or claimed by a live worker and not done 20 s after the sale`);
  if (jobTotal('retried') > 0) failures.push(`outbox: ${jobTotal('retried')} jobs ran more than once`);
  if (jobTotal('failed') > 0) {
    const errors = await queryRows<{ kind: string; last_error: string }>(
      db,
      sql`SELECT kind, last_error FROM outbox WHERE last_error IS NOT NULL LIMIT 3`,
    );
    failures.push(
      `outbox: ${jobTotal('failed')} jobs failed (${errors.map((e) => `${e.kind}: ${e.last_error.slice(0, 120)}`).join('; ')})`,
    );
  }
  // A job claimed by the killed instance keeps its lease (5 min) and runs again after it: at most
  // the 4 lanes of one worker.
  if (jobTotal('leased') > 4 * kills)
    failures.push(`outbox: ${jobTotal('leased')} jobs claimed and never finished (more than a killed worker's 4)`);
  // The purchase e-mail is the outbox's effect seen from outside: one file per paid order, over every instance's data folder.
  const mailFiles = instances.flatMap((instance) => {
    const dir = join(instance.dataDir, 'outbox');
    return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
  });
  const mailsByTag = new Map<string, number>();
  for (const file of mailFiles) {
    const tag = /-([0-9a-f]{16})\.eml$/.exec(file)?.[1];
    if (tag) mailsByTag.set(tag, (mailsByTag.get(tag) ?? 0) + 1);
  }
  let mailedOnce = 0;
  for (const order of paid) {
    const n = mailsByTag.get(recipientTag(order.buyer.email)) ?? 0;
    if (n > 1) failures.push(`the purchase e-mail of order ${order.orderId} was sent ${n} times`);
    if (n === 1) mailedOnce++;
  }
  if (mailedOnce + jobTotal('leased') < paid.length) failures.push(`${paid.length - mailedOnce} paid orders got no purchase e-mail`);

  for (const [index, seen] of liveSeen) {
    if (seen.reached === 0) failures.push(`live: no user with a stream on instance ${index} got a notification committed elsewhere`);
  }
  const reconnects = liveUsers.reduce((n, u) => n + u.stream.reconnects, 0);

  if (tally.errors.length > 0) failures.push(`${tally.errors.length} client errors no retry absorbed`);
  const balancerLog = readBalancerLog(join(workDir, 'haproxy.log'));
  const retriedRoutes = new Map<string, number>();
  for (const r of balancerLog.retried) retriedRoutes.set(r, (retriedRoutes.get(r) ?? 0) + 1);

  // --- Summary ----------------------------------------------------------------------------------
  const soldUnits = paid.filter((p) => p.eventId === festival.event.id && p.buyer.n < 20_000).reduce((n, p) => n + p.units, 0);
  const pistaRow = sectors.find((s) => s.id === pista.id)!;
  const roomRow = sectors.find((s) => s.id === roomSector.id)!;
  const lines = [
    `instances: ${INSTANCES} (src/server/main.ts under tsx) behind HAProxy ${haproxyVersion}, health check GET ${healthPath}`,
    `requests: ${tally.requests} (${[...tally.byLabel].map(([k, v]) => `${k} ${v}`).join(', ')})`,
    `sale: ${BUYERS} buyers (${counts.realSignUps} signed up, ${counts.signIns} signed in again), ${counts.orders} orders placed, ${paid.length} paid, ${counts.soldOut} told 'esgotado'; Pista ${pistaRow.tickets} tickets of ${pistaRow.capacity} (${soldUnits} units to the sale's buyers)`,
    `order p50/p99 ms: ${percentile(orderLatency, 50).toFixed(0)} / ${percentile(orderLatency, 99).toFixed(0)} (place order, retries included)`,
    `waiting room: ${counts.roomJoins} joined, ${counts.polls} polls, ${counts.roomBought} bought, ${counts.roomSoldOut} sold out; ${roomRow.tickets} tickets of ${roomRow.capacity}`,
    `door: ${scans.length} scans of ${scannedCodes.size} codes, ${admitted.n} admissions, ${scans.filter((s) => !s.accepted).length} refused 'already_used'; double admissions: ${doubleAdmissions.length}`,
    `oversold sectors: ${oversold.length}; paid orders without all their tickets: ${paidRows.filter((r) => Number(r.units) !== Number(r.tickets)).length} of ${paidRows.length}`,
    `outbox: ${jobTotal('done')} jobs done (${jobs.map((j) => `${j.kind} ${j.done}`).join(', ')}), run twice ${jobTotal('retried')}, failed ${jobTotal('failed')}, leased by a killed worker ${jobTotal('leased')}, stuck ${jobTotal('stuck')}; purchase e-mails ${mailedOnce} of ${paid.length}`,
    `live: ${[...liveSeen].map(([i, s]) => `instance ${i} ${s.reached}/${s.users}`).join(', ')} users notified of a purchase through another instance; stream reconnects ${reconnects}`,
    `kills: ${kills}, restarts: ${restarts} (SIGTERM to ready, each: ${restartTimes.map((t) => (t / 1000).toFixed(1)).join(', ')} s)`,
    `Idempotency-Key on POST /api/orders: ${idempotency ? 'honoured (orders cut by a failure sent again with their key)' : 'not honoured (orders cut by a failure checked in the database first)'}`,
    `HAProxy: requests per instance ${[...balancerLog.perServer]
      .sort()
      .map(([k, v]) => `${k} ${v}`)
      .join(
        ', ',
      )}; sent again by HAProxy ${balancerLog.retried.length}${retriedRoutes.size ? ` (${[...retriedRoutes].map(([k, v]) => `${k}: ${v}`).join('; ')})` : ''}; its own 5xx answers ${balancerLog.balancerErrors.length}`,
    `absorbed retries (clients): ${tally.absorbedTotal()}${tally.absorbed.size ? ` (${[...tally.absorbed].map(([k, v]) => `${k}: ${v}`).join('; ')})` : ''}; stale keep-alive sockets resent ${tally.staleSockets}`,
    `client errors: ${tally.errors.length}`,
    `durations: ${[...timings].map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`).join(', ')}, whole run ${elapsed()} s`,
  ];
  console.log('\n' + lines.join('\n'));
  for (const event of instanceEvents) console.log(`  ${event}`);
  if (keysLeftInFlight > 0) {
    notes.push(
      `${keysLeftInFlight} purchase or payment keys stayed 'in flight' after their first request died with the killed instance: the same key answers 409 'Esta ação ainda está em andamento' until 5 minutes pass (docs/rules/idempotency.md 'Retries and failures'); the client checked whether it took effect and went on with a new key`,
    );
  }
  for (const note of notes) console.log(`note: ${note}`);
  for (const error of tally.errors.slice(0, 20)) console.log(`client error: ${error}`);
  if (tally.errors.length > 20) console.log(`... and ${tally.errors.length - 20} more client errors`);
  for (const failure of failures) console.log(`FAIL ${failure}`);
  if (failures.length > 0)
    for (const instance of instances) console.log(`--- instance ${instance.index} log (tail)\n${tail(instance.logFile, 12)}`);
  console.log(failures.length === 0 ? 'cluster: every check passed' : `cluster: ${failures.length} checks failed`);
  return failures.length === 0 ? 0 : 1;

  // --- Steps of a client ------------------------------------------------------------------------

  /** Signs a new account up through `origin` (better-auth signs it in at once): its cookie and id, or null after an error. */
  async function signUp(client: Client, origin: string, email: string): Promise<{ cookie: string; userId: string; email: string } | null> {
    const request = {
      origin,
      method: 'POST' as const,
      path: '/api/auth/sign-up/email',
      headers: { origin: lbOrigin },
      body: { name: 'Pessoa do Cluster', email, password: PASSWORD, acceptTerms: true },
      label: 'sign-up',
    };
    for (let n = 0; n < 4; n++) {
      try {
        const answer = await attempt(client, tally, request);
        if (answer.status === 200 && answer.cookies.length > 0) {
          const user = answer.body?.user as { id?: string } | undefined;
          return { cookie: answer.cookies.join('; '), userId: String(user?.id ?? ''), email };
        }
        tally.error(`sign-up: ${answer.status} ${JSON.stringify(answer.body)}`);
        return null;
      } catch (error) {
        if (!(error instanceof TransientFailure)) throw error;
        // Not sent blindly again: did the account get made? Then signing in is the way back.
        const exists = await queryRows(db, sql`SELECT 1 FROM users WHERE email = ${email}`);
        tally.absorb(`sign-up: ${error.reason}, ${exists.length ? 'account made: signed in' : 'no account: sent again'}`);
        if (exists.length) {
          const cookie = await signIn(client, origin, email);
          const [row] = await queryRows<{ id: string }>(db, sql`SELECT id FROM users WHERE email = ${email}`);
          return cookie ? { cookie, userId: row.id, email } : null;
        }
        await sleep(200);
      }
    }
    tally.error(`sign-up: no answer after 4 attempts`);
    return null;
  }

  /** Signs in with e-mail and password (a POST that changes nothing but a new session: sent again after a failure). */
  async function signIn(client: Client, origin: string, email: string): Promise<string | null> {
    try {
      const answer = await sendRetrying(client, tally, {
        origin,
        method: 'POST',
        path: '/api/auth/sign-in/email',
        headers: { origin: lbOrigin },
        body: { email, password: PASSWORD },
        label: 'sign-in',
      });
      if (answer.status === 200 && answer.cookies.length > 0) return answer.cookies.join('; ');
      tally.error(`sign-in: ${answer.status} ${JSON.stringify(answer.body)}`);
    } catch (error) {
      tally.error(`sign-in: ${describe(error)}`);
    }
    return null;
  }

  /** Joins the waiting room: a fresh proof of work each attempt (a proof is good once); a second join answers the same place. */
  async function joinRoom(fan: Buyer, eventId: string, origin: string) {
    for (let n = 0; n < 4; n++) {
      try {
        const challenge = await sendRetrying(fan.client, tally, {
          origin,
          method: 'GET',
          path: `/api/events/${eventId}/waiting-room/challenge`,
          label: 'room challenge',
        });
        const proof = await solveJoinChallenge(challenge.body as never);
        const joined = await attempt(fan.client, tally, {
          origin,
          method: 'POST',
          path: `/api/events/${eventId}/waiting-room/join`,
          cookie: fan.cookie,
          body: { cpf: fan.cpf, proof },
          label: 'room join',
        });
        if (joined.status === 200 && joined.body) return joined.body as { phase: string; token: string; pollAfterMs: number };
        tally.error(`room join: ${joined.status} ${JSON.stringify(joined.body)}`);
        return null;
      } catch (error) {
        if (!(error instanceof TransientFailure)) throw error;
        tally.absorb(`room join: ${error.reason}, joined again with a new proof`);
        await sleep(200);
      }
    }
    tally.error('room join: no answer after 4 attempts');
    return null;
  }

  /**
   * POST /api/orders with its Idempotency-Key. Honoured: sent again with the same key after a
   * failure. Not honoured: after a failure the database says whether the order was made (then it
   * is that order) or not (then it is sent again). Null after an error (counted).
   */
  async function placeOrder(
    buyer: Buyer,
    body: object,
    key: string,
    origin: () => string,
    eventId: string,
    keyed: boolean,
    dbForCheck: typeof db,
  ): Promise<Answer | null> {
    const request = {
      origin,
      method: 'POST' as const,
      path: '/api/orders',
      cookie: buyer.cookie,
      body,
      headers: { 'idempotency-key': key },
      label: 'order',
    };
    if (keyed) {
      let currentKey = key;
      const started = performance.now();
      for (let n = 0; n < 6; n++) {
        let answer: Answer;
        try {
          answer = await sendRetrying(buyer.client, tally, { ...request, headers: { 'idempotency-key': currentKey } });
        } catch (error) {
          tally.error(`order: ${describe(error)}`);
          return null;
        }
        if (!isInFlight(answer)) return answer;
        // docs/rules/idempotency.md 'Replays': the next try gets the answer.
        if (performance.now() - started < IN_FLIGHT_PATIENCE_MS) {
          tally.absorb('order: 409 in flight, sent again with its key');
          continue;
        }
        // Still in flight: its first request died with its instance. The order check decides.
        keysLeftInFlight++;
        const made = await queryRows<{ id: string }>(
          dbForCheck,
          sql`SELECT id FROM orders WHERE user_id = ${buyer.userId} AND event_id = ${eventId}::uuid ORDER BY created_at DESC LIMIT 1`,
        );
        if (made.length > 0) {
          tally.absorb('order: key left in flight, the order was made: kept');
          return { status: 201, body: { id: made[0].id }, cookies: [] };
        }
        tally.absorb('order: key left in flight, no order made: sent with a new key');
        currentKey = randomUUID();
      }
      tally.error('order: still in flight after every retry');
      return null;
    }
    for (let n = 0; n < 5; n++) {
      try {
        return await attempt(buyer.client, tally, { ...request, origin: origin() });
      } catch (error) {
        if (!(error instanceof TransientFailure)) throw error;
        const made = await queryRows<{ id: string }>(
          dbForCheck,
          sql`SELECT id FROM orders WHERE user_id = ${buyer.userId} AND event_id = ${eventId}::uuid ORDER BY created_at DESC LIMIT 1`,
        );
        if (made.length > 0) {
          tally.absorb(`order: ${error.reason}, the order was made: kept`);
          return { status: 201, body: { id: made[0].id }, cookies: [] };
        }
        tally.absorb(`order: ${error.reason}, no order made: sent again`);
        await sleep(200 * (n + 1));
      }
    }
    tally.error('order: no answer after 5 attempts');
    return null;
  }

  /**
   * Pays with the sandbox's PIX, with an Idempotency-Key: honoured, the payment cut by a failure is
   * sent again with it; not honoured, the order's status says whether to send it again. True when paid.
   */
  async function payOrder(buyer: Buyer, orderId: string, origin: () => string, keyed: boolean): Promise<boolean> {
    const key = randomUUID();
    if (keyed) {
      let currentKey = key;
      const started = performance.now();
      for (let n = 0; n < 6; n++) {
        let answer: Answer;
        try {
          answer = await sendRetrying(buyer.client, tally, {
            origin,
            method: 'POST',
            path: `/api/orders/${orderId}/simulate-pix-payment`,
            cookie: buyer.cookie,
            body: {},
            headers: { 'idempotency-key': currentKey },
            label: 'pay',
          });
        } catch (error) {
          tally.error(`pay: ${describe(error)}`);
          return false;
        }
        if (answer.status === 200 && answer.body?.status === 'completed') return true;
        if (!isInFlight(answer)) {
          tally.error(`pay: ${answer.status} ${JSON.stringify(answer.body)}`);
          return false;
        }
        if (performance.now() - started < IN_FLIGHT_PATIENCE_MS) {
          tally.absorb('pay: 409 in flight, sent again with its key');
          continue;
        }
        keysLeftInFlight++;
        const order = await sendRetrying(buyer.client, tally, {
          origin,
          method: 'GET',
          path: `/api/orders/${orderId}`,
          cookie: buyer.cookie,
          label: 'order status',
        });
        if (order.body?.status === 'completed') {
          tally.absorb('pay: key left in flight, the order was paid');
          return true;
        }
        tally.absorb(`pay: key left in flight, order still ${String(order.body?.status)}: sent with a new key`);
        currentKey = randomUUID();
      }
      tally.error('pay: still in flight after every retry');
      return false;
    }
    for (let n = 0; n < 5; n++) {
      try {
        const answer = await attempt(buyer.client, tally, {
          origin: origin(),
          method: 'POST',
          path: `/api/orders/${orderId}/simulate-pix-payment`,
          cookie: buyer.cookie,
          body: {},
          headers: { 'idempotency-key': key },
          label: 'pay',
        });
        if (answer.status === 200 && answer.body?.status === 'completed') return true;
        tally.error(`pay: ${answer.status} ${JSON.stringify(answer.body)}`);
        return false;
      } catch (error) {
        if (!(error instanceof TransientFailure)) throw error;
        const order = await sendRetrying(buyer.client, tally, {
          origin,
          method: 'GET',
          path: `/api/orders/${orderId}`,
          cookie: buyer.cookie,
          label: 'order status',
        });
        if (order.body?.status === 'completed') {
          tally.absorb(`pay: ${error.reason}, the order was paid`);
          return true;
        }
        tally.absorb(`pay: ${error.reason}, order still ${String(order.body?.status)}: sent again`);
        await sleep(200 * (n + 1));
      }
    }
    tally.error('pay: no answer after 5 attempts');
    return false;
  }
}

/**
 * Whether POST /api/orders honours Idempotency-Key: one order sent twice with one key, to two
 * instances, must answer the same order. The orders made are cancelled (their unit returns).
 */
async function probeIdempotency(
  client: Client,
  instances: Instance[],
  cookie: string,
  eventId: string,
  sectorId: string,
): Promise<boolean> {
  const key = randomUUID();
  const body = {
    eventId,
    items: [{ sectorId, quantity: 1 }],
    buyer: { name: 'Ana Beatriz Lima', email: 'sonda@exemplo.com.br', phone: '(47) 99123-4567', cpf: benchCpf(50_000_001) },
    paymentMethod: 'pix',
    installments: 1,
  };
  const send = (origin: string) =>
    attempt(client, tally, {
      origin,
      method: 'POST',
      path: '/api/orders',
      cookie,
      body,
      headers: { 'idempotency-key': key },
      label: 'probe',
    });
  const one = await send(instances[0].origin);
  const two = await send(instances[1].origin);
  const ids = [...new Set([one.body?.id, two.body?.id].filter((id): id is string => typeof id === 'string'))];
  for (const id of ids) {
    await attempt(client, tally, {
      origin: instances[0].origin,
      method: 'POST',
      path: `/api/orders/${id}/cancel`,
      cookie,
      body: {},
      label: 'probe',
    });
  }
  if (one.status !== 201) throw new Error(`the probe order failed: ${one.status} ${JSON.stringify(one.body)}`);
  return ids.length === 1 && two.status < 300;
}

function describe(error: unknown): string {
  if (error instanceof TransientFailure) return `${error.reason} after every retry`;
  return String((error as Error)?.stack ?? error);
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(`FAIL ${describe(error)}`);
  code = 1;
} finally {
  clearTimeout(watchdog);
  log('cleaning up (HAProxy, instances, database)');
  await cleanup();
}
// Sockets of the clients' keep-alive agents would keep the process alive.
process.exit(code);
