import { eq, sql } from 'drizzle-orm';
import { outbox } from './db/schema';
import { queryRows, type Tx } from './db/client';
import type { ServiceDeps } from './services/deps';
import { reconcilePayments, type ReconcileSummary } from './services/payments/reconcile-payments';
import { payRefund } from './services/refunds/pay-refund';
import { sendOrderEmail } from './services/notifications/send-order-email';
import { deliverNotification } from './services/notifications/deliver-notification';
import { sendScheduledNotices } from './services/notifications/send-scheduled-notices';
import { isJobKind, type JobKind, type JobPayloads } from './services/jobs';

interface OutboxRow {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  [key: string]: unknown;
}

/**
 * One round of background work (ARCHITECTURE.md 'background work'): the upkeep of pending
 * orders (reconcilePayments: finish orders a crash cut off, ask the provider about late
 * webhooks, expire holds that ran out), the scheduled notices (reminders, PIX about to expire),
 * then run due outbox rows (e-mails, push, WhatsApp, refund payments). Rows are claimed with FOR UPDATE SKIP LOCKED, so several
 * server instances share the work; a failing row is retried later with backoff.
 */
export async function runWorkerOnce(deps: ServiceDeps, now: Date = new Date()): Promise<ReconcileSummary & { noticed: number; sent: number }> {
  const reconciled = await reconcilePayments(deps, now);
  const noticed = await sendScheduledNotices(deps, now);
  let sent = 0;
  for (;;) {
    const handled = await deps.db.transaction(async (tx) => {
      const claimed = await queryRows<OutboxRow>(tx, sql`
        SELECT id, kind, payload, attempts FROM outbox
        WHERE done_at IS NULL AND run_after <= ${now}
        ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`);
      const row = claimed[0];
      if (!row) return false;
      try {
        await handleOutboxRow(deps, tx, row);
        await tx.update(outbox).set({ doneAt: new Date() }).where(eq(outbox.id, row.id));
        sent++;
      } catch (error) {
        deps.log.error({ err: error, outboxId: row.id }, 'outbox row failed; will retry');
        const delaySeconds = Math.min(3600, 30 * 2 ** row.attempts);
        await tx
          .update(outbox)
          .set({ attempts: row.attempts + 1, lastError: String(error), runAfter: new Date(now.getTime() + delaySeconds * 1000) })
          .where(eq(outbox.id, row.id));
      }
      return true;
    });
    if (!handled) break;
  }
  return { ...reconciled, noticed, sent };
}

/** Runs one job of kind K inside the worker's transaction `tx`; a throw retries the row with backoff, what it answers is ignored. */
type JobHandler<K extends JobKind> = (deps: ServiceDeps, tx: Tx, payload: JobPayloads[K]) => Promise<unknown>;

// One handler per kind of services/jobs.ts: a kind added there without one here does not compile.
// Reads go through `tx`: on PGlite a query on `db` inside a transaction would wait forever.
const handlers: { [K in JobKind]: JobHandler<K> } = {
  order_confirmation_email: (deps, tx, { orderId }) => sendOrderEmail(deps, tx, orderId, new Date()),
  // An approved refund the provider has not paid back yet.
  refund_payment: (deps, tx, { refundId }) => payRefund(deps, tx, refundId, new Date()),
  notification_email: (deps, tx, { notificationId }) => deliverNotification(deps, tx, 'email', notificationId),
  notification_push: (deps, tx, { notificationId }) => deliverNotification(deps, tx, 'push', notificationId),
  notification_whatsapp: (deps, tx, { notificationId }) => deliverNotification(deps, tx, 'whatsapp', notificationId),
};

function runJob<K extends JobKind>(deps: ServiceDeps, tx: Tx, kind: K, payload: JobPayloads[K]): Promise<unknown> {
  return handlers[kind](deps, tx, payload);
}

async function handleOutboxRow(deps: ServiceDeps, tx: Tx, row: OutboxRow) {
  // A row of a kind this build does not run (written by an older or newer one) fails and is retried.
  if (!isJobKind(row.kind)) throw new Error(`unknown outbox kind ${row.kind}`);
  // The payload was written by enqueueJobs for this kind.
  await runJob(deps, tx, row.kind, row.payload as JobPayloads[JobKind]);
}

/** Runs `runWorkerOnce` every `intervalMs` until stopped; never two rounds at once. */
export function startWorker(deps: ServiceDeps, intervalMs: number): { stop(): void } {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await runWorkerOnce(deps);
    } catch (error) {
      deps.log.error({ err: error }, 'worker round failed');
    } finally {
      running = false;
    }
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

