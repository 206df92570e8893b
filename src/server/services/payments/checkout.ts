import type { OrderView, PlaceOrderInput } from '../../../shared/schemas/orders';
import { DomainError } from '../../../shared/errors';
import type { ServiceDeps } from '../deps';
import { placeCourtesyOrders, placeUnpaidOrder, type PlacedOrder } from '../orders/place-order';
import { loadOrderView, toOrderView } from '../orders/order-view';
import { confirmPayment } from './confirm-payment';
import { requestPayment } from './request-payment';
import type { AuditActor, AuditEntry } from '../audit/record-audit';

/**
 * The buyer's checkout (POST /api/orders; docs/architecture.md 'Flow of a purchase', steps 1-3): the
 * order is placed by the one sale path (orders/place-order.ts placeUnpaidOrder: decided by
 * domain/sale with the event's rows locked, held, inserted `pending`), then, after that commit, a
 * free order (total 0) is confirmed at once (confirm-payment.ts confirmPayment) and any other gets
 * its provider payment unless the placing already stored it (request-payment.ts requestPayment:
 * PIX BR Code, or a card payment the browser confirms). Returns the order as the API shows it.
 * `now` is UTC. Throws DomainError: what placeUnpaidOrder throws, payment_failed (the provider
 * refused; the order was released).
 */
export async function placeOrder(deps: ServiceDeps, userId: string, input: PlaceOrderInput, now: Date = new Date()): Promise<OrderView> {
  const placed = await placeUnpaidOrder(deps, userId, input, now);
  return finishPlacedOrder(deps, placed, now);
}

/**
 * Issues courtesy tickets ('Cortesias') of one sector of `eventId`, one per recipient: placed by
 * orders/place-order.ts placeCourtesyOrders (all or none, within the issuer's quota), then each
 * confirmed at once as a free order through the one confirmation (confirm-payment.ts): the ticket
 * is issued, e-mailed, and shown in 'Meus ingressos' of the account with that e-mail, or, for an
 * e-mail without an account yet, once one signs up and confirms it (claimCourtesies). Returns how
 * many were issued and how many went to e-mails without an account. `now` is UTC. Each courtesy
 * is recorded in the audit trail by `actor` in the transaction that issues its ticket
 * (docs/rules/audit.md 'What is recorded').
 * Throws DomainError: courtesy_quota_exceeded, event_*, ticket_type_not_found, ticket_type_sold_out, event_sold_out.
 */
export async function issueCourtesies(
  deps: ServiceDeps,
  issuedBy: string,
  eventId: string,
  input: { sectorId: string; recipients: { name: string; email: string }[] },
  actor: AuditActor,
  now: Date = new Date(),
): Promise<{ issued: number; invited: number }> {
  const placed = await placeCourtesyOrders(deps, issuedBy, eventId, input, now);
  for (const order of placed) {
    const entry: AuditEntry = {
      action: 'courtesy.issued',
      objectType: 'order',
      objectId: order.id,
      eventId,
      orderId: order.id,
      subjectUserId: order.userId,
      changes: { sectorId: input.sectorId, recipientName: order.buyerName, ticketCount: 1 },
    };
    await confirmPayment(deps, { orderId: order.id }, now, { actor, entry });
  }
  return { issued: placed.length, invited: placed.filter((order) => order.userId === null).length };
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
  const payment = order.paymentId
    ? { paymentId: order.paymentId, pixCode: order.pixCode, clientSecret: null }
    : await requestPayment(deps, order, now, event.title);
  if (!payment) throw new DomainError('payment_failed');
  // The answer from what is at hand: no query to read back what was just written.
  const view = toOrderView(
    { ...order, paymentId: payment.paymentId, pixCode: payment.pixCode },
    event,
    order.items.map((i) => ({ ...i, sectorName: i.name })),
    payments.isSandbox,
  );
  if (order.paymentMethod === 'card' && !payments.isSandbox) view.clientSecret = payment.clientSecret;
  return view;
}
