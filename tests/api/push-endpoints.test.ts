import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pushSubscriptions } from '../../src/server/db/schema';
import { MAX_PUSH_SUBSCRIPTIONS_PER_USER } from '../../src/server/services/notifications/push-subscriptions';
import { startTestServer, type TestServer } from '../support/test-server';

// Push subscriptions name an address the worker will call: only the browsers' push services
// (src/server/messaging/push-endpoints.ts), and a few per account.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const keys = () => {
  const device = createECDH('prime256v1');
  device.generateKeys();
  return { p256dh: device.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
};

const subscribe = (cookie: string, endpoint: string) =>
  server.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: { cookie }, payload: { endpoint, keys: keys() } });

describe('POST /api/push/subscriptions', () => {
  it('refuses private, loopback, link-local and internal endpoints with a pt-BR message, storing nothing', async () => {
    const { userId, cookie } = await server.signUpAs();
    for (const endpoint of [
      'http://127.0.0.1:5432/',
      'https://127.0.0.1:5432/',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1/',
      'https://[::1]:22/',
      'https://localhost/push',
      'https://postgres/',
      'https://fcm.googleapis.com.evil.example/x',
    ]) {
      const response = await subscribe(cookie, endpoint);
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'push_endpoint_invalid',
        message: 'Este navegador não usa um serviço de notificações conhecido. Tente outro navegador.',
      });
    }
    expect(await server.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).toEqual([]);
  });

  it('keeps a browser push service endpoint, and only the newest few per account', async () => {
    const { userId, cookie } = await server.signUpAs();
    const endpoints = Array.from(
      { length: MAX_PUSH_SUBSCRIPTIONS_PER_USER + 3 },
      (_, i) => `https://fcm.googleapis.com/fcm/send/device-${i}-${randomBytes(4).toString('hex')}`,
    );
    for (const endpoint of endpoints) expect((await subscribe(cookie, endpoint)).statusCode).toBe(204);
    const kept = (await server.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)))
      .map((s) => s.endpoint)
      .sort();
    expect(kept).toEqual(endpoints.slice(3).sort());
  });

  it('never calls an endpoint stored before the rule: the worker removes it as gone', async () => {
    const { userId } = await server.signUpAs();
    const [stored] = await server.deps.db
      .insert(pushSubscriptions)
      .values({ userId, endpoint: 'https://169.254.169.254/latest/meta-data/', ...keys() })
      .returning();
    expect(await server.deps.push!.send(stored, { title: 't', body: 'b', url: '/' })).toBe('gone');
  });
});
