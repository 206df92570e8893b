import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { APIError } from 'better-auth/api';
import { errorMessages } from '../../src/shared/errors';
import { isConnectionError, openDatabase, queryRows, type Database } from '../../src/server/db/client';
import { registerErrorHandler } from '../../src/server/http/errors';
import { runWorkerOnce } from '../../src/server/worker';
import { checkInventoryInvariants } from '../support/invariants';
import { buyer, createEvent, openTestDatabase, startTestServer, type TestServer } from '../support/test-server';

const onPostgres = process.env.TEST_DB === 'postgres';

/** A pg error as the driver builds it from a server ErrorResponse. */
function serverError(code: string, message: string) {
  return Object.assign(new Error(message), { code, severity: 'FATAL' });
}
/** As Drizzle wraps whatever the driver threw. */
function wrapped(cause: unknown) {
  return new DrizzleQueryError('select 1', [], cause as Error);
}

describe('a lost database connection, told apart from a wrong query', () => {
  it('is recognised through Drizzle wrapping: class 08, 57P01-57P03, socket errors and pg messages', () => {
    const lost = [
      serverError('57P01', 'terminating connection due to administrator command'),
      serverError('57P02', 'terminating connection due to crash of another server process'),
      serverError('57P03', 'the database system is starting up'),
      serverError('08006', 'connection failure'),
      serverError('08P01', 'protocol violation'),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }),
      Object.assign(new Error('connect ETIMEDOUT'), { code: 'ETIMEDOUT' }),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated'),
      new Error('Client has encountered a connection error and is not queryable'),
      new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })], 'connect failed'),
    ];
    for (const error of lost) {
      expect(isConnectionError(error), String(error)).toBe(true);
      expect(isConnectionError(wrapped(error)), `wrapped ${String(error)}`).toBe(true);
      expect(isConnectionError(new Error('outer', { cause: wrapped(error) })), `twice wrapped ${String(error)}`).toBe(true);
    }
  });

  it('is not confused with a constraint, a syntax error, a deadlock or a plain bug', () => {
    const notLost = [
      serverError('23505', 'duplicate key value violates unique constraint "orders_payment_id_unique"'),
      serverError('23514', 'new row for relation "coupons" violates check constraint "coupons_uses_within_max"'),
      serverError('42601', 'syntax error at or near "selec"'),
      serverError('40P01', 'deadlock detected'),
      serverError('57014', 'canceling statement due to statement timeout'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      'Connection terminated',
      null,
      undefined,
    ];
    for (const error of notLost) {
      expect(isConnectionError(error), String(error)).toBe(false);
      expect(isConnectionError(wrapped(error)), `wrapped ${String(error)}`).toBe(false);
    }
  });
});

describe('the answer to a request whose database connection was lost', () => {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/lost', async () => {
    throw wrapped(serverError('57P01', 'terminating connection due to administrator command'));
  });
  app.get('/bug', async () => {
    throw wrapped(serverError('42601', 'syntax error'));
  });
  // better-auth logs the database error itself and throws this, without the cause.
  app.get('/session-store', async () => {
    throw APIError.from('INTERNAL_SERVER_ERROR', { message: 'Failed to get session', code: 'FAILED_TO_GET_SESSION' });
  });
  afterAll(() => app.close());

  it('is a 503 with the pt-BR message and retry-after, never a 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/lost' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('2');
    expect(response.json()).toEqual({ code: 'database_unavailable', message: errorMessages.database_unavailable, details: {} });
  });

  it('is a 503 too when better-auth could not read the session from the database', async () => {
    const response = await app.inject({ method: 'GET', url: '/session-store' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'database_unavailable', message: errorMessages.database_unavailable });
  });

  it('leaves a wrong query a 500 with the generic sentence', async () => {
    const response = await app.inject({ method: 'GET', url: '/bug' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: 'internal', message: errorMessages.internal });
  });
});

/** Collects what would otherwise end the process: an 'error' event nobody listens to, a rejection nobody catches. */
function watchProcess() {
  const unhandled: unknown[] = [];
  const onError = (error: unknown) => unhandled.push(error);
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
  return {
    unhandled,
    stop() {
      process.off('uncaughtException', onError);
      process.off('unhandledRejection', onError);
    },
  };
}

