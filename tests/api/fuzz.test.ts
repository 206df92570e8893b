import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, startTestServer, type TestServer } from '../support/test-server';

// Malformed requests over the box office, guest lists, the waiting room, transfers, refunds and
// the event page, as the roles that reach validation and the services: none may answer 500.
// Deterministic: one seeded generator, so a failure is replayed by running the file again.

let server: TestServer;
const cookies: Record<'admin' | 'box_office' | 'validator' | 'user', string> = { admin: '', box_office: '', validator: '', user: '' };
let eventId = '';
let sectorId = '';

beforeAll(async () => {
  server = await startTestServer();
  for (const role of ['admin', 'box_office', 'validator', 'user'] as const)
    cookies[role] = (await server.signUpAs(role === 'user' ? [] : [role])).cookie;
  const { event, sectors } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 50 }]);
  eventId = event.id;
  sectorId = sectors[0].id;
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

/** mulberry32: a small seeded generator. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  return { next, pick };
}

const hostileValues: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  -2147483648,
  2147483647,
  2147483648,
  2 ** 53,
  -(2 ** 53),
  1e308,
  -1e308,
  0.5,
  1.0000001,
  '',
  ' ',
  'NaN',
  'Infinity',
  '-1',
  '2147483648',
  '1e309',
  'abc',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ud83d',
  'x'.repeat(10_000),
  'é'.repeat(3_000),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-fffffffffffffff',
  '1234',
  '2005-02-31',
  '2025-13-01',
  '0000-00-00',
  '9999-12-31T99:99:99Z',
  '2025-02-29T10:00:00Z',
  '<script>',
  "'; drop table orders; --",
  [],
  [null],
  [1, 2, 3],
  {},
  { a: 1 },
  { __proto__: { polluted: true } },
  { constructor: { prototype: {} } },
];
const badUuids = [
  '1',
  'not-a-uuid',
  '00000000-0000-0000-0000-00000000000g',
  '%00',
  '%ED%A0%80',
  'x'.repeat(300),
  '00000000-0000-4000-8000-000000000000',
  '..%2F..',
  '-1',
  '2147483648',
];
const badJson = [
  '{',
  '{"a":',
  '[1,2',
  'null',
  '"texto"',
  '12',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":1e999}',
  '\u0000',
  '{"__proto__":{"x":1}}',
  '[]',
];

type Role = keyof typeof cookies;
interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  role: Role;
  /** A well-formed body the mutations start from (absent: the route takes none). */
  body?: () => Record<string, unknown>;
  query?: Record<string, string>;
}

