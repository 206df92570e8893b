import Stripe from 'stripe';
import { PAYMENT_CURRENCY } from '../domain/payment-match';
import type {
  CreatedPayment,
  PaymentInstructions,
  PaymentProvider,
  PaymentRequest,
  PaymentState,
  PaymentStatus,
  ProviderRefund,
} from './provider';

export interface StripeProviderOptions {
  /** `sk_test_...` or `sk_live_...` (STRIPE_SECRET_KEY). */
  secretKey: string;
  /** `pk_...`, handed to Stripe.js in the browser (STRIPE_PUBLISHABLE_KEY). */
  publishableKey: string;
  /** Tests only (STRIPE_API_URL): the SDK talks to this base URL, http(s)://host:port, instead of api.stripe.com. */
  apiUrl?: string;
}

/** Stripe's bounds for `payment_method_options.pix.expires_at`: 60 s to 14 days from now. */
const PIX_MIN_EXPIRY_SECONDS = 60;
const PIX_MAX_EXPIRY_SECONDS = 1_209_600;
/** Slack over Stripe's minimum, for the time the request takes to reach it. */
const PIX_EXPIRY_SLACK_SECONDS = 10;

function createStripeClient(options: Pick<StripeProviderOptions, 'secretKey' | 'apiUrl'>): Stripe {
  const config: NonNullable<ConstructorParameters<typeof Stripe>[1]> = {
    // Every POST carries an idempotency key, so the SDK's retries after a lost answer are safe.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Next Level Ingressos' },
  };
  if (options.apiUrl) {
    const url = new URL(options.apiUrl);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    config.host = url.hostname;
    config.port = url.port || (protocol === 'http' ? 80 : 443);
    config.protocol = protocol;
  }
  return new Stripe(options.secretKey, config);
}

/** The BR Code ('copia e cola') of a confirmed PIX PaymentIntent, or null. */
function pixCodeOf(intent: Stripe.PaymentIntent): string | null {
  return intent.next_action?.pix_display_qr_code?.data ?? null;
}

/**
 * Unix seconds for `payment_method_options.pix.expires_at`: the order's hold end, kept inside
 * Stripe's bounds (60 s to 14 days from now), so a hold of a minute or less still gets a PIX.
 * A PIX paid after the hold ended is a late payment (honoured or refunded, docs/architecture.md 'Flow of a purchase' step 5).
 */
function pixExpiresAt(holdEndsAt: Date, now: Date): number {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const wanted = Math.ceil(holdEndsAt.getTime() / 1000);
  return Math.min(Math.max(wanted, nowSeconds + PIX_MIN_EXPIRY_SECONDS + PIX_EXPIRY_SLACK_SECONDS), nowSeconds + PIX_MAX_EXPIRY_SECONDS);
}

