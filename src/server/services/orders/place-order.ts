import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { OrderView, PlaceOrderInput } from '../../../shared/schemas/orders';
import { DomainError } from '../../../shared/errors';
import { onlyDigits } from '../../../shared/cpf';
import { isEventPast } from '../../../shared/dates';
import { normalizeCouponCode, priceOrder, assertInstallments, type CouponRule } from '../../domain/pricing';
import { coupons, events, orderItems, orders, ticketTypes } from '../../db/schema';
import { holdCouponUse, holdInTurnText, holdUnits } from './inventory';
import type { ServiceDeps } from '../deps';
import { isConnectionError, preparedStatement, type Db } from '../../db/client';
import { groupedRunner } from '../../db/grouped';
import type { CreatedPayment } from '../../payments/provider';
import { confirmPayment } from '../payments/confirm-payment';
import { releaseOrder } from './release-order';
import { loadOrderView, toOrderView } from './order-view';

/**
 * Places an order for one event (ARCHITECTURE.md 'Flow of a purchase', steps 1-2).
 *
 * The items are priced on the server (never trusting client amounts); the order is inserted as
 * `pending` with `expiresAt` = now + hold minutes, and stock is held with one conditional UPDATE
 * per ticket type (`remaining >= quantity` at the price charged, so it never oversells) and one
 * coupon use, through the inventory module. An order of one ticket type without a coupon (almost
 * every order) is held and inserted in a single statement, so the hot stock row is never locked
 * across a round trip to this server; any other order, or one the single statement could not
 * place, goes through one short transaction that also says exactly why it failed. After the
 * commit the payment provider is asked for a payment (requestPayment: PIX BR Code, or a card
 * payment the browser confirms). A free order (total 0) is confirmed at once.
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
  assertInstallments(input.installments);
  if (input.paymentMethod === 'pix' && input.installments !== 1) throw new DomainError('installments_invalid');

  const expiresAt = new Date(now.getTime() + deps.orderHoldMinutes * 60_000);
  const placed = (await placeInOneStatement(deps, userId, input, now, expiresAt)) ?? (await placeInTransaction(deps, userId, input, now, expiresAt));
  return finishPlacedOrder(deps, placed, now);
}

type PlacedOrder = typeof orders.$inferSelect & {
  items: { ticketTypeId: string; name: string; quantity: number; unitPriceCentavos: number }[];
  event: { id: string; title: string; date: string; startTime: string; location: string };
};

/** Refuses an order for an event that is not on sale: unpublished or missing, cancelled, or over. */
function assertOnSale(event: { isPublished: boolean; cancelled: boolean; date: string; startTime: string; endTime: string | null } | undefined, now: Date) {
  if (!event || !event.isPublished) throw new DomainError('event_not_found');
  if (event.cancelled) throw new DomainError('event_cancelled');
  if (isEventPast({ date: event.date, startTime: event.startTime, endTime: event.endTime }, now)) throw new DomainError('event_finished');
}

