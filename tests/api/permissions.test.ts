import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/client';
import { listRegisteredRoutes } from '../../src/server/http/app';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';

// The permission walk (docs/rules/access.md 'Roles', docs/rules/access.md 'Who may see what'):
// every route the app registers under /api/admin/ (and the door's /api/check-ins and /api/door/) is called
// signed out, as a buyer and as door staff, and must refuse without changing a row. Routes are
// read from the app itself, so a route added later is walked without touching this file.

let server: TestServer;
let adminCookie: string;
let buyerCookie: string;
let validatorCookie: string;

beforeAll(async () => {
  server = await startTestServer();
  adminCookie = (await server.signUpAs(['admin'])).cookie;
  buyerCookie = (await server.signUpAs()).cookie;
  validatorCookie = (await server.signUpAs(['validator'])).cookie;

  // Some data for the routes to (not) change: an event, a paid order and a pending refund.
  const {
    event,
    sectors: [type],
  } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }]);
  const placed = await post('/api/orders', buyerCookie, {
    eventId: event.id,
    items: [{ sectorId: type.id, quantity: 1 }],
    buyer,
    paymentMethod: 'pix',
    installments: 1,
  });
  await post(`/api/orders/${placed.json().id}/simulate-pix-payment`, buyerCookie, {});
  await post('/api/refunds', buyerCookie, { orderId: placed.json().id, reason: 'Imprevisto' });
});
afterAll(async () => {
  await server?.stop();
});

function post(url: string, cookie: string, payload: object) {
  return server.app.inject({ method: 'POST', url, headers: { cookie }, payload });
}

interface WalkedRoute {
  method: string;
  url: string;
}

/** Routes registered on the app whose path starts with `prefix`, HEAD and OPTIONS left out. */
function routesUnder(prefix: string): WalkedRoute[] {
  const seen = new Set<string>();
  return listRegisteredRoutes(server.app)
    .filter((r) => r.url.startsWith(prefix) && r.method !== 'HEAD' && r.method !== 'OPTIONS')
    .filter((r) => !seen.has(`${r.method} ${r.url}`) && seen.add(`${r.method} ${r.url}`));
}

/** The route's path with every parameter a random UUID (a wildcard becomes a plain segment). */
function concretePath(url: string): string {
  return url.replace(/:[A-Za-z0-9_]+(\([^)]*\))?/g, () => randomUUID()).replace(/\*/g, 'x');
}

function call(route: WalkedRoute, cookie: string | null) {
  const hasBody = !['GET', 'DELETE'].includes(route.method);
  return server.app.inject({
    method: route.method as 'GET',
    url: concretePath(route.url),
    headers: cookie ? { cookie } : {},
    ...(hasBody ? { payload: {} } : {}),
  });
}

/**
 * A fingerprint of every row of every table, to show that nothing changed. `access_records` is left
 * out: it records that a signed-in person reached the application (docs/rules/accounts-and-data.md
 * 'Access records'), written beside every route, refused or not, and is not a change a route makes.
 */
async function snapshotRows(): Promise<Record<string, string>> {
  const tables = await queryRows<{ table_name: string }>(
    server.deps.db,
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'access_records' ORDER BY table_name`,
  );
  const fingerprint: Record<string, string> = {};
  for (const { table_name: table } of tables) {
    const [row] = await queryRows<{ rows: string; digest: string | null }>(
      server.deps.db,
      sql`SELECT count(*)::text AS rows, md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM ${sql.identifier(table)} t`,
    );
    fingerprint[table] = `${row.rows}:${row.digest ?? ''}`;
  }
  return fingerprint;
}

async function walk(routes: WalkedRoute[], cookie: string | null, expected: number): Promise<string[]> {
  const wrong: string[] = [];
  for (const route of routes) {
    const response = await call(route, cookie);
    const body = response.body ? (JSON.parse(response.body) as { code?: string }) : {};
    const expectedCode = expected === 401 ? ['unauthenticated'] : ['forbidden', 'refunds_admin_only'];
    if (response.statusCode !== expected || !expectedCode.includes(String(body.code))) {
      wrong.push(`${route.method} ${route.url} -> ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
  }
  return wrong;
}

describe('every admin route refuses anyone but an admin', () => {
  it('finds the admin routes registered on the app', () => {
    const routes = routesUnder('/api/admin/').map((r) => `${r.method} ${r.url}`);
    expect(routes).toContain('GET /api/admin/refunds');
    expect(routes).toContain('POST /api/admin/refunds/:id/approve');
    expect(routes).toContain('POST /api/admin/refunds/:id/reject');
    // Sales per CPF hold buyers' CPFs: admins only.
    expect(routes).toContain('GET /api/admin/events/:id/cpf-sales');
    expect(routes).toContain('GET /api/admin/events/:id/cpf-sales.csv');
  });

  it('answers 401 signed out, 403 to a buyer and to door staff, and changes no row', async () => {
    const routes = routesUnder('/api/admin/');
    const before = await snapshotRows();
    expect(await walk(routes, null, 401)).toEqual([]);
    expect(await walk(routes, buyerCookie, 403)).toEqual([]);
    expect(await walk(routes, validatorCookie, 403)).toEqual([]);
    expect(await snapshotRows()).toEqual(before);
  });

  it('lets an admin through the guard of every GET route', async () => {
    const refused: string[] = [];
    for (const route of routesUnder('/api/admin/').filter((r) => r.method === 'GET')) {
      const response = await call(route, adminCookie);
      if (response.statusCode === 401 || response.statusCode === 403) refused.push(`${route.url} -> ${response.statusCode}`);
    }
    expect(refused).toEqual([]);
  });
});

describe('the door refuses anyone but door staff', () => {
  it('answers 401 signed out and 403 to a buyer on every /api/check-ins and /api/door route, and records no scan', async () => {
    const routes = [...routesUnder('/api/check-ins'), ...routesUnder('/api/door/')];
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/check-ins',
        'POST /api/door/sync',
        'POST /api/door/manual-check-in',
        'GET /api/door/events/:id/offline-data',
      ]),
    );
    const before = await snapshotRows();
    expect(await walk(routes, null, 401)).toEqual([]);
    expect(await walk(routes, buyerCookie, 403)).toEqual([]);
    expect(await snapshotRows()).toEqual(before);
  });
});
