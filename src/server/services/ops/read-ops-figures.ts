import { sql } from 'drizzle-orm';
import { poolStats, queryRows, type Db, type PoolStats } from '../../db/client';
import { orderStatuses, type OrderStatus } from '../../../shared/statuses';
import { REFUSAL_REASONS } from '../../../shared/schemas/tickets';
import { JOB_KINDS } from '../jobs';

/** A job's state as the metrics name it (docs/rules/operations.md 'Metrics'). */
export const JOB_STATES = ['queued', 'running', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * The figures the metrics read from the database, the same from every instance (docs/rules/operations.md 'Metrics').
 * Counts are whole numbers; ages in seconds.
 */
export interface OpsFigures {
  /** Orders by their status now (pending, completed, expired, failed, refunded, cancelled). */
  orders: Record<OrderStatus, number>;
  /** Outbox jobs not done, by kind and state; every known kind and state present, 0 when none. */
  jobs: { kind: string; state: JobState; count: number }[];
  /** Per kind, the age of its oldest job not done (0 when none). */
  oldestJobSeconds: Record<string, number>;
  /** Accepted entries ('in' scans) ever recorded, re-entries included. */
  admitted: number;
  /** Refused scans ever recorded, by reason; every known reason present. */
  refused: Record<string, number>;
  waitingRoom: {
    /** Places ever taken in any waiting room (one per account and event). */
    joins: number;
    /** People in a room that is on whose turn has not come yet. */
    waiting: number;
    /** Places whose turn has come (the outflow), summed over every room. */
    admitted: number;
  };
}

/**
 * The connections of this instance's `pg` pool as they stand now (in all, idle, checkouts
 * waiting), or null on PGlite (one embedded connection, no pool). Reads no table.
 */
export function readPoolStats(db: Db): PoolStats | null {
  return poolStats(db);
}

type Json<T> = T | string;
const parsed = <T>(value: Json<T> | null): T | null => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * Reads the metrics' database figures in one statement (one round trip, one pooled connection):
 * orders by status, the outbox's jobs not done by kind and state, the scans recorded at the door
 * (check_ins: accepted entries, refusals by reason) and the waiting rooms' joins, people waiting
 * and places admitted. The outbox is read through its partial index of jobs not done; orders and
 * check-ins are counted whole, so a scrape costs a scan of each (cache it: http/ops/metrics.ts
 * reads at most every 5 s). A job's state: 'failed' once an attempt failed and until it succeeds
 * (a retry under way included), 'running' while claimed by a worker (its lease ahead of `now`,
 * no failure yet), 'queued' otherwise. `now` is a UTC instant. Throws what the database throws.
 */
export async function readOpsFigures(db: Db, now: Date = new Date()): Promise<OpsFigures> {
  const [row] = await queryRows<{
    orders: Json<{ status: string; n: number }[]> | null;
    jobs: Json<{ kind: string; state: JobState; n: number; oldest: number }[]> | null;
    scans: Json<{ accepted: boolean; direction: string; reason: string | null; n: number }[]> | null;
    joins: number;
    waiting: number;
    room_admitted: number;
  }>(
    db,
    sql`
    SELECT
      (SELECT json_agg(o) FROM (SELECT status::text AS status, count(*) AS n FROM orders GROUP BY status) o) AS orders,
      (SELECT json_agg(j) FROM (
         SELECT kind,
                CASE WHEN last_error IS NOT NULL THEN 'failed'
                     WHEN attempts > 0 AND run_after > ${now} THEN 'running'
                     ELSE 'queued' END AS state,
                count(*) AS n,
                extract(epoch from (${now}::timestamptz - min(created_at)))::float8 AS oldest
         FROM outbox WHERE done_at IS NULL GROUP BY 1, 2) j) AS jobs,
      (SELECT json_agg(c) FROM (SELECT accepted, direction, reason, count(*) AS n FROM check_ins GROUP BY 1, 2, 3) c) AS scans,
      (SELECT count(*)::float8 FROM waiting_room_entries) AS joins,
      (SELECT count(*)::float8 FROM waiting_room_entries e JOIN waiting_rooms r ON r.event_id = e.event_id
        WHERE r.enabled AND e.admitted_at IS NULL) AS waiting,
      (SELECT coalesce(sum(admitted_through), 0)::float8 FROM waiting_rooms) AS room_admitted`,
  );

  const orders = Object.fromEntries(orderStatuses.map((status) => [status, 0])) as Record<OrderStatus, number>;
  for (const { status, n } of parsed(row.orders) ?? []) orders[status as OrderStatus] = Number(n);

  const jobCounts = new Map<string, number>();
  const oldestJobSeconds: Record<string, number> = Object.fromEntries(JOB_KINDS.map((kind) => [kind, 0]));
  for (const kind of JOB_KINDS) for (const state of JOB_STATES) jobCounts.set(`${kind}\n${state}`, 0);
  for (const { kind, state, n, oldest } of parsed(row.jobs) ?? []) {
    jobCounts.set(`${kind}\n${state}`, Number(n));
    oldestJobSeconds[kind] = Math.max(oldestJobSeconds[kind] ?? 0, Math.max(0, Number(oldest)));
  }
  const jobs = [...jobCounts].map(([key, count]) => {
    const [kind, state] = key.split('\n') as [string, JobState];
    return { kind, state, count };
  });

  let admitted = 0;
  const refused: Record<string, number> = Object.fromEntries(REFUSAL_REASONS.map((reason) => [reason, 0]));
  for (const { accepted, direction, reason, n } of parsed(row.scans) ?? []) {
    if (accepted) {
      if (direction === 'in') admitted += Number(n);
    } else {
      const key = reason ?? 'unknown';
      refused[key] = (refused[key] ?? 0) + Number(n);
    }
  }

  return {
    orders,
    jobs,
    oldestJobSeconds,
    admitted,
    refused,
    waitingRoom: { joins: Number(row.joins), waiting: Number(row.waiting), admitted: Number(row.room_admitted) },
  };
}
