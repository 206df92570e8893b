import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PlaceOrderInput } from '../../../shared/schemas/orders';
import { DomainError } from '../../../shared/errors';
import { onlyDigits } from '../../../shared/cpf';
import { decideSale, type OrderRequest, type PricedItem } from '../../domain/sale';
import { orders } from '../../db/schema';
import { unnestRows, type UnnestColumn } from '../../lib/unnest';
import { holdCouponUses, holdUnits, returnUnits, rollLots } from './inventory';
import { readOffers, takeOffers } from './sale-offers';
import { holdingsMoveSql, holdingsRefusal, moveHoldings, pendingUnitsSql, ticketUnitsSql } from './cpf-holdings';
import { loadSaleState } from './sale-state';
import type { ServiceDeps } from '../deps';
import { queryRows, type Db, type Tx } from '../../db/client';
import { groupedRunner } from '../../db/grouped';
import type { CreatedPayment, PaymentProvider } from '../../payments/provider';
import { releaseOrder } from './release-order';
import { takeCourtesyQuota } from './courtesy-quotas';

/**
 * Places an order for one event (docs/architecture.md 'Flow of a purchase', steps 1-2). The one way an
 * order is placed, whatever its shape (one type or several, with or without a coupon, free or
 * paid): the orders of one event that arrive together are placed by one transaction
 * (placeGroup, db/grouped.ts), and a lone order is a group of one.
 *
 * That transaction reads the sale's state with its rows locked (sale-state.ts loadSaleState: the
 * event, its sectors and lots, the codes named, the CPFs' holdings); domain/sale decideSale rolls
 * the units of ended lots on and decides each order in arrival order against what the earlier ones
 * left (on sale, lines, limits per order and per CPF, meia-entrada, windows, capacity, lots,
 * code, service fee; priced on the server, never trusting client amounts); then the rolls are
 * stored, the accepted orders inserted `pending` with `expiresAt` = now + hold minutes, their units
 * and code uses held through the inventory module, and the transaction commits. A provider that
 * creates payments in this process (the sandbox) is asked inside it, so the payment is stored
 * with the order. Returns the order placed, unpaid: the checkout (payments/checkout.ts placeOrder)
 * then confirms a free one or asks the provider for its payment. `now` is UTC.
 *
 * Throws DomainError: what domain/sale decideOrder refuses (installments_invalid, event_*,
 * validation_failed, no_tickets_selected, ticket_type_*, order_limit, cpf_limit, meia_*, sector_*,
 * full_price_sold_out, coupon_*, price_changed).
 */
export async function placeUnpaidOrder(
  deps: ServiceDeps,
  userId: string,
  input: PlaceOrderInput,
  now: Date = new Date(),
): Promise<PlacedOrder> {
  const request: PlaceRequest = {
    id: randomUUID(),
    userId,
    input,
    now,
    expiresAt: new Date(now.getTime() + deps.orderHoldMinutes * 60_000),
    payments: deps.payments,
  };
  const placed = await placeGroup(deps.db, input.eventId, request);
  if (!placed.accepted) throw placed.error;
  return placed.order;
}

/** One order waiting for its event's next placing transaction. */
interface PlaceRequest {
  id: string;
  userId: string | null;
  /** A courtesy the back office issues: the staff member issuing it. */
  courtesyIssuedBy?: string;
  input: PlaceOrderInput;
  now: Date;
  expiresAt: Date;
  payments: PaymentProvider;
}

export type PlacedOrder = typeof orders.$inferSelect & {
  /** The waiting-list offer the order was placed with, if any. */
  waitlistOfferId?: string | null;
  /** The priced items, each with the holder names given for its units (in order; may be shorter). */
  items: PricedItem[];
  event: { id: string; title: string; date: string; startTime: string; location: string };
};

type PlaceOutcome = { accepted: true; order: PlacedOrder } | { accepted: false; error: DomainError };

/** The orders of one event arriving together are placed by one transaction (db/grouped.ts). */
const placeGroup = groupedRunner<PlaceRequest, PlaceOutcome>((db, eventId, requests) =>
  db.transaction((tx) => placeInTx(tx, eventId, requests)),
);