/** The order's row as inserted, from the values written (no read back). */
function orderRow(id: string, eventId: string, userId: string, input: PlaceOrderInput, priced: { subtotalCentavos: number; discountCentavos: number; totalCentavos: number }, couponId: string | null, paymentProvider: string, now: Date, expiresAt: Date): typeof orders.$inferSelect {
  return {
    id,
    eventId,
    userId,
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
    expiresAt,
    completedAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

type EventAndTypeRow = {
  id: string; title: string; date: string; start_time: string; end_time: string | null; location: string;
  is_published: boolean; cancelled: boolean; type_id: string | null; type_event_id: string | null; name: string | null; price_centavos: number | null; remaining: number | null;
};

const readEventAndTypes = preparedStatement<EventAndTypeRow>(
  'place_order_read',
  `SELECT e.id, e.title, e.date::text AS date, e.start_time::text AS start_time, e.end_time::text AS end_time, e.location,
          e.is_published, e.cancelled_at IS NOT NULL AS cancelled,
          t.id AS type_id, t.event_id AS type_event_id, t.name, t.price_centavos, t.remaining
   FROM events e LEFT JOIN ticket_types t ON t.id = $2::uuid AND t.event_id = e.id
   WHERE e.id = $1::uuid`,
);

/** Reads of one event and ticket type arriving together share one query (db/grouped.ts). */
const readGroup = groupedRunner<{ eventId: string; ticketTypeId: string }, EventAndTypeRow | undefined>(async (db, _key, reads) => {
  const [row] = await readEventAndTypes(db, [reads[0].eventId, reads[0].ticketTypeId]);
  return reads.map(() => row);
});

const insertHeldOrders = preparedStatement<{ placed_ids: string[]; remaining: number | null }>(
  'place_orders_one_type',
  `WITH requests AS (
     SELECT * FROM unnest($5::uuid[], $6::text[], $7::int[], $8::int[], $9::int[], $10::text[], $11::int[], $12::text[], $13::text[],
                          $14::text[], $15::text[], $16::text[], $17::text[], $18::timestamptz[], $19::timestamptz[], $20::text[])
       WITH ORDINALITY AS r(id, user_id, quantity, subtotal_centavos, total_centavos, payment_method, installments, buyer_name, buyer_email,
                            buyer_phone, buyer_cpf, payment_id, pix_code, expires_at, created_at, holder_names, ord)
   ), ${holdInTurnText('requests', '$1', '$2', '$3')}, placed AS (
     INSERT INTO orders (id, event_id, user_id, status, subtotal_centavos, discount_centavos, total_centavos, payment_method, installments,
                         buyer_name, buyer_email, buyer_phone, buyer_cpf, payment_provider, payment_id, pix_code, expires_at, created_at, updated_at)
     SELECT c.id, $3::uuid, c.user_id, 'pending'::order_status, c.subtotal_centavos, 0, c.total_centavos, c.payment_method::payment_method,
            c.installments, c.buyer_name, c.buyer_email, c.buyer_phone, c.buyer_cpf, $21::text, c.payment_id, c.pix_code, c.expires_at,
            c.created_at, c.created_at
     FROM chosen c WHERE EXISTS (SELECT 1 FROM held)
     ORDER BY c.ord
     RETURNING id
   ), item AS (
     INSERT INTO order_items (order_id, ticket_type_id, ticket_type_name, quantity, unit_price_centavos, holder_names)
     SELECT c.id, $1::uuid, $4::text, c.quantity, $2::int, ARRAY(SELECT jsonb_array_elements_text(c.holder_names::jsonb))
     FROM chosen c JOIN placed p ON p.id = c.id
   )
   SELECT coalesce((SELECT array_agg(id::text) FROM placed), '{}') AS placed_ids,
          coalesce((SELECT remaining FROM held), (SELECT remaining FROM stock)) AS remaining`,
);

/** An order of one ticket type waiting for its turn at the type's stock row (see holdInTurn). */
interface HoldRequest {
  order: typeof orders.$inferSelect;
  quantity: number;
  holderNames: string[];
  ticketTypeId: string;
  unitPriceCentavos: number;
  ticketTypeName: string;
}

/** What the shared statement did with one order: placed it, found too few units left for it, or neither. */
type HoldOutcome = 'placed' | 'sold_out' | 'not_placed';

const holdGroup = groupedRunner<HoldRequest, HoldOutcome>(async (db, _key, group) => {
  const [first] = group;
  const [row] = await insertHeldOrders(db, [
    first.ticketTypeId, first.unitPriceCentavos, first.order.eventId, first.ticketTypeName,
    ...orderColumns(group),
    first.order.paymentProvider,
  ]);
  const placed = new Set(row?.placed_ids ?? []);
  const remaining = row?.remaining ?? null;
  return group.map((request): HoldOutcome =>
    placed.has(request.order.id) ? 'placed' : remaining !== null && remaining < request.quantity ? 'sold_out' : 'not_placed',
  );
});

/**
 * Holds the units of one pending order of one ticket type and inserts it with its item, in one
 * statement shared with the other orders of that type and price that arrive while one of its
 * statements runs (db/grouped.ts), first come first served (inventory.ts holdInTurnText).
 * Resolves 'placed' when the order was placed; 'sold_out' when the event and price still stand
 * but fewer units remain than it asks for (what the transaction path would answer, without its
 * round trips: the end of a flash sale turns hundreds away at once); 'not_placed' otherwise
 * (price changed, event cancelled, an earlier larger order left units this one fits in, or the
 * shared statement failed): the caller's transaction path then decides alone and says why.
 * Never rejects.
 */
async function holdInTurn(db: Db, request: HoldRequest): Promise<HoldOutcome> {
  const key = `${request.ticketTypeId}:${request.unitPriceCentavos}:${request.ticketTypeName}:${request.order.paymentProvider}`;
  try {
    return await holdGroup(db, key, request);
  } catch {
    return 'not_placed';
  }
}

/** Parameters $5-$20 of insertHeldOrders: one array per column, an element per order. */
function orderColumns(group: HoldRequest[]): unknown[] {
  const o = group.map((r) => r.order);
  return [
    o.map((x) => x.id), o.map((x) => x.userId), group.map((r) => r.quantity), o.map((x) => x.subtotalCentavos), o.map((x) => x.totalCentavos),
    o.map((x) => x.paymentMethod), o.map((x) => x.installments), o.map((x) => x.buyerName), o.map((x) => x.buyerEmail),
    o.map((x) => x.buyerPhone), o.map((x) => x.buyerCpf), o.map((x) => x.paymentId), o.map((x) => x.pixCode),
    o.map((x) => x.expiresAt), o.map((x) => x.createdAt), group.map((r) => JSON.stringify(r.holderNames)),
  ];
}

/**
 * An order of one ticket type without a coupon, in two prepared statements and no transaction,
 * each shared with the orders of that type arriving meanwhile (db/grouped.ts): the event and the
 * type are read, priced, then one statement (holdInTurn) locks the event (key share), holds the
 * units (inventory.ts, at the price just charged) and inserts the order and its item only when
 * the hold took. A provider that creates payments in this process (the sandbox) is asked first,
 * so the payment is stored by the same statement. Throws DomainError('ticket_type_sold_out')
 * when that statement found fewer units left than the order asks for. Returns null when it placed
 * nothing for another reason (price changed, event cancelled meanwhile) or the order is of another
 * kind: the transaction path then decides and explains. Throws the DomainErrors of placeOrder when
 * the read already shows the order cannot be placed.
 */
async function placeInOneStatement(deps: ServiceDeps, userId: string, input: PlaceOrderInput, now: Date, expiresAt: Date): Promise<PlacedOrder | null> {
  if (input.couponCode || input.items.length !== 1) return null;
  const [line] = input.items;
  const row = await readGroup(deps.db, `${input.eventId}:${line.ticketTypeId}`, { eventId: input.eventId, ticketTypeId: line.ticketTypeId });
  if (!row) throw new DomainError('event_not_found');
  assertOnSale(row && { isPublished: row.is_published, cancelled: row.cancelled, date: row.date, startTime: row.start_time, endTime: row.end_time }, now);
  const typeRows = row.type_id
    ? [{ id: row.type_id, eventId: row.type_event_id!, name: row.name!, priceCentavos: row.price_centavos!, remaining: row.remaining! }]
    : [];
  const priced = priceOrder({ eventId: row.id, lines: input.items, ticketTypes: typeRows, coupon: null, now });
  if (priced.totalCentavos === 0 || priced.items.length !== 1) return null;
  const [item] = priced.items;

  const unpaid = orderRow(randomUUID(), row.id, userId, input, priced, null, deps.payments.name, now, expiresAt);
  const payment = deps.payments.createsPaymentsInProcess ? await createProviderPayment(deps, unpaid, row.title) : null;
  const order = { ...unpaid, paymentId: payment?.paymentId ?? null, pixCode: payment?.pixCode ?? null };
  const placed = await holdInTurn(deps.db, {
    order,
    quantity: item.quantity,
    holderNames: (line.holderNames ?? []).slice(0, item.quantity),
    ticketTypeId: item.ticketTypeId,
    unitPriceCentavos: item.unitPriceCentavos,
    ticketTypeName: item.name,
  });
  if (placed === 'sold_out') throw new DomainError('ticket_type_sold_out', { ticketTypeId: item.ticketTypeId });
  if (placed === 'not_placed') return null;
  return {
    ...order,
    items: [{ ticketTypeId: item.ticketTypeId, name: item.name, quantity: item.quantity, unitPriceCentavos: item.unitPriceCentavos }],
    event: { id: row.id, title: row.title, date: row.date, startTime: row.start_time, location: row.location },
  };
}

/** Any order, in one short transaction; throws the DomainError that says why it cannot be placed. */
async function placeInTransaction(deps: ServiceDeps, userId: string, input: PlaceOrderInput, now: Date, expiresAt: Date): Promise<PlacedOrder> {
  const { db, payments } = deps;
  return db.transaction(async (tx) => {
    // The event and its ticket types, with a key-share lock on the event: an event's cancellation
    // waits for this order (and sees it), or this order waits for the cancellation and is refused.
    const rows = await tx
      .select({ type: ticketTypes, event: events })
      .from(events)
      .leftJoin(ticketTypes, eq(ticketTypes.eventId, events.id))
      .where(eq(events.id, input.eventId))
      .for('key share', { of: events });
    const event = rows[0]?.event;
    assertOnSale(event && { ...event, cancelled: event.cancelledAt !== null }, now);
    const typeRows = rows.flatMap((r) => (r.type ? [r.type] : []));
    let coupon: (CouponRule & { id: string }) | null = null;
    if (input.couponCode) {
      const [row] = await tx.select().from(coupons).where(eq(coupons.code, normalizeCouponCode(input.couponCode)));
      if (!row) throw new DomainError('coupon_invalid', { field: 'couponCode' });
      coupon = { ...row, currentUses: row.currentUses + row.heldUses };
    }
    // Validates quantities, types and coupon rules against what was just read, and prices.
    const priced = priceOrder({ eventId: event!.id, lines: input.items, ticketTypes: typeRows, coupon, now });

    const inserted = orderRow(randomUUID(), event!.id, userId, input, priced, coupon?.id ?? null, priced.totalCentavos === 0 ? 'free' : payments.name, now, expiresAt);
    await tx.insert(orders).values(inserted);
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
    return { ...inserted, items: priced.items, event: event! };
  });
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
    const payment = await createProviderPayment(deps, order, title);
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
function createProviderPayment(deps: ServiceDeps, order: typeof orders.$inferSelect, description: string): Promise<CreatedPayment> {
  return deps.payments.createPayment({
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

/** Pending orders of a user for display and cleanup; used by tests. */
export async function findOrdersByIds(deps: ServiceDeps, ids: string[]) {
  return deps.db.select().from(orders).where(inArray(orders.id, ids));
}