const uuid = '00000000-0000-4000-8000-000000000001';
const sale = () => ({
  nonce: 'venda-0001-abcdef',
  blockId: uuid,
  drawerId: uuid,
  full: 1,
  meia: [],
  courtesy: 0,
  codes: [],
  payment: { method: 'cash', receivedCentavos: 10000 },
  buyerName: 'Ana',
  buyerEmail: '',
  soldAt: '2026-11-27T10:00:00.000Z',
  admit: false,
});
const routes: Route[] = [
  { method: 'GET', path: '/api/box-office/events', role: 'box_office' },
  { method: 'GET', path: '/api/box-office/events/:event/state', role: 'box_office' },
  {
    method: 'POST',
    path: '/api/box-office/drawers',
    role: 'box_office',
    body: () => ({ eventId, floatCentavos: 10000, deviceId: 'caixa-0001' }),
  },
  { method: 'GET', path: '/api/box-office/drawers/:id', role: 'box_office' },
  { method: 'GET', path: '/api/box-office/drawers/:id/sales', role: 'box_office' },
  {
    method: 'POST',
    path: '/api/box-office/drawers/:id/movements',
    role: 'box_office',
    body: () => ({ kind: 'supply', amountCentavos: 100, note: 'troco', nonce: 'mov-00000001' }),
  },
  { method: 'POST', path: '/api/box-office/drawers/:id/close', role: 'box_office', body: () => ({ countedCentavos: 100 }) },
  { method: 'POST', path: '/api/box-office/blocks', role: 'box_office', body: () => ({ eventId, sectorId, drawerId: uuid, size: 2 }) },
  { method: 'POST', path: '/api/box-office/blocks/:id/return', role: 'box_office' },
  { method: 'POST', path: '/api/box-office/sales', role: 'box_office', body: sale },
  { method: 'POST', path: '/api/box-office/sync', role: 'box_office', body: () => ({ sales: [sale()] }) },
  { method: 'GET', path: '/api/box-office/sales/:id', role: 'box_office' },
  { method: 'POST', path: '/api/box-office/sales/:id/confirm-pix', role: 'box_office', body: () => ({}) },
  { method: 'POST', path: '/api/box-office/sales/:id/refund', role: 'box_office', body: () => ({}) },
  { method: 'GET', path: '/api/admin/box-office/drawers', role: 'admin', query: { eventId: 'EVENT' } },
  { method: 'GET', path: '/api/admin/box-office/events/:event/sectors', role: 'admin' },
  { method: 'PUT', path: '/api/admin/box-office/sectors/:id', role: 'admin', body: () => ({ doorPriceCentavos: 5000, doorQuota: 10 }) },
  { method: 'GET', path: '/api/admin/box-office/conflicts', role: 'admin', query: { eventId: 'EVENT' } },
  { method: 'GET', path: '/api/admin/events/:event/guest-lists', role: 'admin' },
  {
    method: 'POST',
    path: '/api/admin/events/:event/guest-lists',
    role: 'admin',
    body: () => ({
      name: 'Lista VIP',
      ownerEmail: 'dona@exemplo.com.br',
      sectorId,
      quota: 10,
      freeUntil: '2030-01-01T22:00:00-03:00',
      afterKind: 'closed',
      closesAt: '2030-01-01T23:00:00-03:00',
    }),
  },
  { method: 'GET', path: '/api/guest-lists', role: 'validator' },
  { method: 'GET', path: '/api/guest-lists/:id', role: 'validator' },
  {
    method: 'POST',
    path: '/api/guest-lists/:id/entries',
    role: 'validator',
    body: () => ({ name: 'Ana Lima', email: 'ana@exemplo.com.br', cpf: '529.982.247-25' }),
  },
  { method: 'DELETE', path: '/api/guest-lists/:id/entries/:id', role: 'validator' },
  { method: 'POST', path: '/api/guest-lists/:id/import', role: 'validator', body: () => ({ csv: 'nome,email\nAna,ana@exemplo.com.br' }) },
  { method: 'GET', path: '/api/door/events/:event/guest-search', role: 'validator', query: { q: 'Ana' } },
  {
    method: 'POST',
    path: '/api/door/guest-entries/:id/admit',
    role: 'validator',
    body: () => ({ eventId, paymentMethod: 'cash', gate: 'A', deviceId: 'porta-1' }),
  },
  { method: 'GET', path: '/api/guest-list-links/:token', role: 'user' },
  {
    method: 'POST',
    path: '/api/guest-list-links/:token/entries',
    role: 'user',
    body: () => ({ name: 'Ana Lima', email: 'ana@exemplo.com.br', cpf: '529.982.247-25' }),
  },
  { method: 'GET', path: '/api/events/:event/waiting-room', role: 'user' },
  { method: 'GET', path: '/api/events/:event/waiting-room/challenge', role: 'user' },
  {
    method: 'POST',
    path: '/api/events/:event/waiting-room/join',
    role: 'user',
    body: () => ({
      proof: {
        challenge: {
          parameters: { nonce: 'n', algorithm: 'SHA-256', salt: 's', cost: 1, keyLength: 32, keyPrefix: '00' },
          signature: 'sig',
        },
        solution: { counter: 1, derivedKey: 'ab' },
      },
      cpf: '529.982.247-25',
      deviceId: 'aparelho-01',
    }),
  },
  { method: 'POST', path: '/api/events/:event/waiting-room/pass', role: 'user', body: () => ({ deviceId: 'aparelho-01' }) },
  { method: 'POST', path: '/api/waiting-room/status', role: 'user', body: () => ({ token: 'abc.def' }) },
  { method: 'GET', path: '/api/admin/events/:event/waiting-room', role: 'admin' },
  {
    method: 'PUT',
    path: '/api/admin/events/:event/waiting-room',
    role: 'admin',
    body: () => ({
      enabled: true,
      opensAt: '2030-01-01T10:00:00-03:00',
      onSaleAt: '2030-01-01T11:00:00-03:00',
      ratePerMinute: 10,
      maxInside: 10,
    }),
  },
  { method: 'POST', path: '/api/admin/events/:event/waiting-room/pause', role: 'admin', body: () => ({ paused: true }) },
  {
    method: 'POST',
    path: '/api/tickets/:id/transfers',
    role: 'user',
    body: () => ({ toName: 'Bruno Souza', toEmail: 'bruno@exemplo.com.br', toCpf: '529.982.247-25' }),
  },
  { method: 'POST', path: '/api/transfers/:id/cancel', role: 'user' },
  { method: 'GET', path: '/api/transfers/by-token/:token', role: 'user' },
  { method: 'POST', path: '/api/transfers/accept', role: 'user', body: () => ({ token: 'x'.repeat(32), cpf: '529.982.247-25' }) },
  { method: 'GET', path: '/api/refunds/eligible', role: 'user' },
  { method: 'GET', path: '/api/refunds/mine', role: 'user' },
  { method: 'POST', path: '/api/refunds', role: 'user', body: () => ({ orderId: uuid, reason: 'Não poderei ir' }) },
  { method: 'POST', path: '/api/refunds/withdraw', role: 'user', body: () => ({ orderId: uuid }) },
  { method: 'GET', path: '/api/events/:event', role: 'user', query: { codigo: 'PRE2030' } },
];

