import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { notifications, orders, paymentEvents, refunds, tickets, sectors } from '../../src/server/db/schema';
import { isValidBrCode } from '../../src/server/domain/br-code';
import { releaseOrder } from '../../src/server/services/orders/release-order';
import { reconcilePayments, RECONCILE_AFTER_MS } from '../../src/server/services/payments/reconcile-payments';
import { runDueJobs, runWorkerOnce } from '../../src/server/worker';
import type { AdminRefund, AdminRefundList } from '../../src/shared/schemas/admin-refunds';
import { buyer, createEvent, startTestServer, type TestServer } from '../support/test-server';
import { startStripeDouble, type StripeDouble, type WebhookEvent } from '../support/stripe-double';

let double: StripeDouble;
let server: TestServer;
let admin: { userId: string; cookie: string };

beforeAll(async () => {
  double = await startStripeDouble();
  server = await startTestServer({ poolSize: 30, env: double.env });
  admin = await server.signUpAs(['admin'], `admin-${randomUUID().slice(0, 8)}@exemplo.com.br`);
});
afterAll(async () => {
  await server?.stop();
  await double?.close();
});
beforeEach(() => {
  double.refundStatus = 'succeeded';
});

function post(url: string, cookie: string | null, payload: object = {}) {
  return server.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload });
}

function get(url: string, cookie: string | null) {
  return server.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

/** Delivers `event` to the webhook as Stripe would, signed (or with the given body and header). */
function deliver(event: WebhookEvent, options: { timestamp?: number; tamper?: (payload: string) => string } = {}) {
  const { payload, headers } = double.signedWebhook(event, { timestamp: options.timestamp });
  return server.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers,
    payload: options.tamper ? options.tamper(payload) : payload,
  });
}

/** A signed-in buyer places an order of `quantity` units of a new event's one type. */
async function placeOrder(
  options: { method?: 'pix' | 'card'; installments?: number; quantity?: number; priceCentavos?: number; remaining?: number } = {},
) {
  const person = await server.signUpAs();
  const {
    event,
    sectors: [type],
  } = await createEvent(server, [{ name: 'Pista', priceCentavos: options.priceCentavos ?? 8000, remaining: options.remaining ?? 10 }], {
    title: `Show ${randomUUID().slice(0, 6)}`,
  });
  const response = await post('/api/orders', person.cookie, {
    eventId: event.id,
    items: [{ sectorId: type.id, quantity: options.quantity ?? 2 }],
    buyer,
    paymentMethod: options.method ?? 'pix',
    installments: options.installments ?? 1,
  });
  expect(response.statusCode).toBe(201);
  const order = response.json();
  return { person, event, type, order, intentId: order.paymentId as string };
}

/** The PaymentIntent paid at the double, and Stripe's `payment_intent.succeeded` for it. */
function succeeded(intentId: string) {
  return double.event('payment_intent.succeeded', double.setStatus(intentId, 'succeeded'));
}

/**
 * A PaymentIntent made at Stripe (in our account) by another hand than the order's: `amount`
 * centavos in BRL, naming `orderId` in its metadata as ours do. Not yet paid.
 */
async function otherIntentFor(orderId: string, amount: number): Promise<string> {
  const url = new URL(double.url);
  const stripe = new Stripe(double.env.STRIPE_SECRET_KEY, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
    telemetry: false,
  });
  const intent = await stripe.paymentIntents.create({
    amount,
    currency: 'brl',
    allowed_payment_method_types: ['card'],
    metadata: { order_id: orderId },
  });
  return intent.id;
}

/** The refund as GET /api/admin/refunds lists it. */
async function listedRefund(refundId: string): Promise<AdminRefund | undefined> {
  const list: AdminRefundList = (await get('/api/admin/refunds', admin.cookie)).json();
  return list.refunds.find((r) => r.id === refundId);
}

/** The idempotency keys of the refunds asked of Stripe for `intentId`, in order. */
function refundKeysOf(intentId: string) {
  return double
    .requestsTo('POST', '/v1/refunds')
    .filter((r) => r.body.payment_intent === intentId)
    .map((r) => r.idempotencyKey);
}

