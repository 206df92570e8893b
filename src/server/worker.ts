import { eq, sql } from 'drizzle-orm';
import { outbox } from './db/schema';
import { queryRows, type Tx } from './db/client';
import type { ServiceDeps } from './services/deps';
import { reconcilePayments, type ReconcileSummary } from './services/payments/reconcile-payments';
import { payRefund, REFUND_PAYMENT_OUTBOX_KIND } from './services/refunds/pay-refund';
import { sendOrderEmail } from './services/notifications/send-order-email';
import { deliverNotification } from './services/notifications/deliver-notification';
import { NOTIFICATION_CHANNEL_KINDS, type NotificationChannel } from './services/notifications/notify-user';
import { sendScheduledNotices } from './services/notifications/send-scheduled-notices';

interface OutboxRow {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
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

// Reads go through `tx`: on PGlite a query on `db` inside a transaction would wait forever.
async function handleOutboxRow(deps: ServiceDeps, tx: Tx, row: OutboxRow) {
  if (row.kind === 'order_confirmation_email') {
    await sendOrderEmail(deps, tx, String(row.payload.orderId), new Date());
    return;
  }
  if (row.kind === REFUND_PAYMENT_OUTBOX_KIND) {
    // An approved refund the provider has not paid back yet; a throw retries it with backoff.
    await payRefund(deps, tx, String(row.payload.refundId), new Date());
    return;
  }
  const channel = (Object.keys(NOTIFICATION_CHANNEL_KINDS) as NotificationChannel[]).find((c) => NOTIFICATION_CHANNEL_KINDS[c] === row.kind);
  if (channel) {
    await deliverNotification(deps, tx, channel, String(row.payload.notificationId));
    return;
  }
  throw new Error(`unknown outbox kind ${row.kind}`);
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

