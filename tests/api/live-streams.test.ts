import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '../../src/shared/errors';
import { createEvent, startTestServer, type TestServer } from '../support/test-server';

// The live streams (Server-Sent Events: the bell's GET /api/live and the door's live counts) are
// capped per person, per client address and per server instance.

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

describe('caps on live streams', () => {
  it('refuses the 21st live stream of one person while their 20 stay open, and opens one again when one closes', async () => {
    const person = await server.signUpAs(['validator']);
    const { event } = await createEvent(server, [{ name: 'Pista', priceCentavos: 5000, remaining: 10 }]);
    const address = '127.0.0.2';
    // Both kinds of stream count against the same cap.
    const streams = [...(await openMany(10, '/api/live', person.cookie, address)), ...(await openMany(10, doorLive(event.id), person.cookie, address))];

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
