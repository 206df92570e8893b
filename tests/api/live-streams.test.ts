import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '../../src/shared/errors';
import { createEvent, startTestServer, type TestServer } from '../support/test-server';

// The live streams (Server-Sent Events: the bell's GET /api/live and the door's live counts) are
// capped per person, per client address and per server instance, and end when the session that
// opened them no longer may: signed out, account deleted, door role removed.

let server: TestServer;
let baseUrl: string;

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await server?.stop();
});

interface Stream {
  status: number;
  text(): string;
  /** The server ended the stream (or the connection closed). */
  readonly ended: boolean;
  close(): void;
}

const opened: Stream[] = [];
afterEach(() => {
  for (const stream of opened.splice(0)) stream.close();
});

/**
 * Opens a live stream from `localAddress` (any 127.x address reaches the server, each one a client
 * address of its own). Resolves once the first event arrived, or once a refusal's body was read.
 */
function openStream(path: string, cookie: string, localAddress = '127.0.0.1'): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}${path}`, { headers: { cookie }, agent: false, localAddress }, (response) => {
      let text = '';
      let ended = false;
      const stream: Stream = {
        status: response.statusCode ?? 0,
        text: () => text,
        get ended() {
          return ended;
        },
        close: () => request.destroy(),
      };
      opened.push(stream);
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        if (stream.status === 200 && text.includes('event: ')) resolve(stream);
      });
      const finish = () => {
        ended = true;
        resolve(stream);
      };
      response.on('end', finish);
      response.on('close', finish);
      response.on('error', () => {});
    });
    request.on('error', reject);
  });
}

/** Opens streams one after the other; every one must open. */
async function openMany(count: number, path: string, cookie: string, localAddress: string): Promise<Stream[]> {
  const streams: Stream[] = [];
  for (let i = 0; i < count; i++) {
    const stream = await openStream(path, cookie, localAddress);
    expect(stream.status, `stream ${i + 1}`).toBe(200);
    streams.push(stream);
  }
  return streams;
}

function expectRefused(stream: Stream) {
  expect(stream.status).toBe(429);
  expect(JSON.parse(stream.text())).toMatchObject({ code: 'too_many_live_streams', message: errorMessages.too_many_live_streams });
}

const doorLive = (eventId: string) => `/api/door/events/${eventId}/live`;

function call(method: 'POST' | 'DELETE', url: string, cookie: string, payload?: object) {
  return server.app.inject({ method, url, headers: { cookie, origin: server.origin }, payload: payload ?? {} });
}

describe('caps on live streams', () => {
  it('refuses the 21st live stream of one person while their 20 stay open, and opens one again when one closes', async () => {
    const person = await server.signUpAs(['validator']);
    const { event } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }]);
    const address = '127.0.0.2';
    // Both kinds of stream count against the same cap.
    const streams = [
      ...(await openMany(10, '/api/live', person.cookie, address)),
      ...(await openMany(10, doorLive(event.id), person.cookie, address)),
    ];

    expectRefused(await openStream('/api/live', person.cookie, address));
    expectRefused(await openStream(doorLive(event.id), person.cookie, address));
    // From another address too: the cap is the person's.
    expectRefused(await openStream('/api/live', person.cookie, '127.0.0.12'));
    expect(streams.filter((s) => s.ended)).toHaveLength(0);
    // Someone else on the same address is not affected.
    expect((await openStream('/api/live', (await server.signUpAs()).cookie, address)).status).toBe(200);

    streams[0].close();
    await expect
      .poll(async () => (await openStream('/api/live', person.cookie, address)).status, { timeout: 5000, interval: 100 })
      .toBe(200);
    expectRefused(await openStream(doorLive(event.id), person.cookie, address));
  });

  it('refuses a stream beyond 60 from one client address, whoever asks', async () => {
    const address = '127.0.0.3';
    const people = await Promise.all([server.signUpAs(), server.signUpAs(), server.signUpAs(), server.signUpAs()]);
    for (const person of people.slice(0, 3)) await openMany(20, '/api/live', person.cookie, address);
    expectRefused(await openStream('/api/live', people[3].cookie, address));
    // The same person from another address is let in.
    expect((await openStream('/api/live', people[3].cookie, '127.0.0.4')).status).toBe(200);
  });
});

describe('live streams after the session changes', () => {
  it('ends the stream of a session that signs out, and only that session’s', async () => {
    const person = await server.signUpAs();
    const other = await server.signUpAs();
    const signIn = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: server.origin, 'content-type': 'application/json' },
      payload: { email: person.email, password: 'senha-de-teste-123' },
    });
    const secondDevice = [signIn.headers['set-cookie']]
      .flat()
      .map((c) => String(c).split(';')[0])
      .join('; ');
    const mine = await openStream('/api/live', person.cookie);
    const myOtherDevice = await openStream('/api/live', secondDevice);
    const theirs = await openStream('/api/live', other.cookie);

    expect((await call('POST', '/api/auth/sign-out', person.cookie)).statusCode).toBe(200);
    await expect.poll(() => mine.ended, { timeout: 5000 }).toBe(true);
    expect(myOtherDevice.ended).toBe(false);
    expect(theirs.ended).toBe(false);
    expect((await openStream('/api/live', person.cookie)).status).toBe(401);
  });

  it('ends the door stream of a validator whose role is removed, and keeps their other live stream', async () => {
    const admin = await server.signUpAs(['admin']);
    const door = await server.signUpAs(['validator']);
    const colleague = await server.signUpAs(['validator']);
    const { event } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }]);
    const counts = await openStream(doorLive(event.id), door.cookie);
    expect(counts.text()).toContain('data: {"entries":0,"sold":0}');
    const bell = await openStream('/api/live', door.cookie);
    const theirCounts = await openStream(doorLive(event.id), colleague.cookie);

    expect((await call('DELETE', `/api/admin/staff/${door.userId}/roles/validator`, admin.cookie)).statusCode).toBe(204);
    await expect.poll(() => counts.ended, { timeout: 5000 }).toBe(true);
    expect(bell.ended).toBe(false);
    expect(theirCounts.ended).toBe(false);
    expect((await openStream(doorLive(event.id), door.cookie)).status).toBe(403);
  });

  it('ends every stream of an account that is deleted', async () => {
    const person = await server.signUpAs(['validator']);
    const { event } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }]);
    const streams = [await openStream('/api/live', person.cookie), await openStream(doorLive(event.id), person.cookie)];
    expect((await call('DELETE', '/api/me', person.cookie)).statusCode).toBe(200);
    await expect.poll(() => streams.every((s) => s.ended), { timeout: 5000 }).toBe(true);
  });
});