function connectionStringOf(database: Pick<Database, 'db'>): string {
  return (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
}

/** Ends every session of the database but the caller's, as a failover or `pg_terminate_backend` by an operator would. */
async function terminateSessions(admin: pg.Client): Promise<number> {
  const result = await admin.query(
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  return result.rowCount ?? 0;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!onPostgres)('PostgreSQL sessions terminated under the pool', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let admin: pg.Client;
  let watch: ReturnType<typeof watchProcess>;

  beforeEach(async () => {
    database = await openTestDatabase('postgres', 2);
    admin = new pg.Client({ connectionString: connectionStringOf(database) });
    await admin.connect();
    watch = watchProcess();
  });
  afterEach(async () => {
    watch.stop();
    await admin.end();
    await database.drop();
  });

  it('fails the transaction holding a cut connection with a connection error, and the pool serves the next query', async () => {
    const outcome = await database.db
      .transaction(async (tx) => {
        const [{ pid }] = await queryRows<{ pid: number }>(tx, sql`SELECT pg_backend_pid() AS pid`);
        await admin.query('SELECT pg_terminate_backend($1)', [pid]);
        // The client is checked out and idle here: pg emits 'error' on it with nobody awaiting a query.
        await sleep(200);
        await tx.execute(sql`SELECT 1`);
        return 'committed';
      })
      .catch((error: unknown) => error);
    expect(isConnectionError(outcome)).toBe(true);
    expect(watch.unhandled).toEqual([]);
    const [row] = await queryRows<{ one: number }>(database.db, sql`SELECT 1 AS one`);
    expect(row.one).toBe(1);
  });

  it('gives every slot of a small pool back after connections cut at any moment', async () => {
    for (let round = 0; round < 12; round++) {
      const work = [
        database.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT pg_sleep(0.05)`);
          await tx.execute(sql`SELECT 1`);
        }),
        database.db.execute(sql`SELECT pg_sleep(0.05)`),
        database.db.transaction(async (tx) => void (await tx.execute(sql`SELECT 1`))),
      ].map((p) =>
        p.then(
          () => null,
          (error: unknown) => error,
        ),
      );
      await sleep(round % 3 === 0 ? 0 : 20 * (round % 4));
      await terminateSessions(admin);
      for (const error of await Promise.all(work)) {
        if (error) expect(isConnectionError(error), String(error)).toBe(true);
      }
    }
    // Idle connections cut in the last round leave the pool once pg reports them (a moment).
    await sleep(300);
    // Two slots: if a cut connection had kept one, these would wait forever.
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => database.db.transaction((tx) => queryRows<{ one: number }>(tx, sql`SELECT 1 AS one`))),
    );
    expect(answers.map(([row]) => row.one)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(watch.unhandled).toEqual([]);
  });

  it('logs a lost connection in one line and does not end the process', async () => {
    const lines: string[] = [];
    const logged = await openDatabase({ databaseUrl: connectionStringOf(database), poolSize: 2, log: { warn: (m) => lines.push(m) } });
    try {
      await logged.db.execute(sql`SELECT 1`);
      await logged.db
        .transaction(async (tx) => {
          const [{ pid }] = await queryRows<{ pid: number }>(tx, sql`SELECT pg_backend_pid() AS pid`);
          await admin.query('SELECT pg_terminate_backend($1)', [pid]);
          await sleep(200);
        })
        .catch(() => {});
      expect(lines.length).toBeGreaterThanOrEqual(1);
      expect(lines.every((line) => !line.includes('\n'))).toBe(true);
      expect(lines[0]).toMatch(/PostgreSQL: conexão perdida \/ connection lost \((57P01|Connection terminated)/);
      expect(watch.unhandled).toEqual([]);
    } finally {
      await logged.close();
    }
  });
});

describe.skipIf(!onPostgres)('a sale while PostgreSQL sessions are terminated', () => {
  let server: TestServer;
  let admin: pg.Client;
  let watch: ReturnType<typeof watchProcess>;

  beforeAll(async () => {
    server = await startTestServer({ poolSize: 20 });
    admin = new pg.Client({ connectionString: connectionStringOf(server.database) });
    await admin.connect();
    watch = watchProcess();
  });
  afterAll(async () => {
    watch?.stop();
    await admin?.end();
    await server?.stop();
  });

  function post(url: string, cookie: string, payload: object = {}) {
    return server.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  }

  it('answers the requests it loses with a pt-BR 503, keeps serving, and keeps every unit accounted for', async () => {
    // 'Reserva' is left out of the sale, for the purchase once the cuts end.
    const stock = { Pista: 60, VIP: 30, Meia: 40, Reserva: 5 };
    const { event, sectors } = await createEvent(
      server,
      Object.entries(stock).map(([name, remaining], i) => ({ name, priceCentavos: 4000 * (i + 1), remaining })),
    );
    const initialStockBySectorId = Object.fromEntries(sectors.map((t) => [t.id, t.remaining]));
    const buyers = await Promise.all(Array.from({ length: 8 }, () => server.signUpAs()));

    type Answer = { step: string; status: number; body: { code?: string; message?: string }; retryAfter?: string };
    const answers: Answer[] = [];
    const record = (step: string, response: Awaited<ReturnType<typeof post>>): Answer => {
      const answer = {
        step,
        status: response.statusCode,
        body: response.json(),
        retryAfter: response.headers['retry-after'] as string | undefined,
      };
      answers.push(answer);
      return answer;
    };

    let selling = true;
    const sale = buyers.map(async (person, b) => {
      for (let i = 0; selling; i++) {
        const type = sectors[(b + i) % 3];
        const placed = record(
          'place',
          await post('/api/orders', person.cookie, {
            eventId: event.id,
            items: [{ sectorId: type.id, quantity: 1 + (i % 2) }],
            buyer,
            paymentMethod: 'pix',
            installments: 1,
          }),
        );
        if (placed.status === 201 && i % 3 !== 2) {
          record('pay', await post(`/api/orders/${(placed.body as { id: string }).id}/simulate-pix-payment`, person.cookie));
        }
      }
    });

    let terminated = 0;
    for (let cut = 0; cut < 8; cut++) {
      await sleep(250);
      terminated += await terminateSessions(admin);
    }
    selling = false;
    await Promise.all(sale);

    expect(terminated).toBeGreaterThan(0);
    // Selling goes on until the cuts end, so stock may run out: sold out is a normal answer.
    const lost = answers.filter((a) => a.status >= 400 && !(a.status === 409 && a.body.code === 'ticket_type_sold_out'));
    // Losing connections must have cost something, or this test proved nothing.
    expect(lost.length).toBeGreaterThan(0);
    const tally: Record<string, number> = {};
    for (const a of answers) {
      const key = `${a.step} ${a.status} ${a.body.code ?? ''}`.trim();
      tally[key] = (tally[key] ?? 0) + 1;
    }
    for (const answer of lost) {
      expect(
        answer,
        `${answer.step} answered ${answer.status} ${JSON.stringify(answer.body)}; all answers: ${JSON.stringify(tally)}`,
      ).toMatchObject({
        status: 503,
        retryAfter: '2',
        body: { code: 'database_unavailable', message: errorMessages.database_unavailable },
      });
    }
    expect(answers.filter((a) => a.status === 201).length).toBeGreaterThan(0);

    // Still serving once the database is left alone.
    const later = await server.signUpAs();
    const placed = await post('/api/orders', later.cookie, {
      eventId: event.id,
      items: [{ sectorId: sectors[3].id, quantity: 1 }],
      buyer,
      paymentMethod: 'pix',
      installments: 1,
    });
    expect(placed.statusCode).toBe(201);
    const paid = await post(`/api/orders/${placed.json().id}/simulate-pix-payment`, later.cookie);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().status).toBe('completed');
    expect((await server.app.inject({ method: 'GET', url: `/api/events/${event.id}` })).statusCode).toBe(200);

    expect(await checkInventoryInvariants(server.deps.db, { initialStockBySectorId })).toEqual([]);
    // Orders cut off before the provider answered are finished or released by the worker; past
    // every hold, none is left holding units.
    const afterHolds = new Date(Date.now() + (server.deps.orderHoldMinutes + 1) * 60_000);
    await runWorkerOnce(server.deps, afterHolds);
    expect(await checkInventoryInvariants(server.deps.db, { initialStockBySectorId, now: afterHolds })).toEqual([]);
    expect(watch.unhandled).toEqual([]);
  });
});