/** A request as domain/sale reads it. */
function saleRequest(request: PlaceRequest): OrderRequest {
  const { input } = request;
  return {
    lines: input.items,
    buyerCpf: onlyDigits(input.buyer.cpf),
    paymentMethod: input.paymentMethod,
    installments: input.installments,
    couponCode: input.couponCode,
    expectedTotalCentavos: input.expectedTotalCentavos,
    courtesy: request.courtesyIssuedBy !== undefined,
    offerId: input.waitlistOfferId ?? null,
    userId: request.userId,
  };
}

/** The sale of one event for a group of requests, inside the transaction `tx`; one outcome per request, in order. */
async function placeInTx(tx: Tx, eventId: string, requests: PlaceRequest[]): Promise<PlaceOutcome[]> {
  const asks = requests.map(saleRequest);
  const { state, event } = await loadSaleState(tx, eventId, {
    lock: true,
    codes: asks.flatMap((r) => (r.couponCode ? [r.couponCode] : [])),
    cpfs: asks
      .flatMap((r) => [r.buyerCpf, ...r.lines.flatMap((line) => [line.holder?.cpf ?? '', ...(line.holderCpfs ?? [])])])
      .filter(Boolean),
    anyMeia: asks.some((r) => r.lines.some((line) => line.concession)),
    userIds: asks.flatMap((r) => (r.userId && !r.courtesy ? [r.userId] : [])),
  });
  // Waiting-list offers only when a request names one: a plain sale reads nothing more.
  const offerIds = asks.flatMap((r) => (r.offerId ? [r.offerId] : []));
  if (offerIds.length > 0) state.offersById = await readOffers(tx, offerIds);
  // Every request is decided against the same clock: the group's first arrival.
  const { decisions, rolls } = decideSale(state, asks, requests[0].now);
  await rollLots(tx, rolls);
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
    const unpaid = orderRow(
      request,
      eventId,
      priced,
      decision.couponId,
      request.courtesyIssuedBy ? 'courtesy' : isFree ? 'free' : request.payments.name,
    );
    // A provider in this process (the sandbox) makes no outbound call: its payment is stored with the order.
    const payment =
      !isFree && request.payments.createsPaymentsInProcess ? await createProviderPayment(request.payments, unpaid, event!.title) : null;
    const order: PlacedOrder = {
      ...unpaid,
      waitlistOfferId: request.input.waitlistOfferId ?? null,
      paymentId: payment?.paymentId ?? null,
      pixCode: payment?.pixCode ?? null,
      items: priced.items,
      event: { id: event!.id, title: event!.title, date: event!.date, startTime: event!.start_time, location: event!.location },
    };
    placed.push(order);
    outcomes.push({ accepted: true, order });
  }
  if (placed.length === 0) return outcomes;

  await insertOrders(tx, placed);
  // The counters last, through their one owner (inventory.ts): what decideSale accepted. An
  // offer's units are out of public stock already: the offer is used up instead, and what the
  // order left of it is freed for the next in line.
  const fromOffer = (order: PlacedOrder) => (order.waitlistOfferId ? state.offersById?.get(order.waitlistOfferId) : undefined);
  await holdUnits(
    tx,
    placed.filter((order) => !fromOffer(order)).flatMap((order) => order.items),
  );
  if (offerIds.length > 0) {
    const taken = placed.flatMap((order) => {
      const offer = fromOffer(order);
      return offer ? [{ offer, orderId: order.id, quantity: order.items.reduce((sum, item) => sum + item.quantity, 0) }] : [];
    });
    await returnUnits(tx, await takeOffers(tx, taken, requests[0].now), requests[0].now);
  }
  const uses = new Map<string, number>();
  for (const order of placed) if (order.couponId) uses.set(order.couponId, (uses.get(order.couponId) ?? 0) + 1);
  await holdCouponUses(
    tx,
    [...uses].map(([couponId, n]) => ({ couponId, uses: n })),
  );
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
  fee_centavos: ['int', (o) => o.feeCentavos],
  absorbed_fee_centavos: ['int', (o) => o.absorbedFeeCentavos],
  total_centavos: ['int', (o) => o.totalCentavos],
  coupon_id: ['uuid', (o) => o.couponId],
  payment_method: ['payment_method', (o) => o.paymentMethod],
  channel: ['order_channel', (o) => o.channel],
  drawer_id: ['uuid', (o) => o.drawerId],
  device_nonce: ['text', (o) => o.deviceNonce],
  admit_on_payment: ['boolean', (o) => o.admitOnPayment],
  card_nsu: ['text', (o) => o.cardNsu],
  card_brand: ['text', (o) => o.cardBrand],
  cash_tendered_centavos: ['int', (o) => o.cashTenderedCentavos],
  installments: ['int', (o) => o.installments],
  buyer_name: ['text', (o) => o.buyerName],
  buyer_email: ['text', (o) => o.buyerEmail],
  buyer_phone: ['text', (o) => o.buyerPhone],
  buyer_cpf: ['text', (o) => o.buyerCpf],
  payment_provider: ['text', (o) => o.paymentProvider],
  issued_by: ['text', (o) => o.issuedBy],
  utm_source: ['text', (o) => o.utmSource],
  utm_medium: ['text', (o) => o.utmMedium],
  utm_campaign: ['text', (o) => o.utmCampaign],
  // A JSON array on the way (unnest takes no array of arrays), a text[] once stored (orderSelectList).
  ad_click_ids: ['jsonb', (o) => JSON.stringify(o.adClickIds)],
  payment_id: ['text', (o) => o.paymentId],
  pix_code: ['text', (o) => o.pixCode],
  payment_error: ['text', (o) => o.paymentError],
  expires_at: ['timestamptz', (o) => o.expiresAt],
  completed_at: ['timestamptz', (o) => o.completedAt],
  created_at: ['timestamptz', (o) => o.createdAt],
  updated_at: ['timestamptz', (o) => o.updatedAt],
};