async function storedOrder(orderId: string) {
  const [row] = await server.deps.db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

async function ticketsOf(orderId: string) {
  return server.deps.db.select().from(tickets).where(eq(tickets.orderId, orderId));
}

async function remainingOf(typeId: string) {
  const [row] = await server.deps.db.select({ remaining: sectors.remaining }).from(sectors).where(eq(sectors.id, typeId));
  return row.remaining;
}

async function storedEvents(eventId: string) {
  return server.deps.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId));
}

describe('Stripe mode', () => {
  it('tells the browser to use Stripe.js with the publishable key and lets Stripe in through the CSP', async () => {
    const response = await get('/api/config', null);
    expect(response.json()).toMatchObject({ paymentProvider: 'stripe', stripePublishableKey: double.env.STRIPE_PUBLISHABLE_KEY });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com https:\/\/hooks\.stripe\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
  });

  it('creates a PIX PaymentIntent in centavos and BRL, confirmed with the buyer, and shows its BR Code', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { person, order, intentId } = await placeOrder({ method: 'pix', quantity: 2, priceCentavos: 8000 });
    const [create] = double.requestsTo('POST', '/v1/payment_intents').filter((r) => r.idempotencyKey === `order:${order.id}:create`);
    expect(create.apiKey).toBe(double.env.STRIPE_SECRET_KEY);
    expect(create.body).toMatchObject({
      amount: '16000',
      currency: 'brl',
      allowed_payment_method_types: ['pix'],
      metadata: { order_id: order.id },
      confirm: 'true',
      payment_method_data: { type: 'pix', billing_details: { name: buyer.name, email: buyer.email } },
    });
    expect(create.body.description).toMatch(/^Show /);
    // The PIX expires with the order's hold.
    const expiresAt = Number((create.body.payment_method_options as { pix: { expires_at: string } }).pix.expires_at);
    expect(Math.abs(expiresAt - new Date(order.expiresAt).getTime() / 1000)).toBeLessThanOrEqual(1);
    expect(expiresAt).toBeGreaterThan(before + 14 * 60);

    const intent = double.paymentIntents.get(intentId)!;
    expect(intent).toMatchObject({ object: 'payment_intent', status: 'requires_action', amount: 16000, currency: 'brl' });
    const qr = intent.next_action!.pix_display_qr_code!;
    expect(order.pixCode).toBe(qr.data);
    expect(isValidBrCode(order.pixCode)).toBe(true);
    expect(order.clientSecret).toBeNull();

    const resumed = (await get(`/api/orders/${order.id}`, person.cookie)).json();
    expect(resumed).toMatchObject({ status: 'pending', paymentId: intentId, pixCode: qr.data, isSandbox: false });
  });

  it('creates a card PaymentIntent with Brazilian instalments and hands its client secret to the browser', async () => {
    const { person, order, intentId } = await placeOrder({ method: 'card', installments: 6, quantity: 2, priceCentavos: 13000 });
    const create = double.requestsTo('POST', '/v1/payment_intents').find((r) => r.idempotencyKey === `order:${order.id}:create`)!;
    expect(create.body).toMatchObject({
      amount: '26000',
      currency: 'brl',
      allowed_payment_method_types: ['card'],
      metadata: { order_id: order.id },
      payment_method_options: { card: { installments: { enabled: 'true' } } },
    });
    expect(create.body.confirm).toBeUndefined();
    const intent = double.paymentIntents.get(intentId)!;
    expect(intent.payment_method_options?.card?.installments?.enabled).toBe(true);
    expect(order).toMatchObject({ status: 'pending', clientSecret: intent.client_secret, pixCode: null, installments: 6 });
    expect(order.clientSecret).toMatch(new RegExp(`^${intentId}_secret_`));
    expect(order.installmentAmountsCentavos).toEqual([4335, 4333, 4333, 4333, 4333, 4333]);

    // Resuming the order from 'Meus ingressos' asks Stripe for the client secret again.
    const resumed = (await get(`/api/orders/${order.id}`, person.cookie)).json();
    expect(resumed.clientSecret).toBe(intent.client_secret);
  });

  it('asks for no instalments on a card paid at once', async () => {
    const { order } = await placeOrder({ method: 'card', installments: 1, quantity: 1 });
    const create = double.requestsTo('POST', '/v1/payment_intents').find((r) => r.idempotencyKey === `order:${order.id}:create`)!;
    expect(create.body).toMatchObject({ amount: '8000', allowed_payment_method_types: ['card'] });
    expect(create.body.payment_method_options).toBeUndefined();
  });

  it('takes no card numbers and simulates nothing: those sandbox routes do not exist', async () => {
    const { person, order } = await placeOrder({ method: 'card', quantity: 1 });
    const card = await post(`/api/orders/${order.id}/card-payment`, person.cookie, {
      cardNumber: '4242 4242 4242 4242',
      holderName: 'ANA B LIMA',
      expiry: '12/34',
      cvc: '123',
    });
    expect(card.statusCode).toBe(404);
    const pix = await placeOrder({ method: 'pix', quantity: 1 });
    expect((await post(`/api/orders/${pix.order.id}/simulate-pix-payment`, pix.person.cookie)).statusCode).toBe(404);
    expect((await storedOrder(order.id)).status).toBe('pending');
    expect((await storedOrder(pix.order.id)).status).toBe('pending');
  });

  it('releases the order at once when Stripe refuses to create the payment', async () => {
    double.failNext(/^\/v1\/payment_intents$/, 400, {
      type: 'invalid_request_error',
      code: 'amount_too_small',
      message: 'Amount must be at least R$0.50 brl',
    });
    const person = await server.signUpAs();
    const {
      event,
      sectors: [type],
    } = await createEvent(server, [{ name: 'Pista', priceCentavos: 8000, remaining: 10 }]);
    const response = await post('/api/orders', person.cookie, {
      eventId: event.id,
      items: [{ sectorId: type.id, quantity: 2 }],
      buyer,
      paymentMethod: 'pix',
      installments: 1,
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().code).toBe('payment_failed');
    expect(await remainingOf(type.id)).toBe(10);
  });

  it('cancels the PaymentIntent when the buyer gives up the order', async () => {
    const { person, order, intentId, type } = await placeOrder({ method: 'pix', quantity: 2 });
    expect((await post(`/api/orders/${order.id}/cancel`, person.cookie)).json().status).toBe('cancelled');
    expect(double.requestsTo('POST', `/v1/payment_intents/${intentId}/cancel`)).toHaveLength(1);
    expect(double.paymentIntents.get(intentId)!.status).toBe('canceled');
    expect(await remainingOf(type.id)).toBe(10);
  });
});

