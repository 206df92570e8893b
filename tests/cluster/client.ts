/**
 * The clients of `npm run test:cluster`: HTTP requests from a client address of their own
 * (127.x.y.z: every address of 127.0.0.0/8 is this machine, so HAProxy and the server see each
 * buyer, fan and door device as a different client, as behind a real load balancer), and the
 * retry rules a client follows when a server dies under it:
 * - a GET is sent again (up to 8 attempts, about 9 s) after a connection error or a 502/503/504;
 * - a POST is sent again only when sending it twice cannot do it twice: with an Idempotency-Key
 *   the server honours (the same key again), a scan with its device nonce (the server answers
 *   the recorded verdict), a waiting-room join (one place per account) or poll (read only);
 * - any other POST that fails that way is not sent blindly: the caller first checks whether it
 *   took effect (the order list, the order's status) and sends it again only when it did not.
 * Every retry is counted as 'absorbed' with its reason; an answer no rule absorbs is an error.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/** One answer: its status and JSON body (null when the body is not JSON), and the Set-Cookie pairs. */
export interface Answer {
  status: number;
  body: Record<string, unknown> | null;
  cookies: string[];
}

/** What happened to one attempt that got no usable answer: a network error's code, or the load balancer's 502/503/504. */
export class TransientFailure extends Error {
  constructor(
    readonly reason: string,
    readonly answer: Answer | null,
  ) {
    super(reason);
  }
}

const TRANSIENT_STATUSES = new Set([502, 503, 504]);

/** A client: its own address and keep-alive sockets, as one browser or one door device. */
export interface Client {
  address: string;
  agent: http.Agent;
}

