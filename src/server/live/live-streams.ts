import type { FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import { DomainError } from '../../shared/errors';
import { SESSIONS_CHANNEL } from '../services/staff/session-events';
import type { LiveHub } from './live-hub';

/** docs/architecture.md 'Live updates': a comment every 25 s keeps proxies from closing the stream. */
const HEARTBEAT_MS = 25_000;

/**
 * When the server shuts down (docs/rules/operations.md 'Shutdown'), each open stream is told to
 * reconnect after a delay drawn in this span, in ms, then ended.
 */
export const RECONNECT_SPREAD_MS = [1000, 5000] as const;

/** The raw answers opened as live streams: they last as long as the page stays open. */
const openedAnswers = new WeakSet<object>();

/**
 * Whether `raw` (a reply's `reply.raw`) was opened as a live stream: such an answer lasts minutes
 * or hours, so the request timings leave it out (docs/rules/operations.md 'Metrics').
 */
export function isLiveStreamAnswer(raw: object): boolean {
  return openedAnswers.has(raw);
}

/**
 * Most live streams (Server-Sent Events) open at once on one server instance. Each one holds a
 * socket, a heartbeat timer and a listener, and a door stream reads the counts as it opens:
 * without caps one buyer held 1,000 streams, and 100 door streams opened in a third of a second.
 * - perUser 20: a person has a handful open (the bell on each open tab, a door screen or two, the
 *   attendees page); 20 leaves room for many tabs and devices.
 * - perAddress 60: a door team behind one venue Wi-Fi, or a household behind one router, shares
 *   an address (the one Fastify resolved, TRUST_PROXY); 60 is three people at their own cap.
 * - perInstance 2,000: what one instance keeps beside its ordinary requests (keep the process's
 *   open-files limit above it); more people are served by more instances.
 */
export const LIVE_STREAM_LIMITS = { perUser: 20, perAddress: 60, perInstance: 2000 } as const;

export type LiveStreamLimits = { perUser: number; perAddress: number; perInstance: number };

/** Who opens a stream: the signed-in user, and the client address Fastify resolved (TRUST_PROXY). */
export interface LiveStreamOwner {
  userId: string;
  address: string;
}

/** Which cap a stream would pass, or null when there is room. */
export type LiveStreamCap = 'user' | 'address' | 'instance';

/**
 * The count of open streams per user, per address and in all, against `limits` (the pure
 * bookkeeping of createLiveStreams): `capReached` answers before `add` is called.
 */
export function createLiveStreamCounts(limits: LiveStreamLimits = LIVE_STREAM_LIMITS) {
  const byUser = new Map<string, number>();
  const byAddress = new Map<string, number>();
  let total = 0;
  const change = (counts: Map<string, number>, key: string, by: number) => {
    const next = (counts.get(key) ?? 0) + by;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };
  return {
    /** The first cap (the person's, the address's, the instance's) one more stream of `owner` would pass. */
    capReached(owner: LiveStreamOwner): LiveStreamCap | null {
      if ((byUser.get(owner.userId) ?? 0) >= limits.perUser) return 'user';
      if ((byAddress.get(owner.address) ?? 0) >= limits.perAddress) return 'address';
      if (total >= limits.perInstance) return 'instance';
      return null;
    },
    add(owner: LiveStreamOwner) {
      change(byUser, owner.userId, 1);
      change(byAddress, owner.address, 1);
      total++;
    },
    remove(owner: LiveStreamOwner) {
      change(byUser, owner.userId, -1);
      change(byAddress, owner.address, -1);
      total--;
    },
    get total(): number {
      return total;
    },
  };
}

/** One open stream, as a route uses it. */
export interface LiveStream {
  /** Writes the event `event` with `data` as JSON; nothing once the stream has ended. */
  send(event: string, data: unknown): void;
  /** Ends the stream from the server's side. */
  end(): void;
  /** Runs `cleanup` once the stream ends, whoever ends it; at once when it already has. */
  onEnd(cleanup: () => void): void;
}

export interface LiveStreams {
  /**
   * Throws DomainError('too_many_live_streams') (429, with `details.cap`) when `owner` has no room
   * for another stream: for a route to ask before costly work; `open` asks again.
   */
  assertRoom(owner: LiveStreamOwner): void;
  /**
   * Opens `reply` as a Server-Sent Events stream (status 200, `retry: 1000` as the browser's first
   * reconnection delay, a comment every 25 s) counted against LIVE_STREAM_LIMITS. Throws
   * DomainError('too_many_live_streams') before anything is written when a cap is reached.
   * `isStillAllowed` is asked whenever the owner's sessions or roles change; the stream ends when
   * it answers false (or fails).
   */
  open(reply: FastifyReply, owner: LiveStreamOwner, isStillAllowed: () => Promise<boolean>): LiveStream;
  /**
   * Ends every open stream and stops listening (the server closing, so it never waits on them),
   * each told first to reconnect after a delay drawn in RECONNECT_SPREAD_MS.
   */
  endAll(): void;
}

interface OpenStream {
  stream: LiveStream;
  /** Writes a raw Server-Sent Events field (nothing once the stream has ended). */
  write(field: string): void;
  isStillAllowed: () => Promise<boolean>;
  /** Asked now; asked again once the answer is in when `again` (a change announced meanwhile). */
  checking: boolean;
  again: boolean;
}

/**
 * The live streams of one server instance (docs/architecture.md 'Live updates'; used by GET /api/live
 * and the door's GET /api/door/events/:id/live): capped per user, per client address and in all
 * (LIVE_STREAM_LIMITS), a stream over a cap refused with 429 before it opens. A stream lives no
 * longer than the right to it: when a user's sessions or roles change on any server instance
 * (signed out, session revoked, password changed or reset, account deleted, a role removed:
 * announced on the `sessions` channel, services/staff/session-events.ts), each of their streams
 * asks its `isStillAllowed` again and ends on a no.
 */
export function createLiveStreams(live: LiveHub, log: Logger, limits: LiveStreamLimits = LIVE_STREAM_LIMITS): LiveStreams {
  const counts = createLiveStreamCounts(limits);
  const byUser = new Map<string, Set<OpenStream>>();

  const recheck = async (entry: OpenStream) => {
    if (entry.checking) {
      entry.again = true;
      return;
    }
    entry.checking = true;
    try {
      do {
        entry.again = false;
        let allowed = false;
        try {
          allowed = await entry.isStillAllowed();
        } catch (error) {
          log.warn({ err: error }, 'live stream: session could not be checked again; ended');
        }
        if (!allowed) {
          entry.stream.end();
          return;
        }
      } while (entry.again);
    } finally {
      entry.checking = false;
    }
  };
  // When the last change was announced (performance.now() ms): a stream whose request was under
  // way then may have been let in on the answer of before, and is asked again as it opens.
  let announcedAt = -Infinity;
  const unsubscribe = live.subscribe(SESSIONS_CHANNEL, (payload) => {
    announcedAt = performance.now();
    const entries =
      payload === 'all'
        ? [...byUser.values()].flatMap((mine) => [...mine])
        : payload.startsWith('user:')
          ? [...(byUser.get(payload.slice(5)) ?? [])]
          : [];
    for (const entry of entries) void recheck(entry);
  });

  const assertRoom = (owner: LiveStreamOwner) => {
    const cap = counts.capReached(owner);
    if (cap) throw new DomainError('too_many_live_streams', { cap });
  };

  return {
    assertRoom,
    open(reply, owner, isStillAllowed) {
      assertRoom(owner);
      reply.hijack();
      const out = reply.raw;
      openedAnswers.add(out);
      out.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      out.write('retry: 1000\n\n');
      const cleanups: (() => void)[] = [];
      let ended = false;
      const heartbeat = setInterval(() => out.write(': ping\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      // The client went away, the connection failed, or the server ended it: counted out once.
      const stop = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        const mine = byUser.get(owner.userId);
        mine?.delete(entry);
        if (mine?.size === 0) byUser.delete(owner.userId);
        counts.remove(owner);
        for (const cleanup of cleanups.splice(0)) cleanup();
      };
      const stream: LiveStream = {
        send(event, data) {
          if (!ended) out.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        },
        end() {
          if (ended) return;
          stop();
          out.end();
        },
        onEnd(cleanup) {
          if (ended) cleanup();
          else cleanups.push(cleanup);
        },
      };
      const entry: OpenStream = {
        stream,
        write: (field) => void (ended || out.write(field)),
        isStillAllowed,
        checking: false,
        again: false,
      };
      counts.add(owner);
      if (!byUser.has(owner.userId)) byUser.set(owner.userId, new Set());
      byUser.get(owner.userId)!.add(entry);
      if (announcedAt >= performance.now() - reply.elapsedTime) void recheck(entry);
      out.on('close', stop);
      out.on('error', stop);
      return stream;
    },
    endAll() {
      unsubscribe();
      for (const entry of [...byUser.values()].flatMap((mine) => [...mine])) {
        // The browser's EventSource reconnects after `retry` ms, through the load balancer to
        // another instance; spread over RECONNECT_SPREAD_MS so they do not all arrive at once.
        const [from, to] = RECONNECT_SPREAD_MS;
        entry.write(`retry: ${from + Math.floor(Math.random() * (to - from))}\n\n`);
        entry.stream.end();
      }
    },
  };
}