/** What the insert of `orders` selects from its unnest, column by column: the ad click ids back from JSON to text[]. */
const orderSelectList = sql.join(
  Object.keys(orderColumns).map((name) =>
    name === 'ad_click_ids' ? sql`ARRAY(SELECT jsonb_array_elements_text(ad_click_ids))` : sql.identifier(name),
  ),
  sql`, `,
);

type PlacedItem = PlacedOrder['items'][number] & { orderId: string };

/** Every column of `order_items` but its generated id, named once; the holder names and CPFs travel as JSON arrays. */
const itemColumns: Record<string, UnnestColumn<PlacedItem>> = {
  order_id: ['uuid', (i) => i.orderId],
  ticket_type_id: ['uuid', (i) => i.sectorId],
  ticket_type_name: ['text', (i) => i.name],
  lot_id: ['uuid', (i) => i.lotId],
  quantity: ['int', (i) => i.quantity],
  unit_price_centavos: ['int', (i) => i.unitPriceCentavos],
  unit_fee_centavos: ['int', (i) => i.unitFeeCentavos],
  concession: ['concession', (i) => i.concession],
  holder_cpf: ['text', (i) => i.holder?.cpf ?? null],
  holder_birth_date: ['text', (i) => i.holder?.birthDate || null],
  document_number: ['text', (i) => i.holder?.documentNumber ?? null],
  holder_names: ['jsonb', (i) => JSON.stringify(i.holderNames)],
  holder_cpfs: ['jsonb', (i) => JSON.stringify(i.holderCpfs)],
};

/**
 * Inserts the placed orders and their items in one statement, in the order given, and moves who
 * holds what (cpf-holdings.ts, the database's guard of the limit per CPF and one meia per CPF) in
 * the same statement: the one writer of orders (the sale, courtesies, the box office, guest
 * lists). Throws DomainError('cpf_limit' | 'meia_cpf_repeated') when the guard refuses.
 */
