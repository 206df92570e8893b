import { createHmac, randomBytes } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionCacheOf } from '../../src/server/http/app';
import { startTestServer, type TestServer } from '../support/test-server';

// The cache of checked sessions (src/server/http/session.ts) keeps live sessions only, and never
// more than its bound, whatever cookies clients make up.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const me = (cookie: string) => server.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });

/** A garbage collection on demand (V8's own, exposed for this test when node was not started with --expose-gc). */
function collectGarbage(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

describe('the checked-session cache', () => {
  it('keeps nothing for 10,000 different invalid cookies, and memory stays flat', async () => {
    const cache = sessionCacheOf(server.app)!;
    const secret = (server.auth.options as { secret: string }).secret;
    const signed = (token: string) => encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`);
    // Three kinds: a wrong signature; a right signature of a session that does not exist; 15 KB of junk.
    const junk = (i: number) => {
      const value =
        i % 3 === 0
          ? `${randomBytes(24).toString('base64url')}.${randomBytes(32).toString('base64')}`
          : i % 3 === 1
            ? signed(randomBytes(24).toString('base64url'))
            : randomBytes(11_250).toString('base64');
      return `better-auth.session_token=${value}`;
    };
    const getSession = vi.spyOn(server.auth.api, 'getSession');
    const gc = collectGarbage();
    const send = async (from: number, to: number) => {
      for (let start = from; start < to; start += 100) {
        const answers = await Promise.all(Array.from({ length: Math.min(100, to - start) }, (_, k) => me(junk(start + k))));
        for (const answer of answers) expect(answer.json().user).toBeNull();
      }
    };
    // A first round warms the code up; memory is measured over the next 9,000.
    await send(0, 1000);
    gc();
    const before = process.memoryUsage().heapUsed;
    await send(1000, 10_000);
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    expect(cache.size).toBe(0);
    expect(grown).toBeLessThan(8 * 1024 * 1024);
    // The 15 KB cookies were never handed to better-auth to verify; only the short forged ones were.
    expect(getSession.mock.calls.length).toBeLessThanOrEqual(Math.ceil(10_000 / 3));
    getSession.mockRestore();
  });

  it('keeps a live session once, and drops it at sign-out', async () => {
    const cache = sessionCacheOf(server.app)!;
    const before = cache.size;
    const { cookie, userId } = await server.signUpAs();
    expect((await me(cookie)).json().user.id).toBe(userId);
    expect((await me(cookie)).json().user.id).toBe(userId);
    expect(cache.size).toBe(before + 1);
    const out = await server.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, origin: server.origin }, payload: {} });
    expect(out.statusCode).toBe(200);
    expect((await me(cookie)).json().user).toBeNull();
    expect(cache.size).toBe(before);
  });
});
