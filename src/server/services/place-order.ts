import { eq, inArray } from 'drizzle-orm';
import type { OrderView, PlaceOrderInput } from '../../shared/schemas/orders';
import { DomainError } from '../../shared/errors';
import { onlyDigits } from '../../shared/cpf';
import { isEventPast } from '../../shared/dates';
import { normalizeCouponCode, priceOrder, assertInstallments, type CouponRule } from '../domain/pricing';
import { coupons, events, orderItems, orders, ticketTypes } from '../db/schema';
import { holdCouponUse, holdUnits } from './inventory';
import type { ServiceDeps } from './deps';
import { isConnectionError } from '../db/client';
import type { CreatedPayment } from '../payments/provider';
import { confirmPayment } from './confirm-payment';
import { releaseOrder } from './release-order';
import { loadOrderView, toOrderView } from './order-view';

/**
 * Places an order for one event (ARCHITECTURE.md 'Flow of a purchase', steps 1-2).
 *
 * One short transaction prices the items on the server (never trusting client amounts), inserts
 * the order as `pending` with `expiresAt` = now + hold minutes, then holds stock with one
 * conditional UPDATE per ticket type (`remaining >= quantity` at the price charged, so it never
 * oversells) and one coupon use, through the inventory module. After the commit the payment
 * provider is asked for a payment (requestPayment: PIX BR Code, or a card payment the browser
 * confirms). A free order (total 0) is confirmed at once.
 *
 * Throws DomainError: event_not_found, event_cancelled, event_finished, no_tickets_selected, ticket_type_not_found,
 * ticket_type_sold_out, price_changed, installments_invalid, coupon_* (see domain/pricing), payment_failed.
 */
export async function placeOrder(
  deps: ServiceDeps,
  userId: string,
  input: PlaceOrderInput,
  now: Date = new Date(),
): Promise<OrderView> {
  const { db, payments } = deps;
  assertInstallments(input.installments);
  if (input.paymentMethod === 'pix' && input.installments !== 1) throw new DomainError('installments_invalid');

  const expiresAt = new Date(now.getTime() + deps.orderHoldMinutes * 60_000);
  const { event, ...order } = await db.transaction(async (tx) => {
    // The event and its ticket types, with a key-share lock on the event: an event's cancellation
    // waits for this order (and sees it), or this order waits for the cancellation and is refused.
    const rows = await tx
      .select({ type: ticketTypes, event: events })
      .from(events)
      .leftJoin(ticketTypes, eq(ticketTypes.eventId, events.id))
      .where(eq(events.id, input.eventId))
      .for('key share', { of: events });
    const event = rows[0]?.event;
    if (!event || !event.isPublished) throw new DomainError('event_not_found');
    if (event.cancelledAt) throw new DomainError('event_cancelled');
    if (isEventPast({ date: event.date, startTime: event.startTime, endTime: event.endTime }, now)) {
      throw new DomainError('event_finished');
    }
    const typeRows = rows.flatMap((r) => (r.type ? [r.type] : []));
    let coupon: (CouponRule & { id: string }) | null = null;
    if (input.couponCode) {
      const [row] = await tx.select().from(coupons).where(eq(coupons.code, normalizeCouponCode(input.couponCode)));
      if (!row) throw new DomainError('coupon_invalid', { field: 'couponCode' });
      coupon = { ...row, currentUses: row.currentUses + row.heldUses };
    }
    // Validates quantities, types and coupon rules against what was just read, and prices.
    const priced = priceOrder({ eventId: event.id, lines: input.items, ticketTypes: typeRows, coupon, now });

    const [inserted] = await tx
      .insert(orders)
      .values({
        eventId: event.id,
        userId,
        status: 'pending',
        subtotalCentavos: priced.subtotalCentavos,
        discountCentavos: priced.discountCentavos,
        totalCentavos: priced.totalCentavos,
        couponId: coupon?.id ?? null,
        paymentMethod: input.paymentMethod,
        installments: input.installments,
        buyerName: input.buyer.name,
        buyerEmail: input.buyer.email.toLowerCase(),
        buyerPhone: onlyDigits(input.buyer.phone),
        buyerCpf: onlyDigits(input.buyer.cpf),
        paymentProvider: priced.totalCentavos === 0 ? 'free' : payments.name,
        expiresAt,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(orderItems).values(
      priced.items.map((item) => ({
        orderId: inserted.id,
        ticketTypeId: item.ticketTypeId,
        ticketTypeName: item.name,
        quantity: item.quantity,
        unitPriceCentavos: item.unitPriceCentavos,
        holderNames: input.items
          .filter((line) => line.ticketTypeId === item.ticketTypeId)
          .flatMap((line) => line.holderNames ?? [])
          .slice(0, item.quantity),
      })),
    );

    // The hold comes last, so the hot stock rows stay locked only until the commit that follows
    // (inventory.ts: in id order, only at the price just charged).
    await holdUnits(tx, priced.items);
    if (coupon) await holdCouponUse(tx, coupon.id);
    return { ...inserted, items: priced.items, event };
  });

  if (order.totalCentavos === 0) {
    await confirmPayment(deps, { orderId: order.id }, now);
    return (await loadOrderView(deps, order.id))!;
  }
  const payment = await requestPayment(deps, order, now, event.title);
  if (!payment) throw new DomainError('payment_failed');
  // The answer from what is at hand: no query to read back what was just written.
  const view = toOrderView(
    { ...order, paymentId: payment.paymentId, pixCode: payment.pixCode },
    event,
    order.items.map((i) => ({ ...i, ticketTypeName: i.name })),
    payments.isSandbox,
  );
  if (order.paymentMethod === 'card' && !payments.isSandbox) view.clientSecret = payment.clientSecret;
  return view;
}

/**
 * Asks the provider for the payment of a pending order and stores its id and BR Code. The
 * idempotency key `order:<id>:create` makes a repeat (a retry, or the restart that finishes an
 * order a crash cut off) answer with the same payment. When the provider refuses, the order is
 * released as 'failed' at once (its units go back) and null is returned; never throws for that.
 * Returns what the provider answered (payment id, BR Code, client secret).
 */
export async function requestPayment(
  deps: ServiceDeps,
  order: typeof orders.$inferSelect,
  now: Date,
  description?: string,
): Promise<CreatedPayment | null> {
  try {
    const title = description ?? (await deps.db.select({ title: events.title }).from(events).where(eq(events.id, order.eventId)))[0]?.title ?? '';
    const payment = await deps.payments.createPayment({
      orderId: order.id,
      amountCentavos: order.totalCentavos,
      method: order.paymentMethod,
      installments: order.installments,
      buyer: { name: order.buyerName, email: order.buyerEmail, cpf: order.buyerCpf },
      description: title,
      expiresAt: order.expiresAt,
      idempotencyKey: `order:${order.id}:create`,
    });
    await deps.db
      .update(orders)
      .set({ paymentId: payment.paymentId, pixCode: payment.pixCode, updatedAt: new Date() })
      .where(eq(orders.id, order.id));
    return payment;
  } catch (error) {
    // The database, not the provider, failed: the order stays pending without a payment, the
    // recovery job finishes it with the same idempotency key, and the buyer gets the 503.
    if (isConnectionError(error)) throw error;
    deps.log.error({ err: error, orderId: order.id }, 'payment provider refused to create a payment');
    await releaseOrder(deps.db, order.id, 'failed', now);
    return null;
  }
}

/** Pending orders of a user for display and cleanup; used by tests. */
export async function findOrdersByIds(deps: ServiceDeps, ids: string[]) {
  return deps.db.select().from(orders).where(inArray(orders.id, ids));
}
