import { and, eq, inArray, sql } from 'drizzle-orm';
import type { OrderView, PlaceOrderInput } from '../../shared/schemas/orders';
import { DomainError } from '../../shared/errors';
import { onlyDigits } from '../../shared/cpf';
import { isEventPast } from '../../shared/dates';
import { normalizeCouponCode, priceOrder, assertInstallments, type CouponRule } from '../domain/pricing';
import { coupons, events, orderItems, orders, ticketTypes } from '../db/schema';
import type { ServiceDeps } from './deps';
import { confirmPayment } from './confirm-payment';
import { releaseOrder } from './release-order';
import { loadOrderView } from './order-view';

/**
 * Places an order for one event (ARCHITECTURE.md 'Flow of a purchase', steps 1-2).
 *
 * One short transaction prices the items on the server (never trusting client amounts), inserts
 * the order as `pending` with `expiresAt` = now + hold minutes, then holds stock with one
 * conditional UPDATE per ticket type (`remaining >= quantity` at the price charged, so it never
 * oversells) and one coupon use. After the commit the payment provider is asked for a payment (PIX BR Code
 * or a card payment to confirm). A free order (total 0) is confirmed at once.
 *
 * Throws DomainError: event_not_found, event_finished, no_tickets_selected, ticket_type_not_found,
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

  const [event] = await db.select().from(events).where(eq(events.id, input.eventId));
  if (!event || !event.isPublished) throw new DomainError('event_not_found');
  if (isEventPast({ date: event.date, startTime: event.startTime, endTime: event.endTime }, now)) {
    throw new DomainError('event_finished');
  }

  const expiresAt = new Date(now.getTime() + deps.orderHoldMinutes * 60_000);
  const order = await db.transaction(async (tx) => {
    const typeRows = await tx.select().from(ticketTypes).where(eq(ticketTypes.eventId, event.id));
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
      })),
    );

    // The hold comes last, so the hot stock rows stay locked only until the commit that follows:
    // one conditional UPDATE per type, in id order so concurrent orders never deadlock, and only
    // at the price just charged.
    for (const item of [...priced.items].sort((a, b) => a.ticketTypeId.localeCompare(b.ticketTypeId))) {
      const [held] = await tx
        .update(ticketTypes)
        .set({ remaining: sql`${ticketTypes.remaining} - ${item.quantity}` })
        .where(
          and(
            eq(ticketTypes.id, item.ticketTypeId),
            sql`${ticketTypes.remaining} >= ${item.quantity}`,
            eq(ticketTypes.priceCentavos, item.unitPriceCentavos),
          ),
        )
        .returning({ id: ticketTypes.id });
      if (!held) {
        const [current] = await tx.select({ price: ticketTypes.priceCentavos }).from(ticketTypes).where(eq(ticketTypes.id, item.ticketTypeId));
        if (current && current.price !== item.unitPriceCentavos) throw new DomainError('price_changed', { ticketTypeId: item.ticketTypeId });
        throw new DomainError('ticket_type_sold_out', { ticketTypeId: item.ticketTypeId });
      }
    }
    if (coupon) {
      const [kept] = await tx
        .update(coupons)
        .set({ heldUses: sql`${coupons.heldUses} + 1` })
        .where(
          and(
            eq(coupons.id, coupon.id),
            sql`(${coupons.maxUses} IS NULL OR ${coupons.currentUses} + ${coupons.heldUses} < ${coupons.maxUses})`,
          ),
        )
        .returning({ id: coupons.id });
      if (!kept) throw new DomainError('coupon_exhausted', { field: 'couponCode' });
    }
    return inserted;
  });

  if (order.totalCentavos === 0) {
    await confirmPayment(deps, { orderId: order.id }, now);
    return (await loadOrderView(db, order.id, payments.isSandbox))!;
  }

  try {
    const payment = await payments.createPayment({
      orderId: order.id,
      amountCentavos: order.totalCentavos,
      method: order.paymentMethod,
      installments: order.installments,
      buyer: { name: order.buyerName, email: order.buyerEmail, cpf: order.buyerCpf },
      description: event.title,
      expiresAt,
    });
    await db
      .update(orders)
      .set({ paymentId: payment.paymentId, pixCode: payment.pixCode, updatedAt: new Date() })
      .where(eq(orders.id, order.id));
  } catch (error) {
    deps.log.error({ err: error, orderId: order.id }, 'payment provider refused to create a payment');
    await releaseOrder(db, order.id, 'failed', now);
    throw new DomainError('payment_failed');
  }
  return (await loadOrderView(db, order.id, payments.isSandbox))!;
}

/** Pending orders of a user for display and cleanup; used by tests. */
export async function findOrdersByIds(deps: ServiceDeps, ids: string[]) {
  return deps.db.select().from(orders).where(inArray(orders.id, ids));
}