/**
 * Stripe as the payment provider (docs/architecture.md 'Payments'; docs/rules/sale.md 'Payment'),
 * through the official SDK. Every PaymentIntent is in `brl`, its `amount` in centavos, carries
 * the order id in `metadata.order_id` and the event title as `description`, and is created
 * with the caller's idempotency key (`order:<id>:create`), so a retry after a lost answer or a
 * restart answers with the same PaymentIntent.
 * - PIX: `allowed_payment_method_types: ['pix']` (the SDK's API version names what older ones
 *   called `payment_method_types`), expiring with the order's hold
 *   (`payment_method_options.pix.expires_at`, unix seconds), and confirmed in the same call with
 *   `payment_method_data` (type 'pix', the buyer's name and e-mail), so Stripe's answer carries
 *   the BR Code in `next_action.pix_display_qr_code.data`, shown as the sandbox's is.
 * - Card: `allowed_payment_method_types: ['card']`, with Stripe's Brazilian instalments enabled
 *   (`payment_method_options.card.installments.enabled`) when more than one is asked; the
 *   client secret goes to the browser, which confirms with Stripe.js and picks the plan. Card
 *   data never reaches this server, so `chargeCard` is absent.
 * Orders are confirmed only by Stripe's signed webhooks (or reconciliation asking
 * `getPaymentState`), never by the browser. Every method throws the SDK's errors
 * (`Stripe.errors.StripeError`) when Stripe refuses or cannot be reached.
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = createStripeClient(options);
  return {
    name: 'stripe',
    isSandbox: false,
    publishableKey: options.publishableKey,

    async createPayment(request: PaymentRequest): Promise<CreatedPayment> {
      const common = {
        amount: request.amountCentavos,
        currency: PAYMENT_CURRENCY,
        description: request.description,
        metadata: { order_id: request.orderId },
      };
      if (request.method === 'pix') {
        const intent = await stripe.paymentIntents.create(
          {
            ...common,
            allowed_payment_method_types: ['pix'],
            payment_method_options: { pix: { expires_at: pixExpiresAt(request.expiresAt, new Date()) } },
            payment_method_data: { type: 'pix', billing_details: { name: request.buyer.name, email: request.buyer.email } },
            confirm: true,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        const pixCode = pixCodeOf(intent);
        // A PIX order without its code cannot be paid: better refused now (the order is released).
        if (!pixCode) throw new Error(`Stripe answered PaymentIntent ${intent.id} (${intent.status}) without a PIX code`);
        return { paymentId: intent.id, pixCode, clientSecret: null };
      }
      const intent = await stripe.paymentIntents.create(
        {
          ...common,
          allowed_payment_method_types: ['card'],
          ...(request.installments > 1 ? { payment_method_options: { card: { installments: { enabled: true } } } } : {}),
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return { paymentId: intent.id, pixCode: null, clientSecret: intent.client_secret };
    },

    async getPaymentInstructions(paymentId: string): Promise<PaymentInstructions> {
      const intent = await stripe.paymentIntents.retrieve(paymentId);
      const isCard = (intent.payment_method_types ?? []).includes('card');
      return { pixCode: pixCodeOf(intent), clientSecret: isCard ? intent.client_secret : null };
    },

    async getPaymentState(paymentId: string): Promise<PaymentStatus> {
      const intent = await stripe.paymentIntents.retrieve(paymentId);
      return {
        state: paymentStateOf(intent.status),
        amountCentavos: intent.amount,
        amountReceivedCentavos: intent.amount_received,
        currency: intent.currency,
      };
    },

    async cancelPayment(paymentId: string): Promise<void> {
      try {
        await stripe.paymentIntents.cancel(paymentId, { cancellation_reason: 'abandoned' });
      } catch (error) {
        // Already paid or already cancelled: nothing to cancel (a payment that got through is a late one).
        if ((error as { code?: string }).code === 'payment_intent_unexpected_state') return;
        throw error;
      }
    },

    async refund(paymentId: string, amountCentavos: number, refundOptions: { idempotencyKey: string }): Promise<ProviderRefund> {
      const refund = await stripe.refunds.create(
        { payment_intent: paymentId, amount: amountCentavos },
        { idempotencyKey: refundOptions.idempotencyKey },
      );
      const status = refundStatusOf(refund.status);
      return status === 'failed'
        ? { refundId: refund.id, status, failureReason: refund.failure_reason ?? null }
        : { refundId: refund.id, status };
    },
  };
}

/** A PaymentIntent's status in the provider's words: every step before payment is 'awaiting_payment'. */
function paymentStateOf(status: Stripe.PaymentIntent.Status): PaymentState {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'processing') return 'processing';
  if (status === 'canceled') return 'canceled';
  return 'awaiting_payment';
}

/** Stripe's refund status in the provider's words: 'pending' and 'requires_action' wait for `refund.updated`. */
function refundStatusOf(status: string | null): ProviderRefund['status'] {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

/**
 * Checks a webhook delivery's `Stripe-Signature` header against the raw body (the exact bytes
 * received, before any JSON parsing) with the SDK, with a 5-minute tolerance on its timestamp
 * (Stripe's default, against replays), and returns the event. Throws the SDK's
 * `StripeSignatureVerificationError` for a missing, malformed, tampered or stale signature.
 */
export function verifyStripeWebhook(rawBody: Buffer | string, signatureHeader: string, secret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signatureHeader, secret, 300);
}
