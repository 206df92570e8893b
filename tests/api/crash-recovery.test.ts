import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { and, eq, inArray } from 'drizzle-orm';
import { errorMessages } from '../../src/shared/errors';
import { coupons, orderItems, orders, ticketLots, sectors } from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/client';
import { UNFINISHED_ORDER_AFTER_MS } from '../../src/server/services/payments/reconcile-payments';
import { checkInventoryInvariants } from '../support/invariants';
import { createBuyer } from '../support/people';
import { buyer as buyerData, createEvent, openTestDatabase } from '../support/test-server';
import { freePort } from '../support/free-port';

/** The order hold the child runs with (ORDER_HOLD_MINUTES=1), in ms. */
const HOLD_MS = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The real server as a process of its own (tsx src/server/main.ts), in its own process group so
 * that `kill -9` reaches the node process tsx starts under it.
 */
class ServerProcess {
  output = '';
  private child: ChildProcess | null = null;
  constructor(private readonly env: Record<string, string>) {}

  get alive(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(baseUrl: string): Promise<void> {
    const child = spawn('node_modules/.bin/tsx', ['src/server/main.ts'], {
      env: { ...process.env, ...this.env },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout!.on('data', (chunk) => (this.output += String(chunk)));
    child.stderr!.on('data', (chunk) => (this.output += String(chunk)));
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (!this.alive) throw new Error(`the server exited while starting:\n${this.output}`);
      const ready = await fetch(`${baseUrl}/api/brands`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return;
      await sleep(200);
    }
    throw new Error(`the server did not answer within 90 s:\n${this.output}`);
  }

  /** kill -9 of the whole process group; resolves once the process is gone. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || !this.alive) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
    await exited;
  }

  /** The log lines of unexpected errors (the 500s' 'unexpected error'), from the JSON log on stdout. */
  unexpectedErrors(): string[] {
    return this.output.split('\n').filter((line) => line.includes('"msg":"unexpected error"'));
  }
}

interface Person {
  id: string;
  email: string;
  password: string;
  cookie: string;
  address: string;
}

describe.skipIf(process.env.TEST_DB !== 'postgres')('a server killed mid-sale and started again', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let db: Db;
  let databaseUrl: string;
  let dataDir: string;
  let baseUrl: string;
  let server: ServerProcess;
  let admin: pg.Client;

  beforeAll(async () => {
    database = await openTestDatabase('postgres', 5);
    db = database.db;
    databaseUrl = (db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    dataDir = mkdtempSync(join(tmpdir(), 'nl-crash-'));
    const port = await freePort();
    baseUrl = `http://localhost:${port}`;
    server = new ServerProcess({
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'false',
      WORKER_INTERVAL_MS: '200',
      LOG_LEVEL: 'warn',
      ORDER_HOLD_MINUTES: '1',
      // Each buyer comes through the local proxy with an address of their own, so per-address
      // limits count buyers, as in production behind a load balancer.
      TRUST_PROXY: '127.0.0.1',
    });
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
  }, 120_000);

  afterAll(async () => {
    await server?.kill('SIGKILL');
    await admin?.end();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  function call(person: Person, method: 'GET' | 'POST', path: string, body?: object) {
    return fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        origin: baseUrl,
        cookie: person.cookie,
        'x-forwarded-for': person.address,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  }

  async function signIn(person: Omit<Person, 'cookie'>): Promise<Person> {
    const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: baseUrl, 'content-type': 'application/json', 'x-forwarded-for': person.address },
      body: JSON.stringify({ email: person.email, password: person.password }),
    });
    if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    return {
      ...person,
      cookie: response.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    };
  }

  it('finishes or releases what the crash cut off, keeps every unit accounted for, and survives its connections being cut', async () => {
    const { event, sectors: types } = await createEvent({ deps: { db } } as unknown as Parameters<typeof createEvent>[0], [
      // Enough of each for every purchase below (up to 8 x 21 orders of 1 or 2, a third on each
      // type): the only refusal expected is the coupon's.
      { name: 'Pista', priceCentavos: 8000, remaining: 150 },
      { name: 'VIP', priceCentavos: 25000, remaining: 150 },
      { name: 'Meia-entrada', priceCentavos: 4000, remaining: 150 },
    ]);
    const initialStockBySectorId = Object.fromEntries(types.map((t) => [t.id, t.remaining]));
    const code = `QUEDA${randomBytes(3).toString('hex').toUpperCase()}`;
    const [coupon] = await db
      .insert(coupons)
      .values({ code, discountType: 'percentage', discountValue: 10, maxUses: 8, eventId: event.id })
      .returning();
    const [fixtureCoupon] = await db
      .insert(coupons)
      .values({ code: `${code}X`, discountType: 'percentage', discountValue: 10, maxUses: 2, eventId: event.id })
      .returning();
    const invariantOptions = { initialStockBySectorId, couponMaxUses: { [coupon.id]: 8, [fixtureCoupon.id]: 2 } };
    const accounts = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        createBuyer({ deps: { db } } as unknown as Parameters<typeof createBuyer>[0], {
          fullName: 'Pessoa Teste',
          emailPrefix: `queda${n}`,
        }),
      ),
    );

    await server.start(baseUrl);
    const people = await Promise.all(accounts.map((a, n) => signIn({ ...a, address: `10.0.0.${n + 1}` })));

    /** One buyer's purchases until `until()` says stop: place, then pay two orders of three. */
    const answers: { step: string; status: number | 'cut'; body: { code?: string; message?: string } | null; retryAfter: string | null }[] =
      [];
    async function shop(person: Person, n: number, until: () => boolean, max: number, address: string) {
      person = { ...person, address };
      for (let i = 0; i < max && !until(); i++) {
        const type = types[(n + i) % types.length];
        const placed = await record(
          'place',
          call(person, 'POST', '/api/orders', {
            eventId: event.id,
            items: [{ sectorId: type.id, quantity: 1 + ((n + i) % 2) }],
            buyer: buyerData,
            paymentMethod: 'pix',
            installments: 1,
            ...((n + i) % 4 === 0 ? { couponCode: code } : {}),
          }),
        );
        if (placed?.status === 201 && i % 3 !== 2)
          await record('pay', call(person, 'POST', `/api/orders/${placed.body!.id}/simulate-pix-payment`));
      }
    }
    async function record(step: string, request: Promise<Response>) {
      try {
        const response = await request;
        const body = (await response.json().catch(() => null)) as { id?: string; code?: string; message?: string } | null;
        const answer = { step, status: response.status, body, retryAfter: response.headers.get('retry-after') };
        answers.push(answer);
        return answer;
      } catch {
        answers.push({ step, status: 'cut', body: null, retryAfter: null });
        return null;
      }
    }

    // 1. PostgreSQL sessions terminated while people buy: the process keeps serving.
    let cutting = true;
    const buying = people.map((person, n) => shop(person, n, () => !cutting, 6, `10.0.1.${n + 1}`));
    for (let cut = 0; cut < 5; cut++) {
      await sleep(300);
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
    }
    cutting = false;
    await Promise.all(buying);
    expect(server.alive, server.output).toBe(true);
    const duringCuts = answers.splice(0);
    expect(duringCuts.filter((a) => a.status === 'cut')).toEqual([]);
    expect(duringCuts.filter((a) => a.status === 201).length).toBeGreaterThan(0);
    for (const answer of duringCuts.filter((a) => typeof a.status === 'number' && a.status >= 400)) {
      const about = `${answer.step} answered ${answer.status} ${JSON.stringify(answer.body)}; server log: ${server.unexpectedErrors().join('\n')}`;
      if (answer.status === 409) expect(answer.body?.code, about).toBe('coupon_exhausted');
      else {
        expect(answer, about).toMatchObject({
          status: 503,
          retryAfter: '2',
          body: { code: 'database_unavailable', message: errorMessages.database_unavailable },
        });
      }
    }
    const after = await record(
      'place',
      call(people[0], 'POST', '/api/orders', {
        eventId: event.id,
        items: [{ sectorId: types[0].id, quantity: 1 }],
        buyer: buyerData,
        paymentMethod: 'pix',
        installments: 1,
      }),
    );
    expect(after?.status).toBe(201);
    expect(server.unexpectedErrors()).toEqual([]);

    // 2. kill -9 in the middle of a sale.
    let killed = false;
    const selling = people.map((person, n) => shop(person, n, () => killed, 15, `10.0.2.${n + 1}`));
    await sleep(1_200);
    await server.kill('SIGKILL');
    killed = true;
    await Promise.all(selling);
    answers.splice(0);

    // What a kill between an order's commit and the provider's answer leaves behind: orders
    // holding units with no provider payment, one still within its hold, one past it.
    const now = Date.now();
    const cutOff = await insertOrderWithoutPayment(people[1].id, types[0].id, 2, new Date(now - UNFINISHED_ORDER_AFTER_MS - 10_000));
    const cutOffLongAgo = await insertOrderWithoutPayment(people[2].id, types[1].id, 1, new Date(now - HOLD_MS - 5_000), fixtureCoupon.id);
    // Every unit accounted for while the server is down (holds past their end are the next step's).
    expect(await checkInventoryInvariants(db, { ...invariantOptions, pendingGraceMs: 10 * HOLD_MS })).toEqual([]);

    // 3. Started again on the same database: the worker finishes the one and releases the other.
    await server.start(baseUrl);
    await waitFor(async () => {
      const rows = await db
        .select()
        .from(orders)
        .where(inArray(orders.id, [cutOff, cutOffLongAgo]));
      const recovered = rows.find((o) => o.id === cutOff)!;
      const released = rows.find((o) => o.id === cutOffLongAgo)!;
      return recovered.paymentId !== null && recovered.pixCode !== null && released.status === 'expired';
    }, 15_000);
    // Finished, not dropped: it can be paid while its hold lasts.
    const [stillPending] = await db.select().from(orders).where(eq(orders.id, cutOff));
    expect(stillPending.status).toBe('pending');
    expect(await checkInventoryInvariants(db, invariantOptions)).toEqual([]);

    // Sessions survive the restart, and the sale goes on.
    const resumed = await record(
      'place',
      call(people[3], 'POST', '/api/orders', {
        eventId: event.id,
        items: [{ sectorId: types[2].id, quantity: 1 }],
        buyer: buyerData,
        paymentMethod: 'pix',
        installments: 1,
      }),
    );
    expect(resumed?.status).toBe(201);
    expect((await record('pay', call(people[3], 'POST', `/api/orders/${resumed!.body!.id}/simulate-pix-payment`)))?.status).toBe(200);

    // 4. Once every hold has run out, no unit is held: each pending order was paid, or released
    //    by the restarted worker within a few of its rounds. The hold's minute passes at once:
    //    every pending hold is moved to have ended a moment ago.
    await db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(and(eq(orders.eventId, event.id), eq(orders.status, 'pending')));
    await waitFor(
      async () =>
        (
          await db
            .select({ id: orders.id })
            .from(orders)
            .where(and(eq(orders.eventId, event.id), eq(orders.status, 'pending')))
        ).length === 0,
      15_000,
    );
    expect(await checkInventoryInvariants(db, { ...invariantOptions, now: new Date(), pendingGraceMs: 2_000 })).toEqual([]);
    const held = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.eventId, event.id), eq(orders.status, 'pending')));
    expect(held).toEqual([]);
    const [recoveredThenExpired] = await db.select().from(orders).where(eq(orders.id, cutOff));
    expect(recoveredThenExpired.status).toBe('expired');
    expect(server.alive).toBe(true);
    expect(server.unexpectedErrors()).toEqual([]);
  }, 300_000);

  /**
   * An order as placeOrder commits it (pending, items, units and coupon use held) before the
   * provider is asked for its payment; `createdAt` in the past, its hold ending HOLD_MS later.
   */
  async function insertOrderWithoutPayment(userId: string, sectorId: string, quantity: number, createdAt: Date, couponId?: string) {
    return db.transaction(async (tx) => {
      const [type] = await tx.select().from(sectors).where(eq(sectors.id, sectorId));
      const [lot] = await tx.select().from(ticketLots).where(eq(ticketLots.sectorId, sectorId));
      const subtotal = lot.priceCentavos * quantity;
      const discount = couponId ? Math.round(subtotal / 10) : 0;
      const [order] = await tx
        .insert(orders)
        .values({
          eventId: type.eventId,
          userId,
          status: 'pending',
          subtotalCentavos: subtotal,
          discountCentavos: discount,
          totalCentavos: subtotal - discount,
          couponId: couponId ?? null,
          paymentMethod: 'pix',
          buyerName: buyerData.name,
          buyerEmail: buyerData.email,
          buyerPhone: '47991234567',
          buyerCpf: '52998224725',
          paymentProvider: 'sandbox',
          expiresAt: new Date(createdAt.getTime() + HOLD_MS),
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: orders.id });
      await tx.insert(orderItems).values({
        orderId: order.id,
        sectorId,
        sectorName: type.name,
        lotId: lot.id,
        quantity,
        unitPriceCentavos: lot.priceCentavos,
      });
      await tx
        .update(sectors)
        .set({ remaining: type.remaining - quantity })
        .where(eq(sectors.id, sectorId));
      await tx
        .update(ticketLots)
        .set({ remaining: lot.remaining - quantity })
        .where(eq(ticketLots.id, lot.id));
      if (couponId) {
        const [row] = await tx.select().from(coupons).where(eq(coupons.id, couponId));
        await tx
          .update(coupons)
          .set({ heldUses: row.heldUses + 1 })
          .where(eq(coupons.id, couponId));
      }
      return order.id;
    });
  }
});

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(200);
  }
  throw new Error(`not so after ${timeoutMs} ms`);
}
