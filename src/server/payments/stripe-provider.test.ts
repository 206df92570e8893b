import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { isValidBrCode } from '../domain/br-code';
import { startStripeDouble, type StripeDouble } from '../../../tests/support/stripe-double';
import { createStripeProvider, verifyStripeWebhook } from './stripe-provider';
import { describeStripePaymentError } from './stripe-errors';
import type { PaymentProvider, PaymentRequest } from './provider';

let double: StripeDouble;
let provider: PaymentProvider;
beforeAll(async () => {
  double = await startStripeDouble();
  provider = createStripeProvider({
    secretKey: double.env.STRIPE_SECRET_KEY,
    publishableKey: double.env.STRIPE_PUBLISHABLE_KEY,
    apiUrl: double.url,
  });
});
afterAll(async () => {
  await double?.close();
});

let orderNumber = 0;
function request(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  const orderId = `00000000-0000-4000-8000-${String(++orderNumber).padStart(12, '0')}`;
  return {
    orderId,
    amountCentavos: 12_345,
    method: 'pix',
    installments: 1,
    buyer: { name: 'Ana Beatriz Lima', email: 'ana@exemplo.com.br', cpf: '52998224725' },
    description: 'Techno All Night',
    expiresAt: new Date(Date.now() + 15 * 60_000),
    idempotencyKey: `order:${orderId}:create`,
    ...overrides,
  };
}

describe('createStripeProvider', () => {
  it('has no card charging of its own: card data never reaches the server', () => {
    expect(provider).toMatchObject({ name: 'stripe', isSandbox: false, publishableKey: double.env.STRIPE_PUBLISHABLE_KEY });
    expect(provider.chargeCard).toBeUndefined();
  });

  it('answers a repeated create with the same PaymentIntent (same idempotency key)', async () => {
    const pix = request();
    const first = await provider.createPayment(pix);
    const again = await provider.createPayment(pix);
    expect(again).toEqual(first);
    expect(isValidBrCode(first.pixCode!)).toBe(true);
    expect(double.requestsTo('POST', '/v1/payment_intents').filter((r) => r.idempotencyKey === pix.idempotencyKey)).toHaveLength(2);
    expect([...double.paymentIntents.values()].filter((i) => i.metadata.order_id === pix.orderId)).toHaveLength(1);
  });

  it('keeps a PIX expiry of a very short hold inside the 60 seconds Stripe asks for', async () => {
    const before = Math.floor(Date.now() / 1000);
    const created = await provider.createPayment(request({ expiresAt: new Date(Date.now() + 5_000) }));
    const expiresAt = double.paymentIntents.get(created.paymentId)!.payment_method_options!.pix!.expires_at!;
    expect(expiresAt).toBeGreaterThanOrEqual(before + 60);
  });

  it('gives the card client secret again and maps the PaymentIntent status, with its amounts', async () => {
    const card = await provider.createPayment(request({ method: 'card', installments: 4 }));
    expect(card.pixCode).toBeNull();
    expect(await provider.getPaymentInstructions(card.paymentId)).toEqual({ pixCode: null, clientSecret: card.clientSecret });
    expect((await provider.getPaymentState(card.paymentId)).state).toBe('awaiting_payment');
    double.setStatus(card.paymentId, 'requires_action');
    expect((await provider.getPaymentState(card.paymentId)).state).toBe('awaiting_payment');
    double.setStatus(card.paymentId, 'processing');
    expect((await provider.getPaymentState(card.paymentId)).state).toBe('processing');
    double.setStatus(card.paymentId, 'succeeded');
    expect(await provider.getPaymentState(card.paymentId)).toEqual({
      state: 'succeeded',
      amountCentavos: 12_345,
      amountReceivedCentavos: 12_345,
      currency: 'brl',
    });
  });

  it('cancels a waiting payment and leaves a paid one alone', async () => {
    const waiting = await provider.createPayment(request());
    await provider.cancelPayment(waiting.paymentId);
    expect((await provider.getPaymentState(waiting.paymentId)).state).toBe('canceled');
    await provider.cancelPayment(waiting.paymentId);

    const paid = await provider.createPayment(request());
    double.setStatus(paid.paymentId, 'succeeded');
    await provider.cancelPayment(paid.paymentId);
    expect((await provider.getPaymentState(paid.paymentId)).state).toBe('succeeded');
  });

  it('pays back once per idempotency key and reports a PIX refund still on its way as pending', async () => {
    const paid = await provider.createPayment(request());
    double.setStatus(paid.paymentId, 'succeeded');
    double.refundStatus = 'pending';
    const first = await provider.refund(paid.paymentId, 5_000, { idempotencyKey: 'refund:r1' });
    const again = await provider.refund(paid.paymentId, 5_000, { idempotencyKey: 'refund:r1' });
    double.refundStatus = 'succeeded';
    const second = await provider.refund(paid.paymentId, 7_345, { idempotencyKey: 'refund:r2' });
    expect(first).toEqual({ refundId: expect.stringMatching(/^re_/), status: 'pending' });
    expect(again).toEqual(first);
    expect(second.status).toBe('succeeded');
    expect(double.chargeOf(paid.paymentId)).toMatchObject({ amount_refunded: 12_345, refunded: true });
    await expect(provider.refund(paid.paymentId, 1, { idempotencyKey: 'refund:r3' })).rejects.toBeInstanceOf(Stripe.errors.StripeError);
  });

  it("reports a refund Stripe answers 'failed' with Stripe's reason, and the same failure again for the same key", async () => {
    const paid = await provider.createPayment(request());
    double.setStatus(paid.paymentId, 'succeeded');
    double.refundStatus = 'failed';
    const failed = await provider.refund(paid.paymentId, 5_000, { idempotencyKey: 'refund:f1' });
    double.refundStatus = 'succeeded';
    expect(failed).toEqual({ refundId: expect.stringMatching(/^re_/), status: 'failed', failureReason: 'declined' });
    expect(await provider.refund(paid.paymentId, 5_000, { idempotencyKey: 'refund:f1' })).toEqual(failed);
    expect((await provider.refund(paid.paymentId, 5_000, { idempotencyKey: 'refund:f1:2' })).status).toBe('succeeded');
  });
});

