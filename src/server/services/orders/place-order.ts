import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { OrderView, PlaceOrderInput } from '../../../shared/schemas/orders';
import { DomainError } from '../../../shared/errors';
import { onlyDigits } from '../../../shared/cpf';
import { normalizeCouponCode } from '../../domain/pricing';
import { decideSale, type SaleCoupon, type SaleState } from '../../domain/sale';
import { events, orders } from '../../db/schema';
import { unnestRows, type UnnestColumn } from '../../lib/unnest';
import { holdCouponUses, holdUnits } from './inventory';
import type { ServiceDeps } from '../deps';
import { isConnectionError, queryRows, type Tx } from '../../db/client';
import { groupedRunner } from '../../db/grouped';
import type { CreatedPayment, PaymentProvider } from '../../payments/provider';
import { confirmPayment } from '../payments/confirm-payment';
import { releaseOrder } from './release-order';
import { loadOrderView, toOrderView } from './order-view';

/**
 * Places an order for one event (ARCHITECTURE.md 'Flow of a purchase', steps 1-2). The one way an
 * order is placed, whatever its shape (one type or several, with or without a coupon, free or
 * paid): the orders of one event that arrive together are placed by one transaction
 * (placeGroup, db/grouped.ts), and a lone order is a group of one.
 *
 * That transaction locks the event (key share: an event's cancellation waits for it, or it sees
 * the cancellation), then every ticket type of the event and the coupons named, in id order;
 * domain/sale decideSale decides each order in arrival order against what the earlier ones left
 * (on sale, lines, stock, coupon; priced on the server, never trusting client amounts); then the
 * accepted orders are inserted `pending` with `expiresAt` = now + hold minutes, their units and
 * coupon uses held through the inventory module, and the transaction commits. A provider that
 * creates payments in this process (the sandbox) is asked inside it, so the payment is stored
 * with the order; any other is asked after the commit (requestPayment: PIX BR Code, or a card
 * payment the browser confirms). A free order (total 0) is confirmed at once. `now` is UTC.
 *
 * Throws DomainError: installments_invalid, event_not_found, event_cancelled, event_finished,
 * validation_failed, no_tickets_selected, ticket_type_not_found, ticket_type_sold_out, coupon_*
 * (see domain/pricing), payment_failed.
 */
export async function placeOrder(deps: ServiceDeps, userId: string, input: PlaceOrderInput, now: Date = new Date()): Promise<OrderView> {
  const request: PlaceRequest = { id: randomUUID(), userId, input, now, expiresAt: new Date(now.getTime() + deps.orderHoldMinutes * 60_000), payments: deps.payments };
  const placed = await placeGroup(deps.db, input.eventId, request);
  if (!placed.accepted) throw placed.error;
  return finishPlacedOrder(deps, placed.order, now);
}

/** One order waiting for its event's next placing transaction. */
interface PlaceRequest {
  id: string;
  userId: string;
  input: PlaceOrderInput;
  now: Date;
  expiresAt: Date;
  payments: PaymentProvider;
}

type PlacedOrder = typeof orders.$inferSelect & {
  /** The priced items, each with the holder names given for its units (in order; may be shorter). */
  items: { ticketTypeId: string; name: string; quantity: number; unitPriceCentavos: number; holderNames: string[] }[];
  event: { id: string; title: string; date: string; startTime: string; location: string };
};

type PlaceOutcome = { accepted: true; order: PlacedOrder } | { accepted: false; error: DomainError };

/** The orders of one event arriving together are placed by one transaction (db/grouped.ts). */
const placeGroup = groupedRunner<PlaceRequest, PlaceOutcome>((db, eventId, requests) => db.transaction((tx) => placeInTx(tx, eventId, requests)));

type SaleEventRow = { id: string; title: string; date: string; start_time: string; end_time: string | null; location: string; is_published: boolean; is_cancelled: boolean };

