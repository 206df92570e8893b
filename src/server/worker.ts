import { eq, sql } from 'drizzle-orm';
import { formatCentavos } from '../shared/money';
import { formatEventDate, formatEventTime } from '../shared/dates';
import { events, orders, outbox, tickets } from './db/schema';
import { queryRows, type Tx } from './db/client';
import type { ServiceDeps } from './services/deps';
import { expireOrders } from './services/expire-orders';
import { payRefund, REFUND_PAYMENT_OUTBOX_KIND } from './services/admin/pay-refund';

interface OutboxRow {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  [key: string]: unknown;
}

/**
 * One round of background work (ARCHITECTURE.md 'background work'): expire unpaid orders past
 * their hold, then run due outbox rows. Rows are claimed with FOR UPDATE SKIP LOCKED, so several
 * server instances share the work; a failing row is retried later with backoff.
 */
export async function runWorkerOnce(deps: ServiceDeps, now: Date = new Date()): Promise<{ expired: number; sent: number }> {
  const expired = await expireOrders(deps.db, now);
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
  return { expired, sent };
}

// Reads go through `tx`: on PGlite a query on `db` inside a transaction would wait forever.
async function handleOutboxRow(deps: ServiceDeps, tx: Tx, row: OutboxRow) {
  if (row.kind === 'order_confirmation_email') {
    const orderId = String(row.payload.orderId);
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (!order || order.status !== 'completed') return;
    const [event] = await tx.select().from(events).where(eq(events.id, order.eventId));
    const issued = await tx.select().from(tickets).where(eq(tickets.orderId, orderId));
    const link = new URL('/tickets', deps.publicUrl).toString();
    await deps.mailer.send({
      to: order.buyerEmail,
      subject: `Seus ingressos: ${event.title}`,
      text: [
        `Olá, ${order.buyerName}!`,
        '',
        `Sua compra para ${event.title} foi confirmada.`,
        `${formatEventDate(event.date)}, ${formatEventTime(event.startTime)} - ${event.location}`,
        `${issued.length} ingresso(s). Total: ${formatCentavos(order.totalCentavos)}.`,
        '',
        `Seus QR codes estão em ${link}`,
      ].join('\n'),
      link,
    });
    return;
  }
  if (row.kind === REFUND_PAYMENT_OUTBOX_KIND) {
    // An approved refund the provider has not paid back yet; a throw retries it with backoff.
    await payRefund(deps, tx, String(row.payload.refundId));
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