export async function insertOrders(tx: Tx, placed: PlacedOrder[]): Promise<void> {
  const rows = unnestRows(placed, 'o', orderColumns);
  const items = unnestRows(
    placed.flatMap((order) => order.items.map((item) => ({ ...item, orderId: order.id }))),
    'i',
    itemColumns,
  );
  const move = holdingsMoveSql(pendingUnitsSql(sql`true`, sql`placed o JOIN items i ON i.order_id = o.id`), 1);
  try {
    await tx.execute(sql`
      WITH placed AS (
        INSERT INTO orders (${rows.names}) SELECT ${orderSelectList} FROM ${rows.from} ORDER BY ord RETURNING id, event_id, user_id, buyer_cpf, payment_provider
      ), items AS (
        INSERT INTO order_items (${items.names})
        SELECT order_id, ticket_type_id, ticket_type_name, lot_id, quantity, unit_price_centavos, unit_fee_centavos, concession, holder_cpf,
               holder_birth_date::date, document_number, ARRAY(SELECT jsonb_array_elements_text(holder_names)),
               ARRAY(SELECT jsonb_array_elements_text(holder_cpfs))
        FROM ${items.from} WHERE order_id IN (SELECT id FROM placed) ORDER BY ord
        RETURNING order_id, quantity, concession, holder_cpf, holder_cpfs
      ), ${move.ctes}
      ${move.upsert}`);
  } catch (error) {
    throw holdingsRefusal(error) ?? error;
  }
}