/** The sale of one event for a group of requests, inside the transaction `tx`; one outcome per request, in order. */
async function placeInTx(tx: Tx, eventId: string, requests: PlaceRequest[]): Promise<PlaceOutcome[]> {
  const { state, event } = await lockSaleState(tx, eventId, requests);
  // Every request is decided against the same clock: the group's first arrival.
  const decisions = decideSale(
    state,
    requests.map((r) => ({ lines: r.input.items, paymentMethod: r.input.paymentMethod, installments: r.input.installments, couponCode: r.input.couponCode })),
    requests[0].now,
  );
  const placed: PlacedOrder[] = [];
  const outcomes: PlaceOutcome[] = [];
  for (const [i, decision] of decisions.entries()) {
    if (!decision.accepted) {
      outcomes.push(decision);
      continue;
    }
    const request = requests[i];
    const { priced } = decision;
    const isFree = priced.totalCentavos === 0;
    const unpaid = orderRow(request, eventId, priced, decision.couponId, isFree ? 'free' : request.payments.name);
    // A provider in this process (the sandbox) makes no outbound call: its payment is stored with the order.
    const payment = !isFree && request.payments.createsPaymentsInProcess ? await createProviderPayment(request.payments, unpaid, event!.title) : null;
    const holderNames = (ticketTypeId: string, quantity: number) =>
      request.input.items.filter((line) => line.ticketTypeId === ticketTypeId).flatMap((line) => line.holderNames ?? []).slice(0, quantity);
    const order: PlacedOrder = {
      ...unpaid,
      paymentId: payment?.paymentId ?? null,
      pixCode: payment?.pixCode ?? null,
      items: priced.items.map((item) => ({ ticketTypeId: item.ticketTypeId, name: item.name, quantity: item.quantity, unitPriceCentavos: item.unitPriceCentavos, holderNames: holderNames(item.ticketTypeId, item.quantity) })),
      event: { id: event!.id, title: event!.title, date: event!.date, startTime: event!.start_time, location: event!.location },
    };
    placed.push(order);
    outcomes.push({ accepted: true, order });
  }
  if (placed.length === 0) return outcomes;

  await insertOrders(tx, placed);
  // The counters last, through their one owner (inventory.ts): what decideSale accepted.
  await holdUnits(tx, placed.flatMap((order) => order.items));
  const uses = new Map<string, number>();
  for (const order of placed) if (order.couponId) uses.set(order.couponId, (uses.get(order.couponId) ?? 0) + 1);
  await holdCouponUses(tx, [...uses].map(([couponId, n]) => ({ couponId, uses: n })));
  return outcomes;
}

/** Every column of `orders`, named once: the value of a placed order for each (unnestRows). */
const orderColumns: Record<string, UnnestColumn<PlacedOrder>> = {
  id: ['uuid', (o) => o.id],
  event_id: ['uuid', (o) => o.eventId],
  user_id: ['text', (o) => o.userId],
  status: ['order_status', (o) => o.status],
  subtotal_centavos: ['int', (o) => o.subtotalCentavos],
  discount_centavos: ['int', (o) => o.discountCentavos],
  total_centavos: ['int', (o) => o.totalCentavos],
  coupon_id: ['uuid', (o) => o.couponId],
  payment_method: ['payment_method', (o) => o.paymentMethod],
  installments: ['int', (o) => o.installments],
  buyer_name: ['text', (o) => o.buyerName],
  buyer_email: ['text', (o) => o.buyerEmail],
  buyer_phone: ['text', (o) => o.buyerPhone],
  buyer_cpf: ['text', (o) => o.buyerCpf],
  payment_provider: ['text', (o) => o.paymentProvider],
  payment_id: ['text', (o) => o.paymentId],
  pix_code: ['text', (o) => o.pixCode],
  payment_error: ['text', (o) => o.paymentError],
  expires_at: ['timestamptz', (o) => o.expiresAt],
  completed_at: ['timestamptz', (o) => o.completedAt],
  created_at: ['timestamptz', (o) => o.createdAt],
  updated_at: ['timestamptz', (o) => o.updatedAt],
};

type PlacedItem = PlacedOrder['items'][number] & { orderId: string };

/** Every column of `order_items` but its generated id, named once; the holder names travel as a JSON array. */
const itemColumns: Record<string, UnnestColumn<PlacedItem>> = {
  order_id: ['uuid', (i) => i.orderId],
  ticket_type_id: ['uuid', (i) => i.ticketTypeId],
  ticket_type_name: ['text', (i) => i.name],
  quantity: ['int', (i) => i.quantity],
  unit_price_centavos: ['int', (i) => i.unitPriceCentavos],
  holder_names: ['jsonb', (i) => JSON.stringify(i.holderNames)],
};

/** Inserts the placed orders and their items in one statement, in the order given. */
async function insertOrders(tx: Tx, placed: PlacedOrder[]): Promise<void> {
  const rows = unnestRows(placed, 'o', orderColumns);
  const items = unnestRows(placed.flatMap((order) => order.items.map((item) => ({ ...item, orderId: order.id }))), 'i', itemColumns);
  await tx.execute(sql`
    WITH placed AS (
      INSERT INTO orders (${rows.names}) SELECT ${rows.names} FROM ${rows.from} ORDER BY ord RETURNING id
    )
    INSERT INTO order_items (${items.names})
    SELECT order_id, ticket_type_id, ticket_type_name, quantity, unit_price_centavos, ARRAY(SELECT jsonb_array_elements_text(holder_names))
    FROM ${items.from} WHERE order_id IN (SELECT id FROM placed) ORDER BY ord`);
}

/**
 * The state a sale of `eventId` is decided on, locked in the order every writer of these rows
 * follows: the event (key share), then all its ticket types, then the coupons the requests name
 * (for update, in id order). `event` is null when there is no such event.
 */
