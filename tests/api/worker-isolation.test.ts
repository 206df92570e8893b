import { createECDH, randomBytes } from 'node:crypto';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { orders, outbox, pushSubscriptions, sectors, userNotificationSettings } from '../../src/server/db/schema';
import { queryRows } from '../../src/server/db/client';
import { PUSH_TIMEOUT_MS } from '../../src/server/messaging/push';
import { notifyUsers } from '../../src/server/services/notifications/notify-user';
import { startWorker } from '../../src/server/worker';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';

// One silent push service must not hold the rest of the background work (the worker's loops and
// its outbox lanes, src/server/worker.ts; the push timeout, src/server/messaging/push.ts).

let server: TestServer;
let silent: TcpServer;
let silentOrigin: string;
const hanging = new Set<Socket>();

beforeAll(async () => {
  // Accepts the connection, reads what comes (a TLS hello) and never answers.
  silent = createTcpServer((socket) => {
    hanging.add(socket);
    socket.on('close', () => hanging.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentOrigin = `https://127.0.0.1:${(silent.address() as { port: number }).port}`;
  server = await startTestServer({ env: { PUSH_TRUSTED_ORIGINS: silentOrigin } });
});
afterAll(async () => {
  await server?.stop();
  for (const socket of hanging) socket.destroy();
  silent?.close();
});

const until = async (what: string, check: () => Promise<boolean>, ms: number) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('the background work with a push service that never answers', () => {
  it('expires holds and sends other jobs meanwhile, holds no transaction open, and gives the push up after its timeout', async () => {
    const { db } = server.deps;
    const fan = await server.signUpAs();
    const device = createECDH('prime256v1');
    device.generateKeys();
    await db
      .insert(userNotificationSettings)
      .values({ userId: fan.userId, pushNotifications: true, emailNotifications: true })
      .onConflictDoUpdate({
        target: userNotificationSettings.userId,
        set: { pushNotifications: true, emailNotifications: true },
      });
    await db.insert(pushSubscriptions).values({
      userId: fan.userId,
      endpoint: `${silentOrigin}/push/${randomBytes(8).toString('hex')}`,
      p256dh: device.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    });

    // A buyer's hold, which runs out once the push service is hanging.
    const {
      event,
      sectors: [pista],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }]);
    const placed = await server.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: (await server.signUpAs()).cookie },
      payload: { eventId: event.id, items: [{ sectorId: pista.id, quantity: 2 }], paymentMethod: 'pix', installments: 1, buyer },
    });
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().id as string;

    // A notice to the fan on push (the silent service) queued before an e-mail to someone else.
    const other = await server.signUpAs();
    const now = new Date();
    await notifyUsers(
      db,
      [{ userId: fan.userId, type: 'event', title: 'Push que trava', message: 'x', actionUrl: '/', channels: ['push'] }],
      now,
    );
    await notifyUsers(
      db,
      [{ userId: other.userId, type: 'event', title: 'E-mail que passa', message: 'y', actionUrl: '/', channels: ['email'] }],
      now,
    );

    const started = Date.now();
    const worker = startWorker(server.deps, 100);
    try {
      await until('the push service is called', async () => hanging.size > 0, 5000);
      await db
        .update(orders)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(orders.id, orderId));
      await until(
        'the hold expires',
        async () => (await db.select().from(orders).where(eq(orders.id, orderId)))[0].status === 'expired',
        5000,
      );
      await until('the other e-mail goes out', async () => server.sentMail.some((m) => m.subject === 'E-mail que passa'), 5000);
      // Both happened while the push service still held its connection unanswered.
      expect(hanging.size).toBeGreaterThan(0);
      expect(Date.now() - started).toBeLessThan(PUSH_TIMEOUT_MS);
      expect((await db.select().from(sectors).where(eq(sectors.id, pista.id)))[0].remaining).toBe(10);
      if (server.database.driver === 'postgres') {
        const [{ n }] = await queryRows<{ n: number }>(
          db,
          sql`
          SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
        );
        expect(n).toBe(0);
      }

      // Then the push is given up (a failed attempt, retried later), not waited on forever.
      const pushJob = async () =>
        (
          await db
            .select()
            .from(outbox)
            .where(sql`${outbox.kind} = 'notification_push'`)
        )[0];
      await until('the push job fails by its timeout', async () => (await pushJob()).lastError !== null, PUSH_TIMEOUT_MS + 5000);
      const job = await pushJob();
      expect(job.doneAt).toBeNull();
      expect(job.attempts).toBe(1);
      expect(job.runAfter.getTime()).toBeGreaterThan(Date.now());
    } finally {
      worker.stop();
    }
  }, 60_000);
});
