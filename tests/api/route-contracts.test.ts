import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRegisteredRoutes } from '../../src/server/http/app';
import { startTestServer, type TestServer } from '../support/test-server';

// Every /api route declares its answers (schema.response, zod schemas of src/shared/schemas) and
// is serialized through them. Routes are read from the app itself, so a route added later without
// a response schema fails here.

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
    expect(undeclared.sort()).toEqual([]);
  });

  it('exempts only registered routes', () => {
    const routes = apiRoutes();
    for (const route of Object.keys(exempt)) expect(routes.has(route), route).toBe(true);
  });
});