async function lockSaleState(tx: Tx, eventId: string, requests: PlaceRequest[]): Promise<{ state: SaleState; event: SaleEventRow | null }> {
  const [event] = await queryRows<SaleEventRow>(tx, sql`
    SELECT id, title, date::text AS date, start_time::text AS start_time, end_time::text AS end_time, location, is_published,
           cancelled_at IS NOT NULL AS is_cancelled
    FROM events WHERE id = ${eventId}::uuid FOR KEY SHARE`);
  const types = event
    ? await queryRows<{ id: string; event_id: string; name: string; price_centavos: number; remaining: number }>(tx, sql`
        SELECT id, event_id, name, price_centavos, remaining FROM ticket_types WHERE event_id = ${eventId}::uuid ORDER BY id FOR UPDATE`)
    : [];
  const codes = [...new Set(requests.flatMap((r) => (r.input.couponCode ? [normalizeCouponCode(r.input.couponCode)] : [])))];
  const coupons = codes.length === 0 || !event
    ? []
    : await queryRows<CouponRow>(tx, sql`
        SELECT id, code, discount_type, discount_value, min_purchase_centavos, max_uses, current_uses, held_uses, valid_from, valid_until,
               is_active, event_id
        FROM coupons WHERE code IN (${sql.join(codes.map((code) => sql`${code}`), sql`, `)}) ORDER BY id FOR UPDATE`);
  return {
    event: event ?? null,
    state: {
      event: event ? { id: event.id, isPublished: event.is_published, isCancelled: event.is_cancelled, date: event.date, startTime: event.start_time, endTime: event.end_time } : null,
      ticketTypes: types.map((t) => ({ id: t.id, eventId: t.event_id, name: t.name, priceCentavos: t.price_centavos, remaining: t.remaining })),
      couponsByCode: new Map(coupons.map((c) => [c.code, toSaleCoupon(c)])),
    },
  };
}

interface CouponRow {
  id: string; code: string; discount_type: 'percentage' | 'fixed'; discount_value: number; min_purchase_centavos: number | null; max_uses: number | null;
  current_uses: number; held_uses: number; valid_from: Date | string | null; valid_until: Date | string | null; is_active: boolean; event_id: string | null;
}

function toSaleCoupon(row: CouponRow): SaleCoupon {
  const at = (value: Date | string | null) => (value === null ? null : new Date(value));
  return {
    id: row.id, code: row.code, discountType: row.discount_type, discountValue: row.discount_value, minPurchaseCentavos: row.min_purchase_centavos,
    maxUses: row.max_uses, currentUses: row.current_uses, heldUses: row.held_uses, validFrom: at(row.valid_from), validUntil: at(row.valid_until),
    isActive: row.is_active, eventId: row.event_id,
  };
}

/** The order's row as inserted, from the request and its price (no read back). */
function orderRow(request: PlaceRequest, eventId: string, priced: { subtotalCentavos: number; discountCentavos: number; totalCentavos: number }, couponId: string | null, paymentProvider: string): typeof orders.$inferSelect {
  const { input, now } = request;
  return {
    id: request.id,
    eventId,
    userId: request.userId,
    status: 'pending',
    subtotalCentavos: priced.subtotalCentavos,
    discountCentavos: priced.discountCentavos,
    totalCentavos: priced.totalCentavos,
    couponId,
    paymentMethod: input.paymentMethod,
    installments: input.installments,
    buyerName: input.buyer.name,
    buyerEmail: input.buyer.email.toLowerCase(),
    buyerPhone: onlyDigits(input.buyer.phone),
    buyerCpf: onlyDigits(input.buyer.cpf),
    paymentProvider,
    paymentId: null,
    pixCode: null,
    paymentError: null,
    expiresAt: request.expiresAt,
    completedAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** After the commit: a free order is confirmed at once; any other gets its provider payment. */
async function finishPlacedOrder(deps: ServiceDeps, placed: PlacedOrder, now: Date): Promise<OrderView> {
  const { payments } = deps;
  const { event, ...order } = placed;
  if (order.totalCentavos === 0) {
    await confirmPayment(deps, { orderId: order.id }, now);
    return (await loadOrderView(deps, order.id))!;
  }
  // Stored with the order already (a provider in this process), or asked for now.
  const payment = order.paymentId ? { paymentId: order.paymentId, pixCode: order.pixCode, clientSecret: null } : await requestPayment(deps, order, now, event.title);
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
    const payment = await createProviderPayment(deps.payments, order, title);
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

/** The provider's payment of an order (idempotency key `order:<id>:create`); throws what the provider throws. */
function createProviderPayment(payments: PaymentProvider, order: typeof orders.$inferSelect, description: string): Promise<CreatedPayment> {
  return payments.createPayment({
    orderId: order.id,
    amountCentavos: order.totalCentavos,
    method: order.paymentMethod,
    installments: order.installments,
    buyer: { name: order.buyerName, email: order.buyerEmail, cpf: order.buyerCpf },
    description,
    expiresAt: order.expiresAt,
    idempotencyKey: `order:${order.id}:create`,
  });
}
