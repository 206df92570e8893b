import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRegisteredRoutes } from '../../src/server/http/app';
import { startTestServer, type TestServer } from '../support/test-server';

// Every /api route declares its answers (schema.response, zod schemas of src/shared/schemas) and
// is serialized through them. Routes are read from the app itself, so a route added later without
// a response schema fails here.

/** Routes not declaring their answers yet: this list may only shrink. */
const notYetDeclared: string[] = [
  'DELETE /api/admin/banners/:id',
  'DELETE /api/admin/coupons/:id',
  'DELETE /api/admin/events/:id',
  'DELETE /api/admin/events/:id/ticket-types/:ticketTypeId',
  'DELETE /api/admin/news/:id',
  'DELETE /api/guest-lists/:id/entries/:entryId',
  'GET /api/admin/banners',
  'GET /api/admin/box-office/conflicts',
  'GET /api/admin/box-office/drawers',
  'GET /api/admin/box-office/events/:id/sectors',
  'GET /api/admin/coupons',
  'GET /api/admin/coupons/events',
  'GET /api/admin/dashboard',
  'GET /api/admin/events',
  'GET /api/admin/events/:id',
  'GET /api/admin/events/:id/attendees',
  'GET /api/admin/events/:id/attendees.csv',
  'GET /api/admin/events/:id/bordero',
  'GET /api/admin/events/:id/bordero.csv',
  'GET /api/admin/events/:id/bordero.pdf',
  'GET /api/admin/events/:id/buyers',
  'GET /api/admin/events/:id/buyers.csv',
  'GET /api/admin/events/:id/check-ins.csv',
  'GET /api/admin/events/:id/courtesies',
  'GET /api/admin/events/:id/courtesy-quotas',
  'GET /api/admin/events/:id/cpf-sales',
  'GET /api/admin/events/:id/cpf-sales.csv',
  'GET /api/admin/events/:id/guest-lists',
  'GET /api/admin/events/:id/sessions',
  'GET /api/admin/news',
  'GET /api/box-office/drawers/:id',
  'GET /api/box-office/drawers/:id/sales',
  'GET /api/box-office/events',
  'GET /api/box-office/events/:id/state',
  'GET /api/box-office/sales/:id',
  'GET /api/door/events/:id/guest-search',
  'GET /api/events/:id/waiting-room/challenge',
  'GET /api/guest-list-links/:token',
  'GET /api/guest-lists',
  'GET /api/guest-lists/:id',
  'PATCH /api/admin/banners/:id',
  'PATCH /api/admin/coupons/:id',
  'PATCH /api/admin/events/:id/bordero',
  'PATCH /api/admin/news/:id',
  'POST /api/admin/banners',
  'POST /api/admin/coupons',
  'POST /api/admin/events',
  'POST /api/admin/events/:id/cancel',
  'POST /api/admin/events/:id/courtesies',
  'POST /api/admin/events/:id/guest-lists',
  'POST /api/admin/news',
  'POST /api/admin/uploads/:folder',
  'POST /api/box-office/blocks',
  'POST /api/box-office/blocks/:id/return',
  'POST /api/box-office/drawers',
  'POST /api/box-office/drawers/:id/close',
  'POST /api/box-office/drawers/:id/movements',
  'POST /api/box-office/sales',
  'POST /api/box-office/sales/:id/confirm-pix',
  'POST /api/box-office/sales/:id/refund',
  'POST /api/box-office/sync',
  'POST /api/coupons/preview',
  'POST /api/door/guest-entries/:id/admit',
  'POST /api/guest-list-links/:token/entries',
  'POST /api/guest-lists/:id/entries',
  'POST /api/guest-lists/:id/import',
  'PUT /api/admin/banners/:id',
  'PUT /api/admin/box-office/sectors/:id',
  'PUT /api/admin/brands/:slug',
  'PUT /api/admin/coupons/:id',
  'PUT /api/admin/events/:id',
  'PUT /api/admin/events/:id/courtesy-quotas',
  'PUT /api/admin/events/:id/sessions',
  'PUT /api/admin/news/:id',
];

/** Routes whose answer is not JSON of a fixed shape, and why they declare none. */
const exempt: Record<string, string> = {
  'GET /api/auth/*':
    "better-auth's own endpoints (sessions, sign-in, OAuth redirects, its HTML error page): their answers are the library's",
  'POST /api/auth/*': "better-auth's own endpoints: their answers are the library's",
};

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

function apiRoutes() {
  const seen = new Map<string, string[]>();
  for (const route of listRegisteredRoutes(server.app)) {
    if (!route.url.startsWith('/api/') || route.method === 'HEAD' || route.method === 'OPTIONS') continue;
    seen.set(`${route.method} ${route.url}`, route.responses);
  }
  return seen;
}

describe('route contracts', () => {
  it('every /api route declares its success answers and the error body for 4xx and 5xx', () => {
    const undeclared: string[] = [];
    for (const [route, responses] of apiRoutes()) {
      if (route in exempt) continue;
      const success = responses.some((status) => /^[23]/.test(status));
      if (!success || !responses.includes('4xx') || !responses.includes('5xx')) undeclared.push(route);
    }
    expect(undeclared.sort()).toEqual([...notYetDeclared].sort());
  });

  it('names only registered routes in its lists', () => {
    const routes = apiRoutes();
    for (const route of [...notYetDeclared, ...Object.keys(exempt)]) expect(routes.has(route), route).toBe(true);
  });
});