const CASES_PER_ROUTE = 70;

/** Replaces a value somewhere in `value` (one level down at most twice) with a hostile one, or drops or adds a field. */
function mutate(value: unknown, rng: ReturnType<typeof generator>, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > 2 || rng.next() < 0.25) return rng.pick(hostileValues);
  if (Array.isArray(value)) {
    if (value.length === 0) return [rng.pick(hostileValues)];
    const copy = [...value];
    copy[Math.floor(rng.next() * copy.length)] = mutate(copy[0], rng, depth + 1);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  const keys = Object.keys(copy);
  const roll = rng.next();
  if (roll < 0.15 && keys.length > 0) delete copy[rng.pick(keys)];
  else if (roll < 0.25) copy[rng.pick(['extra', '__proto__', 'id', 'role', 'priceCentavos'])] = rng.pick(hostileValues);
  else if (keys.length > 0) {
    const key = rng.pick(keys);
    copy[key] = mutate(copy[key], rng, depth + 1);
  }
  return copy;
}

function fillPath(path: string, rng: ReturnType<typeof generator>, wellFormed: boolean): string {
  return path
    .replace(':event', () => (wellFormed || rng.next() < 0.5 ? eventId : rng.pick(badUuids)))
    .replace(/:id/g, () => (wellFormed ? uuid : rng.pick([...badUuids, uuid, eventId])))
    .replace(':token', () => rng.pick(['x'.repeat(32), 'abc', '%00', '%ED%A0%80', 'a'.repeat(5_000), uuid, '..']));
}

describe('malformed requests', () => {
  it('never answers 500 over the box office, guest lists, waiting room, transfers, refunds and the event page', async () => {
    const rng = generator(20261127);
    const counts: Record<string, { requests: number; byStatus: Record<number, number> }> = {};
    const failures: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      counts[key] = { requests: 0, byStatus: {} };
      for (let i = 0; i < CASES_PER_ROUTE; i++) {
        const shape = rng.next();
        const url = fillPath(route.path, rng, shape < 0.5);
        const query = Object.entries(route.query ?? {})
          .map(([name, value]) => {
            const chosen = shape < 0.3 ? value : String(rng.pick(hostileValues));
            return `${name}=${encodeURIComponent(chosen === 'EVENT' ? eventId : chosen.replace(/[\ud800-\udfff]/g, '')).slice(0, 12_000)}`;
          })
          .join('&');
        const headers: Record<string, string> = { cookie: cookies[route.role] };
        let payload: string | undefined;
        if (route.method !== 'GET') {
          headers['content-type'] = 'application/json';
          const base = route.body?.() ?? {};
          payload = rng.next() < 0.12 ? rng.pick(badJson) : JSON.stringify(rng.next() < 0.1 ? base : mutate(base, rng));
        }
        const response = await server.app.inject({ method: route.method, url: query ? `${url}?${query}` : url, headers, payload });
        counts[key].requests++;
        counts[key].byStatus[response.statusCode] = (counts[key].byStatus[response.statusCode] ?? 0) + 1;
        if (response.statusCode >= 500)
          failures.push(`${key} ${url} ${payload?.slice(0, 300)} -> ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
    }
    const total = Object.values(counts).reduce((sum, c) => sum + c.requests, 0);
    console.log(
      `fuzz: ${total} requests\n${Object.entries(counts)
        .map(([k, c]) => `${k}: ${c.requests} ${JSON.stringify(c.byStatus)}`)
        .join('\n')}`,
    );
    expect(total).toBeGreaterThanOrEqual(3_000);
    expect(failures).toEqual([]);
  }, 120_000);
});
