import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './db/client';
import type { ServiceDeps } from './services/deps';
import { expireOverdueOrders, reconcilePayments, type ReconcileSummary } from './services/payments/reconcile-payments';
import { payRefund } from './services/refunds/pay-refund';
import { sendTransferEmail } from './services/tickets/send-transfer-email';
import { sendOrderEmail } from './services/notifications/send-order-email';
import { deliverNotification } from './services/notifications/deliver-notification';
import { sendScheduledNotices } from './services/notifications/send-scheduled-notices';
import { isJobKind, type JobKind, type JobPayloads } from './services/jobs';
import { withDeadline } from './lib/deadline';
import { expireWaitlistOffers } from './services/waitlist/expire-offers';
import { sendWhatsappCode } from './services/profile/whatsapp-confirmation';
import { purgeExpiredRecords } from './services/access/purge-expired-records';

interface OutboxRow {
  id: number;
  kind: string;
  payload: unknown;
  /** Runs so far, this one included. */
  attempts: number;
  [key: string]: unknown;
}

/**
 * How long a job runs at most before the worker gives up on it and counts a failed attempt, in
 * ms. Above the slowest outbound call a job makes (a payment provider: 20 s, up to 3 tries), so
 * a job is only cut when something hangs.
 */
const JOB_TIMEOUT_MS = 90_000;
/**
 * How long a claimed job is reserved for the worker that claimed it (its `run_after` moves this
 * far ahead), in ms: longer than JOB_TIMEOUT_MS, so no other worker runs it meanwhile; a worker
 * that dies mid-job leaves it to run again once this has passed.
 */
const JOB_LEASE_MS = 5 * 60_000;
/** Jobs one worker runs at the same time: one slow push service or SMTP server holds one lane, not the queue. */
const JOB_LANES = 4;
/**
 * How often each instance deletes the access records and idempotency keys past their time
 * (purgeExpiredRecords), in ms: the first round soon after start, then hourly. Every instance
 * runs it, with no leader: the DELETEs are idempotent.
 */
export const RECORDS_PURGE_INTERVAL_MS = 3_600_000;

/**
 * One round of every kind of background work (docs/architecture.md 'Background work'), one after the
 * other: the upkeep of pending orders (reconcilePayments: finish orders a crash cut off, ask the
 * provider about late webhooks, expire holds that ran out), the waiting-list offers that ran out
 * (services/waitlist/expire-offers.ts: to the next in line), the scheduled notices, then every
 * due outbox job (runDueJobs). The running server does not use this order: startWorker runs each
 * part on its own, so none waits behind another. `now` is a UTC instant.
 */
export async function runWorkerOnce(
  deps: ServiceDeps,
  now: Date = new Date(),
): Promise<ReconcileSummary & { noticed: number; sent: number }> {
  const reconciled = await reconcilePayments(deps, now);
  // Waiting-list offers that ran out go to the next in line (or back on sale).
  await expireWaitlistOffers(deps.db, now);
  const noticed = await sendScheduledNotices(deps, now);
  const sent = await runDueJobs(deps, now);
  return { ...reconciled, noticed, sent };
}

/**
 * Runs every outbox job due at `now` (e-mails, push, WhatsApp, refund payments), JOB_LANES at a
 * time, until none is due or `isStopping()` answers true; returns how many succeeded. Each job is claimed in a statement of its
 * own (FOR UPDATE SKIP LOCKED, so several server instances share the work; its run_after moves
 * JOB_LEASE_MS ahead and its attempts count up), then run outside any transaction, so an outbound
 * call (a push service, SMTP, the payment provider) never holds a database connection or a row
 * lock, and at most for JOB_TIMEOUT_MS. A job that succeeds is marked done; one that throws or
 * runs out of time is retried later with backoff (30 s doubling, at most an hour). A job runs at
 * least once and, after a crash mid-job, may run again: each kind is idempotent (refunds carry
 * the provider's idempotency key).
 */