/** The order's row as inserted, from the request and its price (no read back). */
function orderRow(
  request: PlaceRequest,
  eventId: string,
  priced: { subtotalCentavos: number; discountCentavos: number; feeCentavos: number; absorbedFeeCentavos: number; totalCentavos: number },
  couponId: string | null,
  paymentProvider: string,
): typeof orders.$inferSelect {
  const { input, now } = request;
  return {
    id: request.id,
    eventId,
    userId: request.userId,
    status: 'pending',
    subtotalCentavos: priced.subtotalCentavos,
    discountCentavos: priced.discountCentavos,
    feeCentavos: priced.feeCentavos,
    absorbedFeeCentavos: priced.absorbedFeeCentavos,
    totalCentavos: priced.totalCentavos,
    couponId,
    paymentMethod: input.paymentMethod,
    channel: 'online',
    drawerId: null,
    deviceNonce: null,
    admitOnPayment: false,
    cardNsu: null,
    cardBrand: null,
    cashTenderedCentavos: null,
    installments: input.installments,
    buyerName: input.buyer.name,
    buyerEmail: input.buyer.email.toLowerCase(),
    buyerPhone: onlyDigits(input.buyer.phone),
    buyerCpf: onlyDigits(input.buyer.cpf),
    paymentProvider,
    issuedBy: request.courtesyIssuedBy ?? null,
    utmSource: input.attribution?.utmSource ?? null,
    utmMedium: input.attribution?.utmMedium ?? null,
    utmCampaign: input.attribution?.utmCampaign ?? null,
    adClickIds: input.attribution?.adClickIds ?? [],
    paymentId: null,
    pixCode: null,
    paymentError: null,
    expiresAt: request.expiresAt,
    completedAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Places courtesy orders ('Cortesias') of one sector of `eventId`, one per recipient, through the
 * one sale path (placeGroup; domain/sale with `courtesy`: free, no fee, outside the limits per
 * order and CPF and the meia reserve, inside the sector's stock and the event's capacity), each for
 * the account with the recipient's e-mail, or for none yet (claimCourtesies gives it to the account
 * that signs up and confirms that e-mail). All or none: when one recipient cannot get a ticket
 * (sold out, capacity), the ones placed in this call are released and the error is thrown. The
 * issuer's quota for the event, when they have one (courtesy-quotas.ts), is taken first and given
 * back when nothing is placed. Returns the orders placed, unpaid: payments/checkout.ts
 * issueCourtesies confirms them at once as free orders.
 * Throws DomainError: courtesy_quota_exceeded, event_*, ticket_type_not_found, ticket_type_sold_out, event_sold_out.
 */
export async function placeCourtesyOrders(
  deps: ServiceDeps,
  issuedBy: string,
  eventId: string,
  input: { sectorId: string; recipients: { name: string; email: string }[] },
  now: Date = new Date(),
): Promise<PlacedOrder[]> {
  const giveBack = await takeCourtesyQuota(deps.db, eventId, issuedBy, input.recipients.length);
  const emails = [...new Set(input.recipients.map((r) => r.email.toLowerCase()))];
  const accounts = await queryRows<{ id: string; email: string }>(
    deps.db,
    sql`
    SELECT id, lower(email) AS email FROM users WHERE lower(email) IN (${sql.join(
      emails.map((e) => sql`${e}`),
      sql`, `,
    )})`,
  );
  const userByEmail = new Map(accounts.map((a) => [a.email, a.id]));
  let outcomes: Awaited<ReturnType<typeof placeGroup>>[];
  try {
    outcomes = await Promise.all(
      input.recipients.map((recipient) =>
        placeGroup(deps.db, eventId, {
          id: randomUUID(),
          userId: userByEmail.get(recipient.email.toLowerCase()) ?? null,
          courtesyIssuedBy: issuedBy,
          input: {
            eventId,
            items: [{ sectorId: input.sectorId, quantity: 1, holderNames: [recipient.name] }],
            buyer: { name: recipient.name, email: recipient.email, phone: '', cpf: '' },
            paymentMethod: 'pix',
            installments: 1,
          },
          now,
          expiresAt: new Date(now.getTime() + deps.orderHoldMinutes * 60_000),
          payments: deps.payments,
        }),
      ),
    );
  } catch (error) {
    await giveBack();
    throw error;
  }
  const refused = outcomes.find((o) => !o.accepted);
  if (refused && !refused.accepted) {
    for (const o of outcomes) if (o.accepted) await releaseOrder(deps.db, o.order.id, 'cancelled', now);
    await giveBack();
    throw refused.error;
  }
  return outcomes.flatMap((o) => (o.accepted ? [o.order] : []));
}

/**
 * Gives the courtesies issued to `user`'s e-mail before the account existed to the account, with
 * their tickets, once the address is confirmed (called beside grantInvitedRoles). Returns how many
 * orders it claimed.
 */
export async function claimCourtesies(db: Db, user: { id: string; email: string }): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await queryRows<{ id: string }>(
      tx,
      sql`
      UPDATE orders SET user_id = ${user.id} WHERE user_id IS NULL AND payment_provider = 'courtesy' AND buyer_email = ${user.email.toLowerCase()}
      RETURNING id`,
    );
    if (claimed.length === 0) return 0;
    const ids = sql.param(claimed.map((c) => c.id));
    await tx.execute(sql`UPDATE tickets SET user_id = ${user.id} WHERE user_id IS NULL AND order_id = ANY(${ids}::uuid[])`);
    // The courtesies' valid tickets now count for the account (outside the limit per CPF, as courtesies are).
    await moveHoldings(tx, ticketUnitsSql(sql`t.order_id = ANY(${ids}::uuid[]) AND t.status = 'valid'`), 1);
    return claimed.length;
  });
}

/**
 * The provider's payment of an order (idempotency key `order:<id>:create`, so a repeat answers with
 * the same payment): asked inside the placing transaction of a provider in this process, and after
 * the commit by payments/request-payment.ts requestPayment. Throws what the provider throws.
 */
export function createProviderPayment(
  payments: PaymentProvider,
  order: typeof orders.$inferSelect,
  description: string,
): Promise<CreatedPayment> {
  const method = order.paymentMethod;
  if (method !== 'pix' && method !== 'card') throw new Error(`a payment provider takes PIX or card, not ${method}`);
  return payments.createPayment({
    orderId: order.id,
    amountCentavos: order.totalCentavos,
    method,
    installments: order.installments,
    buyer: { name: order.buyerName, email: order.buyerEmail, cpf: order.buyerCpf },
    description,
    expiresAt: order.expiresAt,
    idempotencyKey: `order:${order.id}:create`,
  });
}
