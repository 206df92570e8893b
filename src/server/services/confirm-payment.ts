import { and, eq, sql } from 'drizzle-orm';
import { DomainError } from '../../shared/errors';
import { formatCentavos } from '../../shared/money';
import { createTicketCode } from '../domain/ticket-code';
import { coupons, events, notifications, orderItems, orders, outbox, tickets, ticketTypes } from '../db/schema';
import type { Tx } from '../db/client';
import type { ServiceDeps } from './deps';

export type ConfirmOutcome = 'completed' | 'already_completed' | 'refunded_late' | 'not_confirmable';

/**
 * Marks a paid order `completed` exactly once and issues one ticket per unit, each with its own
 * random, signed code (PRODUCT.md 'Tickets and the door'); counts the coupon use; writes the
 * in-app notification and the e-mail to the outbox, all in one transaction
 * (ARCHITECTURE.md step 3). A second confirmation of the same order changes nothing.
 *
 * A payment that arrives after the order expired is honoured when the units can be held again;
 * otherwise the payment is refunded through the provider and the order becomes `refunded`
 * (ARCHITECTURE.md step 4).
 *
 * Throws DomainError('order_not_found').
 */
export async function confirmPayment(
  deps: ServiceDeps,
  ref: { orderId: string } | { paymentId: string },
  now: Date = new Date(),
): Promise<{ outcome: ConfirmOutcome; orderId: string }> {
  const { db } = deps;
  const [order] = await db
    .select()
    .from(orders)
    .where('orderId' in ref ? eq(orders.id, ref.orderId) : eq(orders.paymentId, ref.paymentId));
  if (!order) throw new DomainError('order_not_found');

  const outcome = await db.transaction(async (tx): Promise<ConfirmOutcome> => {
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    // The one statement that decides: only a pending order becomes completed.
    let [won] = await tx
      .update(orders)
      .set({ status: 'completed', completedAt: now, updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
      .returning();
    let couponUse: 'from_hold' | 'late' = 'from_hold';
    if (!won) {
      const [current] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
      if (current.status === 'completed') return 'already_completed';
      if (current.status !== 'expired' && current.status !== 'failed') return 'not_confirmable';
      // Late payment: hold the units (and the coupon use) again if they are still there.
      if (!(await holdAgain(tx, items, order.couponId))) return 'refunded_late';
      [won] = await tx
        .update(orders)
        .set({ status: 'completed', completedAt: now, updatedAt: now })
        .where(eq(orders.id, order.id))
        .returning();
      couponUse = 'late';
    }

    const ticketRows = items.flatMap((item) =>
      Array.from({ length: item.quantity }, () => ({
        orderId: order.id,
        orderItemId: item.id,
        eventId: order.eventId,
        userId: order.userId,
        ticketTypeName: item.ticketTypeName,
        code: createTicketCode(deps.ticketSigningKey),
        createdAt: now,
      })),
    );
    await tx.insert(tickets).values(ticketRows);

    if (order.couponId && couponUse === 'from_hold') {
      await tx
        .update(coupons)
        .set({ heldUses: sql`${coupons.heldUses} - 1`, currentUses: sql`${coupons.currentUses} + 1` })
        .where(eq(coupons.id, order.couponId));
    }

    const [event] = await tx.select({ title: events.title }).from(events).where(eq(events.id, order.eventId));
    const units = ticketRows.length;
    if (order.userId) {
      await tx.insert(notifications).values({
        userId: order.userId,
        type: 'event',
        title: 'Compra confirmada!',
        message: `${units} ${units === 1 ? 'ingresso' : 'ingressos'} para ${event.title}. Total: ${formatCentavos(order.totalCentavos)}.`,
        actionUrl: '/tickets',
        createdAt: now,
      });
    }
    await tx.insert(outbox).values({
      kind: 'order_confirmation_email',
      payload: { orderId: order.id },
      createdAt: now,
      runAfter: now,
    });
    return 'completed';
  });

  if (outcome === 'refunded_late') {
    // Paid, but the units are gone: the money goes back (outside the transaction: a provider call).
    if (order.paymentId) await deps.payments.refund(order.paymentId, order.totalCentavos);
    await db.update(orders).set({ status: 'refunded', updatedAt: now }).where(eq(orders.id, order.id));
    deps.log.warn({ orderId: order.id }, 'late payment refunded: tickets no longer available');
  }
  return { outcome, orderId: order.id };
}

/**
 * Holds the units of a late-paid order again, and counts its coupon use if the coupon has one
 * left, all or none (a savepoint).
 */
async function holdAgain(tx: Tx, items: (typeof orderItems.$inferSelect)[], couponId: string | null): Promise<boolean> {
  try {
    await tx.transaction(async (savepoint) => {
      for (const item of [...items].sort((a, b) => String(a.ticketTypeId).localeCompare(String(b.ticketTypeId)))) {
        const [row] = item.ticketTypeId
          ? await savepoint
              .update(ticketTypes)
              .set({ remaining: sql`${ticketTypes.remaining} - ${item.quantity}` })
              .where(and(eq(ticketTypes.id, item.ticketTypeId), sql`${ticketTypes.remaining} >= ${item.quantity}`))
              .returning({ id: ticketTypes.id })
          : [];
        if (!row) throw new DomainError('ticket_type_sold_out');
      }
      if (couponId) {
        const [counted] = await savepoint
          .update(coupons)
          .set({ currentUses: sql`${coupons.currentUses} + 1` })
          .where(
            and(
              eq(coupons.id, couponId),
              sql`(${coupons.maxUses} IS NULL OR ${coupons.currentUses} + ${coupons.heldUses} < ${coupons.maxUses})`,
            ),
          )
          .returning({ id: coupons.id });
        if (!counted) throw new DomainError('coupon_exhausted');
      }
    });
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}