/** The n-th client address: 127.10.x.y, never 127.0.0.1 (HAProxy's own, the one the servers trust). */
export function clientAddress(n: number): string {
  return `127.10.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

/** A client with its own address `clientAddress(n)` and keep-alive agent. */
export function makeClient(n: number): Client {
  return { address: clientAddress(n), agent: new http.Agent({ keepAlive: true, maxSockets: 4, timeout: 5000 }) };
}

/** Counters of the whole run: requests sent, retries absorbed by reason, errors seen by clients. */
export class Tally {
  requests = 0;
  /** Kept-alive sockets the server closed as they were reused, sent again at once (as browsers do). */
  staleSockets = 0;
  readonly absorbed = new Map<string, number>();
  readonly errors: string[] = [];
  readonly byLabel = new Map<string, number>();

  absorb(reason: string) {
    this.absorbed.set(reason, (this.absorbed.get(reason) ?? 0) + 1);
  }
  absorbedTotal() {
    return [...this.absorbed.values()].reduce((a, b) => a + b, 0);
  }
  error(message: string) {
    this.errors.push(message);
  }
}

export interface RequestOptions {
  origin: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  cookie?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
  /** A label for the counters ('order', 'pay', 'scan'...). */
  label: string;
  timeoutMs?: number;
}

/**
 * One attempt: answers the server's answer (any status but 502/503/504), or throws TransientFailure
 * (connection refused or reset, no answer in time, or the load balancer's 502/503/504). A kept-alive
 * socket the server closed as it was reused is sent again once at once, as browsers do (Node's docs,
 * `request.reusedSocket`): the request never reached a server.
 */
export function attempt(client: Client, tally: Tally, options: RequestOptions): Promise<Answer> {
  const url = new URL(options.path, options.origin);
  const payload = options.body === undefined ? null : Buffer.from(JSON.stringify(options.body));
  const headers: http.OutgoingHttpHeaders = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (payload) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = payload.length;
  }
  const once = (resent: boolean): Promise<Answer> =>
    new Promise((resolve, reject) => {
      tally.requests++;
      tally.byLabel.set(options.label, (tally.byLabel.get(options.label) ?? 0) + 1);
      const request = http.request(
        {
          agent: client.agent,
          localAddress: client.address,
          host: url.hostname,
          port: url.port,
          method: options.method,
          path: url.pathname + url.search,
          headers,
          timeout: options.timeoutMs ?? 20_000,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', (error: NodeJS.ErrnoException) => reject(new TransientFailure(error.code ?? error.message, null)));
          response.on('end', () => {
            let body: Record<string, unknown> | null = null;
            try {
              body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch {
              body = null;
            }
            const setCookie = response.headers['set-cookie'] ?? [];
            const answer = { status: response.statusCode ?? 0, body, cookies: setCookie.map((c) => c.split(';')[0]) };
            if (TRANSIENT_STATUSES.has(answer.status)) reject(new TransientFailure(`HTTP ${answer.status}`, answer));
            else resolve(answer);
          });
        },
      );
      request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (!resent && request.reusedSocket && error.code === 'ECONNRESET') {
          tally.staleSockets++;
          resolve(once(true));
        } else reject(new TransientFailure(error.code ?? error.message, null));
      });
      request.end(payload ?? undefined);
    });
  return once(false);
}

/**
 * Sends a request that may safely be sent again (a GET, a POST with an honoured Idempotency-Key,
 * a scan with its nonce, a join, a poll): up to `attempts` times, 250 ms more between each (at
 * most 1.5 s: about 9 s in all, the time HAProxy takes to see an instance back), on
 * `origins()` (which may pick another instance each time). Every transient failure followed by a
 * retry is counted as absorbed; throws the last TransientFailure when all attempts failed.
 */
export async function sendRetrying(
  client: Client,
  tally: Tally,
  options: Omit<RequestOptions, 'origin'> & { origin: string | (() => string) },
  attempts = 8,
): Promise<Answer> {
  let last: TransientFailure | null = null;
  for (let n = 0; n < attempts; n++) {
    if (last) {
      tally.absorb(`${options.label}: ${last.reason}, sent again`);
      await sleep(Math.min(1500, 250 * n));
    }
    const origin = typeof options.origin === 'function' ? options.origin() : options.origin;
    try {
      return await attempt(client, tally, { ...options, origin });
    } catch (error) {
      if (!(error instanceof TransientFailure)) throw error;
      last = error;
    }
  }
  throw last!;
}

/** One Server-Sent Events stream, reconnected after it ends (as EventSource does) until `close`. */
export interface LiveStream {
  /** 'ready' events received (one per connection). */
  readyCount: number;
  /** Open connections (their 'ready' received) that ended while the stream was wanted: a server stopped or died. */
  reconnects: number;
  /** performance.now() of the last 'ready'; 0 before the first. */
  lastReadyAt: number;
  /** performance.now() of each 'notifications' event. */
  notifications: number[];
  /** True while a connection is open and its 'ready' arrived. */
  open: boolean;
  close(): void;
}

/** Opens `GET /api/live` on `origin` with `cookie` from `client`'s address and keeps it open (connecting again 1 s after it ends). */
export function openLiveStream(client: Client, origin: string, cookie: string): LiveStream {
  let closed = false;
  let current: http.ClientRequest | null = null;
  const stream: LiveStream = {
    readyCount: 0,
    reconnects: 0,
    lastReadyAt: 0,
    notifications: [],
    open: false,
    close() {
      closed = true;
      current?.destroy();
    },
  };
  const connect = () => {
    if (closed) return;
    const url = new URL('/api/live', origin);
    const request = http.get(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        localAddress: client.address,
        agent: false,
        headers: { cookie, accept: 'text/event-stream' },
      },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          return;
        }
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const name = /^event: ?(.*)$/m.exec(block)?.[1];
            if (name === 'ready') {
              stream.readyCount++;
              stream.lastReadyAt = performance.now();
              stream.open = true;
            } else if (name === 'notifications') stream.notifications.push(performance.now());
          }
        });
        response.on('error', () => undefined);
      },
    );
    current = request;
    const again = () => {
      if (current !== request) return;
      if (stream.open) stream.reconnects++;
      stream.open = false;
      current = null;
      if (closed) return;
      setTimeout(connect, 1000);
    };
    request.on('close', again);
    request.on('error', () => undefined);
  };
  connect();
  return stream;
}