export async function runDueJobs(deps: ServiceDeps, now: Date = new Date(), isStopping: () => boolean = () => false): Promise<number> {
  let sent = 0;
  const lane = async () => {
    for (;;) {
      // A worker that is stopping finishes the jobs it holds and claims no more (docs/rules/operations.md 'Shutdown').
      if (isStopping()) return;
      const [row] = await claimJobs(deps.db, 1, now);
      if (!row) return;
      try {
        await withDeadline(runJob(deps, row), JOB_TIMEOUT_MS, `job ${row.kind} ${row.id}`);
        await deps.db.execute(sql`UPDATE outbox SET done_at = ${new Date()}, last_error = NULL WHERE id = ${row.id}`);
        sent++;
      } catch (error) {
        deps.log.error({ err: error, outboxId: row.id, kind: row.kind }, 'outbox job failed; will retry');
        const delaySeconds = Math.min(3600, 30 * 2 ** (row.attempts - 1));
        const retryAt = new Date(Math.max(now.getTime(), Date.now()) + delaySeconds * 1000);
        await deps.db.execute(
          sql`UPDATE outbox SET last_error = ${String(error).slice(0, 2000)}, run_after = ${retryAt} WHERE id = ${row.id}`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: JOB_LANES }, lane));
  return sent;
}

/** Claims up to `limit` due jobs (oldest first) for JOB_LEASE_MS, counting the attempt; returns them. */
async function claimJobs(db: Db, limit: number, now: Date): Promise<OutboxRow[]> {
  return queryRows<OutboxRow>(
    db,
    sql`
    UPDATE outbox SET run_after = ${new Date(Math.max(now.getTime(), Date.now()) + JOB_LEASE_MS)}, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM outbox WHERE done_at IS NULL AND run_after <= ${now}
      ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED
    )
    RETURNING id, kind, payload, attempts`,
  );
}

/** Runs one job of kind K; a throw retries the row with backoff, what it answers is ignored. */
type JobHandler<K extends JobKind> = (deps: ServiceDeps, payload: JobPayloads[K]) => Promise<unknown>;

// One handler per kind of services/jobs.ts: a kind added there without one here does not compile.
const handlers: { [K in JobKind]: JobHandler<K> } = {
  order_confirmation_email: (deps, { orderId }) => sendOrderEmail(deps, deps.db, orderId, new Date()),
  // An approved refund the provider has not paid back yet.
  refund_payment: (deps, { refundId }) => payRefund(deps, refundId, new Date()),
  notification_email: (deps, { notificationId }) => deliverNotification(deps, 'email', notificationId),
  notification_push: (deps, { notificationId }) => deliverNotification(deps, 'push', notificationId),
  notification_whatsapp: (deps, { notificationId }) => deliverNotification(deps, 'whatsapp', notificationId),
  transfer_email: (deps, { transferId }) => sendTransferEmail(deps, transferId),
  // The code that confirms a WhatsApp number, drawn when sent (never stored in clear).
  whatsapp_confirmation_code: (deps, payload) => sendWhatsappCode(deps, payload),
};

async function runJob(deps: ServiceDeps, row: OutboxRow): Promise<unknown> {
  // A row of a kind this build does not run (written by an older or newer one) fails and is retried.
  if (!isJobKind(row.kind)) throw new Error(`unknown outbox kind ${row.kind}`);
  // The payload was written by enqueueJobs for this kind.
  const kind: JobKind = row.kind;
  return (handlers[kind] as JobHandler<JobKind>)(deps, row.payload as JobPayloads[JobKind]);
}

/**
 * Runs the background work every `intervalMs` until stopped, as four loops that never wait for
 * one another: holds that ran out are expired (expireOverdueOrders), then the waiting-list offers
 * that ran out (expireWaitlistOffers); orders a crash cut off and
 * late webhooks are reconciled with the provider, and the scheduled notices sent; the outbox
 * jobs run (runDueJobs); once an hour, the access records older than 6 months and the idempotency
 * keys older than 24 h are deleted (purgeExpiredRecords,
 * docs/rules/accounts-and-data.md 'Access records'). A loop never runs two rounds at once; a slow
 * push service, SMTP server or payment provider delays only its own loop, never the return of
 * held units.
 */
export function startWorker(deps: ServiceDeps, intervalMs: number): { stop(): Promise<void> } {
  let stopping = false;
  const rounds = new Set<Promise<void>>();
  let lastPurgeAt = -Infinity;
  const loops: [string, () => Promise<unknown>][] = [
    [
      'expiry',
      async () => {
        await expireOverdueOrders(deps);
        await expireWaitlistOffers(deps.db);
      },
    ],
    [
      'upkeep',
      async () => {
        await reconcilePayments(deps, new Date(), { expire: false });
        await sendScheduledNotices(deps);
      },
    ],
    ['jobs', () => runDueJobs(deps, new Date(), () => stopping)],
    [
      'purge',
      async () => {
        if (Date.now() - lastPurgeAt < RECORDS_PURGE_INTERVAL_MS) return;
        lastPurgeAt = Date.now();
        await purgeExpiredRecords(deps.db, new Date());
      },
    ],
  ];
  const timers = loops.map(([name, round]) => {
    let running = false;
    const timer = setInterval(() => {
      if (running || stopping) return;
      running = true;
      const current = (async () => {
        try {
          await round();
        } catch (error) {
          deps.log.error({ err: error, loop: name }, 'worker round failed');
        } finally {
          running = false;
        }
      })();
      rounds.add(current);
      void current.finally(() => rounds.delete(current));
    }, intervalMs);
    timer.unref();
    return timer;
  });
  // Stopping starts no round and no job; it resolves once the rounds under way have finished.
  return {
    async stop() {
      stopping = true;
      timers.forEach((timer) => clearInterval(timer));
      await Promise.all([...rounds]);
    },
  };
}