describe('verifyStripeWebhook', () => {
  const event = () => double.event('payment_intent.succeeded', { id: 'pi_123', object: 'payment_intent' });

  it('returns the event of a body signed with the endpoint secret', () => {
    const { payload, headers } = double.signedWebhook(event());
    expect(verifyStripeWebhook(Buffer.from(payload), headers['stripe-signature'], double.webhookSecret)).toMatchObject({
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_123' } },
    });
  });

  it('throws for a changed body, a signature older than 5 minutes or another secret', () => {
    const { payload, headers } = double.signedWebhook(event());
    const header = headers['stripe-signature'];
    expect(() => verifyStripeWebhook(payload.replace('pi_123', 'pi_999'), header, double.webhookSecret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => verifyStripeWebhook(payload, header, 'whsec_other')).toThrow(Stripe.errors.StripeSignatureVerificationError);
    const stale = double.signedWebhook(event(), { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(() => verifyStripeWebhook(stale.payload, stale.headers['stripe-signature'], double.webhookSecret)).toThrow(/tolerance/i);
  });
});

describe('describeStripePaymentError', () => {
  it('gives the pt-BR reason of a known decline code, else the general decline message', () => {
    expect(describeStripePaymentError({ type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' })).toBe(
      'Pagamento recusado: saldo ou limite insuficiente. Tente outro cartão ou pague com PIX.',
    );
    expect(describeStripePaymentError({ type: 'card_error', code: 'expired_card' })).toBe(
      'Cartão vencido. Tente outro cartão ou pague com PIX.',
    );
    expect(describeStripePaymentError({ type: 'card_error', code: 'card_declined', decline_code: 'do_not_honor' })).toBe(
      'Pagamento recusado pelo emissor do cartão. Tente outro cartão ou pague com PIX.',
    );
    expect(describeStripePaymentError({ type: 'api_error' })).toBeNull();
    expect(describeStripePaymentError(null)).toBeNull();
  });
});