describe('Stripe webhooks', () => {
  it('confirms an order on payment_intent.succeeded and issues one ticket per unit', async () => {
    const { person, order, intentId } = await placeOrder({ method: 'pix', quantity: 3 });
    const event = succeeded(intentId);
    const response = await deliver(event);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect((await storedOrder(order.id)).status).toBe('completed');
    expect(await ticketsOf(order.id)).toHaveLength(3);
    expect(await storedEvents(event.id)).toMatchObject([{ provider: 'stripe', type: 'payment_intent.succeeded', paymentId: intentId }]);
    const view = (await get(`/api/orders/${order.id}`, person.cookie)).json();
    expect(view).toMatchObject({ status: 'completed', pixCode: null });
    // docs/screens.md 'Payment success': Stripe's return_url finds the order by the PaymentIntent id.
    expect((await get(`/api/payment-success?session_id=${intentId}`, null)).json()).toMatchObject({ id: order.id, status: 'completed' });
  });

  it('refuses a tampered body, a stale or missing signature, or another secret, and changes nothing', async () => {
    const { order, intentId } = await placeOrder({ method: 'pix', quantity: 1 });
    const event = succeeded(intentId);

    const tampered = await deliver(event, { tamper: (payload) => payload.replace('"livemode": false', '"livemode": true') });
    const stale = await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    const { payload, headers } = double.signedWebhook(event, { secret: 'whsec_another_endpoint' });
    const otherSecret = await server.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers, payload });
    const unsigned = await server.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    for (const response of [tampered, stale, otherSecret, unsigned]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'webhook_signature_invalid', message: 'Assinatura do webhook inválida.' });
    }
    expect((await storedOrder(order.id)).status).toBe('pending');
    expect(await ticketsOf(order.id)).toHaveLength(0);
    expect(await storedEvents(event.id)).toHaveLength(0);

    // Within the 5 minutes, the same event is taken.
    expect((await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 240 })).statusCode).toBe(200);
    expect((await storedOrder(order.id)).status).toBe('completed');
  });

  it('issues the tickets once when the same payment_intent.succeeded arrives 10 times at once', async () => {
    const { order, intentId, type } = await placeOrder({ method: 'card', installments: 3, quantity: 2 });
    const event = succeeded(intentId);
    const responses = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect((await storedOrder(order.id)).status).toBe('completed');
    expect(await ticketsOf(order.id)).toHaveLength(2);
    expect(await storedEvents(event.id)).toHaveLength(1);
    expect(await remainingOf(type.id)).toBe(8);
    const told = await server.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, (await storedOrder(order.id)).userId!), eq(notifications.title, 'Compra confirmada!')));
    expect(told).toHaveLength(1);
  });

  it('confirms on payment_intent.succeeded that arrives before the requires_action step it followed', async () => {
    const { order, intentId } = await placeOrder({ method: 'card', quantity: 2 });
    const requiresAction = double.event('payment_intent.requires_action', double.setStatus(intentId, 'requires_action'));
    const paid = succeeded(intentId);
    expect((await deliver(paid)).statusCode).toBe(200);
    expect((await deliver(requiresAction)).statusCode).toBe(200);
    expect((await storedOrder(order.id)).status).toBe('completed');
    expect(await ticketsOf(order.id)).toHaveLength(2);
    expect(await storedEvents(requiresAction.id)).toHaveLength(1);
  });

  it('confirms by metadata.order_id when the order lost its PaymentIntent id', async () => {
    const { order, intentId } = await placeOrder({ method: 'pix', quantity: 1 });
    await server.deps.db.update(orders).set({ paymentId: null }).where(eq(orders.id, order.id));
    expect((await deliver(succeeded(intentId))).statusCode).toBe(200);
    expect(await storedOrder(order.id)).toMatchObject({ status: 'completed', paymentId: intentId });
    expect(await ticketsOf(order.id)).toHaveLength(1);
  });

  it('honours a payment that arrives after the hold expired when the units remain', async () => {
    const { order, intentId, type } = await placeOrder({ method: 'pix', quantity: 2, remaining: 5 });
    expect(await releaseOrder(server.deps.db, order.id, 'expired', new Date())).toBe(true);
    expect(await remainingOf(type.id)).toBe(5);
    expect((await deliver(succeeded(intentId))).statusCode).toBe(200);
    expect((await storedOrder(order.id)).status).toBe('completed');
    expect(await ticketsOf(order.id)).toHaveLength(2);
    expect(await remainingOf(type.id)).toBe(3);
  });

  it('refunds a payment that arrives after the hold expired when the units are gone, and tells the buyer', async () => {
    const late = await placeOrder({ method: 'pix', quantity: 1, remaining: 1, priceCentavos: 9000 });
    expect(await releaseOrder(server.deps.db, late.order.id, 'expired', new Date())).toBe(true);
    // Someone else takes the last unit meanwhile.
    const other = await server.signUpAs();
    const taken = await post('/api/orders', other.cookie, {
      eventId: late.event.id,
      items: [{ sectorId: late.type.id, quantity: 1 }],
      buyer,
      paymentMethod: 'pix',
      installments: 1,
    });
    expect(taken.statusCode).toBe(201);
    expect(await remainingOf(late.type.id)).toBe(0);

    expect((await deliver(succeeded(late.intentId))).statusCode).toBe(200);
    expect((await storedOrder(late.order.id)).status).toBe('refunded');
    expect(await ticketsOf(late.order.id)).toHaveLength(0);
    const [refund] = await server.deps.db.select().from(refunds).where(eq(refunds.orderId, late.order.id));
    expect(refund).toMatchObject({ status: 'approved', origin: 'late_payment', amountCentavos: 9000 });

    // The background job pays it back at Stripe, once, with the refund's idempotency key.
    await runWorkerOnce(server.deps);
    const asked = double.requestsTo('POST', '/v1/refunds').filter((r) => r.body.payment_intent === late.intentId);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ body: { payment_intent: late.intentId, amount: '9000' }, idempotencyKey: `refund:${refund.id}` });
    const [paid] = await server.deps.db.select().from(refunds).where(eq(refunds.id, refund.id));
    expect(paid.status).toBe('processed');
    expect(paid.providerRefundId).toBe([...double.refunds.values()].find((r) => r.payment_intent === late.intentId)!.id);

    const told = await server.deps.db.select().from(notifications).where(eq(notifications.userId, late.person.userId));
    expect(told.map((n) => n.title)).toContain('Pagamento devolvido');
    expect(await remainingOf(late.type.id)).toBe(0);
  });

  it('keeps the order open with the reason in pt-BR when a card is declined, then takes another card', async () => {
    const { person, order, intentId } = await placeOrder({ method: 'card', quantity: 1 });
    const declined = double.event(
      'payment_intent.payment_failed',
      double.setStatus(intentId, 'requires_payment_method', { declineCode: 'insufficient_funds' }),
    );
    expect((await deliver(declined)).statusCode).toBe(200);
    const view = (await get(`/api/orders/${order.id}`, person.cookie)).json();
    expect(view).toMatchObject({
      status: 'pending',
      paymentError: 'Pagamento recusado: saldo ou limite insuficiente. Tente outro cartão ou pague com PIX.',
    });

    const generic = double.event(
      'payment_intent.payment_failed',
      double.setStatus(intentId, 'requires_payment_method', { declineCode: 'do_not_honor' }),
    );
    await deliver(generic);
    expect((await storedOrder(order.id)).paymentError).toBe(
      'Pagamento recusado pelo emissor do cartão. Tente outro cartão ou pague com PIX.',
    );

    expect((await deliver(succeeded(intentId))).statusCode).toBe(200);
    expect(await storedOrder(order.id)).toMatchObject({ status: 'completed', paymentError: null });
  });

  it('ends the order as failed and returns its units on payment_intent.canceled', async () => {
    const { order, intentId, type } = await placeOrder({ method: 'pix', quantity: 2 });
    expect(await remainingOf(type.id)).toBe(8);
    const event = double.event('payment_intent.canceled', double.setStatus(intentId, 'canceled'));
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await storedOrder(order.id)).status).toBe('failed');
    expect(await remainingOf(type.id)).toBe(10);
    // A late success of the same payment (all of its amount received) is still honoured while units remain.
    const intent = double.paymentIntents.get(intentId)!;
    expect(
      (await deliver(double.event('payment_intent.succeeded', { ...intent, status: 'succeeded', amount_received: intent.amount })))
        .statusCode,
    ).toBe(200);
    expect((await storedOrder(order.id)).status).toBe('completed');
  });

  it('ends an order whose hold ran out as expired on payment_intent.canceled', async () => {
    const { order, intentId, type } = await placeOrder({ method: 'card', quantity: 1 });
    await server.deps.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, order.id));
    expect((await deliver(double.event('payment_intent.canceled', double.setStatus(intentId, 'canceled')))).statusCode).toBe(200);
    expect((await storedOrder(order.id)).status).toBe('expired');
    expect(await remainingOf(type.id)).toBe(10);
  });

  it('does not confirm an order with a PaymentIntent that is not its own, even one naming it in its metadata', async () => {
    const { order, intentId } = await placeOrder({ method: 'card', quantity: 2, priceCentavos: 8000 });
    const foreignId = await otherIntentFor(order.id, 16000);
    const foreign = double.event('payment_intent.succeeded', double.setStatus(foreignId, 'succeeded'));
    expect((await deliver(foreign)).statusCode).toBe(200);
    expect(await storedOrder(order.id)).toMatchObject({ status: 'pending', paymentId: intentId });
    expect(await ticketsOf(order.id)).toHaveLength(0);
    // It can never pay for the order: it is paid back.
    const [refund] = await server.deps.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({ status: 'approved', origin: 'duplicate_payment', paymentId: foreignId, amountCentavos: 16000 });

    // Its own PaymentIntent still confirms it.
    expect((await deliver(succeeded(intentId))).statusCode).toBe(200);
    expect(await storedOrder(order.id)).toMatchObject({ status: 'completed', paymentId: intentId });
    expect(await ticketsOf(order.id)).toHaveLength(2);
  });

  it('does not confirm an order whose own PaymentIntent was paid another amount or currency, by webhook or by reconciliation', async () => {
    const { order, intentId } = await placeOrder({ method: 'pix', quantity: 2, priceCentavos: 8000 });
    const intent = double.setStatus(intentId, 'succeeded');
    // Changed at Stripe after the order made it (by someone with the account's key).
    Object.assign(intent, { amount: 100, amount_received: 100 });
    expect((await deliver(double.event('payment_intent.succeeded', intent))).statusCode).toBe(200);
    expect((await storedOrder(order.id)).status).toBe('pending');
    expect(await ticketsOf(order.id)).toHaveLength(0);
    const inDollars = double.event('payment_intent.succeeded', { ...intent, amount: 16000, amount_received: 16000, currency: 'usd' });
    expect((await deliver(inDollars)).statusCode).toBe(200);
    expect((await storedOrder(order.id)).status).toBe('pending');

    await reconcilePayments(server.deps, new Date(Date.now() + RECONCILE_AFTER_MS + 1000), { expire: false });
    expect(double.requestsTo('GET', `/v1/payment_intents/${intentId}`).length).toBeGreaterThanOrEqual(1);
    expect((await storedOrder(order.id)).status).toBe('pending');
    expect(await ticketsOf(order.id)).toHaveLength(0);
  });

  it('does not adopt a PaymentIntent of another amount for an order that lost its PaymentIntent id', async () => {
    const { order } = await placeOrder({ method: 'card', quantity: 1, priceCentavos: 8000 });
    await server.deps.db.update(orders).set({ paymentId: null }).where(eq(orders.id, order.id));
    const cheaper = await otherIntentFor(order.id, 50);
    expect((await deliver(double.event('payment_intent.succeeded', double.setStatus(cheaper, 'succeeded')))).statusCode).toBe(200);
    expect(await storedOrder(order.id)).toMatchObject({ status: 'pending', paymentId: null });
    expect(await ticketsOf(order.id)).toHaveLength(0);
  });

  it('refunds a second successful charge for a paid order, once, shows it in the back office and keeps the one set of tickets', async () => {
    const { person, order, intentId } = await placeOrder({ method: 'card', quantity: 2, priceCentavos: 8000 });
    expect((await deliver(succeeded(intentId))).statusCode).toBe(200);
    const ticketIds = (await ticketsOf(order.id)).map((t) => t.id).sort();
    expect(ticketIds).toHaveLength(2);

    const secondId = await otherIntentFor(order.id, 16000);
    const second = double.setStatus(secondId, 'succeeded');
    // Delivered twice under two event ids, as Stripe may.
    for (const event of [double.event('payment_intent.succeeded', second), double.event('payment_intent.succeeded', second)]) {
      expect((await deliver(event)).statusCode).toBe(200);
    }
    expect(await storedOrder(order.id)).toMatchObject({ status: 'completed', paymentId: intentId });
    expect((await ticketsOf(order.id)).map((t) => t.id).sort()).toEqual(ticketIds);
    const recorded = await server.deps.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      status: 'approved',
      origin: 'duplicate_payment',
      amountCentavos: 16000,
      paymentId: secondId,
      ticketCount: 0,
    });

    await runDueJobs(server.deps);
    const [paid] = await server.deps.db.select().from(refunds).where(eq(refunds.id, recorded[0].id));
    expect(paid.status).toBe('processed');
    expect(refundKeysOf(secondId)).toEqual([`refund:${paid.id}`]);
    expect(double.requestsTo('POST', '/v1/refunds').find((r) => r.body.payment_intent === secondId)!.body).toMatchObject({
      amount: '16000',
    });
    expect(refundKeysOf(intentId)).toEqual([]);
    expect(double.chargeOf(secondId)).toMatchObject({ amount_refunded: 16000, refunded: true });
    expect(double.chargeOf(intentId)).toMatchObject({ amount_refunded: 0 });
    expect(await ticketsOf(order.id)).toHaveLength(2);

    expect(await listedRefund(paid.id)).toMatchObject({
      origin: 'duplicate_payment',
      status: 'processed',
      amountCentavos: 16000,
      processedBy: null,
    });
    const told = await server.deps.db.select().from(notifications).where(eq(notifications.userId, person.userId));
    expect(told.map((n) => n.title)).toContain('Pagamento em duplicidade devolvido');
  });

  it('marks a refund whose payment back failed, shows it, and pays it at the retry with a new idempotency key', async () => {
    const { person, order, intentId } = await placeOrder({ method: 'card', quantity: 1, priceCentavos: 8000 });
    await deliver(succeeded(intentId));
    const refundId: string = (await post('/api/refunds', person.cookie, { orderId: order.id, reason: 'Não poderei ir' })).json().id;
    double.refundStatus = 'failed';
    expect((await post(`/api/admin/refunds/${refundId}/approve`, admin.cookie, {})).statusCode).toBe(200);
    const [failed] = await server.deps.db.select().from(refunds).where(eq(refunds.id, refundId));
    expect(failed).toMatchObject({ status: 'approved', paymentAttempt: 2, paymentFailureReason: 'declined' });
    expect(failed.paymentFailedAt).toBeInstanceOf(Date);
    expect(await listedRefund(refundId)).toMatchObject({ status: 'approved', paymentFailure: { failedAttempts: 1, reason: 'declined' } });

    // The worker's retry of the approval's job, once Stripe takes it.
    double.refundStatus = 'succeeded';
    await runDueJobs(server.deps, new Date(Date.now() + 2 * 60_000));
    const [paid] = await server.deps.db.select().from(refunds).where(eq(refunds.id, refundId));
    expect(paid).toMatchObject({ status: 'processed', paymentFailedAt: null, paymentFailureReason: null });
    expect(refundKeysOf(intentId)).toEqual([`refund:${refundId}`, `refund:${refundId}:2`]);
    const atStripe = [...double.refunds.values()].filter((r) => r.payment_intent === intentId).map((r) => r.status);
    expect(atStripe).toEqual(['failed', 'succeeded']);
    expect(paid.providerRefundId).toBe(
      [...double.refunds.values()].find((r) => r.payment_intent === intentId && r.status === 'succeeded')!.id,
    );
    expect((await listedRefund(refundId))?.paymentFailure).toBeNull();
  });

  it('pays again with a new idempotency key a refund Stripe reports failed later (refund.failed), never twice', async () => {
    const { person, order, intentId } = await placeOrder({ method: 'pix', quantity: 2, priceCentavos: 8000 });
    await deliver(succeeded(intentId));
    const refundId: string = (await post('/api/refunds', person.cookie, { orderId: order.id, reason: 'Não poderei ir' })).json().id;
    double.refundStatus = 'pending';
    await post(`/api/admin/refunds/${refundId}/approve`, admin.cookie, {});
    const [waiting] = await server.deps.db.select().from(refunds).where(eq(refunds.id, refundId));
    expect(waiting).toMatchObject({ status: 'approved', paymentAttempt: 1, paymentFailedAt: null });

    const stripeRefund = double.failRefund(waiting.providerRefundId!, 'expired_or_canceled_card');
    const failedEvent = double.event('refund.failed', stripeRefund);
    // Delivered twice (and as refund.updated): one failure, one new attempt.
    for (const event of [failedEvent, failedEvent, double.event('refund.updated', stripeRefund)])
      expect((await deliver(event)).statusCode).toBe(200);
    const [failed] = await server.deps.db.select().from(refunds).where(eq(refunds.id, refundId));
    expect(failed).toMatchObject({ status: 'approved', paymentAttempt: 2, paymentFailureReason: 'expired_or_canceled_card' });
    expect(await listedRefund(refundId)).toMatchObject({ paymentFailure: { failedAttempts: 1, reason: 'expired_or_canceled_card' } });

    double.refundStatus = 'succeeded';
    await runDueJobs(server.deps, new Date(Date.now() + 2 * 60_000));
    const [paid] = await server.deps.db.select().from(refunds).where(eq(refunds.id, refundId));
    expect(paid.status).toBe('processed');
    // The approval's job and the failure's may both run it: the same new key, one refund.
    expect([...new Set(refundKeysOf(intentId))]).toEqual([`refund:${refundId}`, `refund:${refundId}:2`]);
    const atStripe = [...double.refunds.values()].filter((r) => r.payment_intent === intentId).map((r) => r.status);
    expect(atStripe).toEqual(['failed', 'succeeded']);
    expect(paid.providerRefundId).toBe(
      [...double.refunds.values()].find((r) => r.payment_intent === intentId && r.status === 'succeeded')!.id,
    );
    expect(double.chargeOf(intentId)).toMatchObject({ amount_refunded: 16000 });
  });

  it('stores and ignores events of other types and PaymentIntents that are not ours', async () => {
    const foreign = double.event('payment_intent.succeeded', {
      ...double.paymentIntents.values().next().value!,
      id: 'pi_3NotOurs000000000000000',
      metadata: { shop: 'outra-loja' },
    });
    const customer = double.event('customer.created', { id: 'cus_123', object: 'customer' });
    for (const event of [foreign, customer]) {
      const response = await deliver(event);
      expect(response.statusCode).toBe(200);
      expect(await storedEvents(event.id)).toHaveLength(1);
    }
    const [ours] = await server.deps.db.select().from(orders).where(eq(orders.paymentId, 'pi_3NotOurs000000000000000'));
    expect(ours).toBeUndefined();
  });

  it("makes an approved refund 'processed' on charge.refunded", async () => {
    const { person, order, intentId } = await placeOrder({ method: 'pix', quantity: 2 });
    await deliver(succeeded(intentId));
    const requested = await post('/api/refunds', person.cookie, { orderId: order.id, reason: 'Não vou conseguir ir ao show' });
    expect(requested.statusCode).toBe(201);
    const refundId: string = requested.json().id;

    // A PIX refund is not instant: Stripe answers 'pending' and confirms later.
    double.refundStatus = 'pending';
    const approved = await post(`/api/admin/refunds/${refundId}/approve`, admin.cookie, {});
    expect(approved.statusCode).toBe(200);
    const [waiting] = await server.deps.db.select().from(refunds).where(eq(refunds.id, refundId));
    expect(waiting.status).toBe('approved');
    const stripeRefund = double.refunds.get(waiting.providerRefundId!)!;
    expect(stripeRefund).toMatchObject({ object: 'refund', amount: 16000, payment_intent: intentId, status: 'pending' });
    expect(double.requestsTo('POST', '/v1/refunds').find((r) => r.body.payment_intent === intentId)!.idempotencyKey).toBe(
      `refund:${refundId}`,
    );

    const charge = double.chargeOf(intentId);
    expect(charge).toMatchObject({ object: 'charge', payment_intent: intentId, amount_refunded: 16000, refunded: true });
    expect((await deliver(double.event('charge.refunded', charge))).statusCode).toBe(200);
    const [done] = await server.deps.db.select().from(refunds).where(eq(refunds.id, refundId));
    expect(done.status).toBe('processed');
    const told = await server.deps.db.select().from(notifications).where(eq(notifications.userId, person.userId));
    expect(told.map((n) => n.title)).toContain('Reembolso concluído');
  });

  it("makes an approved refund 'processed' on refund.updated with status succeeded, once", async () => {
    const { person, order, intentId } = await placeOrder({ method: 'card', quantity: 1 });
    await deliver(succeeded(intentId));
    const refundId: string = (
      await post('/api/refunds', person.cookie, { orderId: order.id, reason: 'Mudei de ideia sobre o show' })
    ).json().id;
    double.refundStatus = 'pending';
    await post(`/api/admin/refunds/${refundId}/approve`, admin.cookie, {});
    const [waiting] = await server.deps.db.select().from(refunds).where(eq(refunds.id, refundId));
    const stripeRefund = double.refunds.get(waiting.providerRefundId!)!;

    expect((await deliver(double.event('refund.updated', stripeRefund))).statusCode).toBe(200);
    expect((await server.deps.db.select().from(refunds).where(eq(refunds.id, refundId)))[0].status).toBe('approved');
    stripeRefund.status = 'succeeded';
    const paidBack = double.event('refund.updated', stripeRefund);
    await Promise.all([deliver(paidBack), deliver(paidBack), deliver(double.event('charge.refunded', double.chargeOf(intentId)))]);
    expect((await server.deps.db.select().from(refunds).where(eq(refunds.id, refundId)))[0].status).toBe('processed');
    const told = await server.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, person.userId), eq(notifications.title, 'Reembolso concluído')));
    expect(told).toHaveLength(1);
  });
});

describe('reconciliation with Stripe', () => {
  it('confirms a paid order whose webhook never came, by asking Stripe', async () => {
    const { order, intentId } = await placeOrder({ method: 'pix', quantity: 1 });
    double.setStatus(intentId, 'succeeded');
    const later = new Date(Date.now() + RECONCILE_AFTER_MS + 1000);
    const summary = await reconcilePayments(server.deps, later);
    expect(summary.confirmed).toBeGreaterThanOrEqual(1);
    expect(double.requestsTo('GET', `/v1/payment_intents/${intentId}`).length).toBeGreaterThanOrEqual(1);
    expect((await storedOrder(order.id)).status).toBe('completed');
    expect(await ticketsOf(order.id)).toHaveLength(1);
  });
});
