import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { buildPixBrCode } from '../../src/server/domain/br-code';

/**
 * A local stand-in for the Stripe API, for tests only (`STRIPE_API_URL` points the SDK at it).
 * It answers the calls the Stripe provider makes with the shapes of Stripe's API reference
 * (github.com/stripe/openapi, the objects typed here with the SDK's own `Stripe.PaymentIntent`,
 * `Stripe.Refund` and `Stripe.Charge`, which are generated from it):
 *
 * - POST /v1/payment_intents (`allowed_payment_method_types`, or the older
 *   `payment_method_types`; with `confirm=true` it confirms at once), GET and POST
 *   /v1/payment_intents/:id, POST /v1/payment_intents/:id/confirm and /cancel;
 * - POST /v1/refunds, GET /v1/refunds/:id, GET /v1/charges/:id.
 *
 * Bodies are decoded from Stripe's form encoding (`metadata[order_id]=...`, `a[0]=...`). Every
 * request is recorded (method, path, parsed body, Idempotency-Key). Idempotency keys behave as
 * Stripe's: the same key with the same parameters answers the first answer again (header
 * `Idempotent-Replayed: true`), with other parameters a 400 `idempotency_error`. A PIX
 * PaymentIntent confirmed with `payment_method_data[type]=pix` waits in `requires_action` with
 * `next_action.pix_display_qr_code`, whose `data` is a BR Code built by the project's own
 * `buildPixBrCode` (so its CRC checks). Tests move PaymentIntents along with `setStatus` and sign
 * webhook deliveries with `signedWebhook` (the SDK's `generateTestHeaderString`).
 */
export interface StripeDouble {
  /** Base URL, http://127.0.0.1:<port>: the value of STRIPE_API_URL. */
  url: string;
  /** The server's Stripe configuration pointing at this double (the four STRIPE_* variables). */
  env: Record<'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL', string>;
  webhookSecret: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  paymentIntents: Map<string, Stripe.PaymentIntent>;
  refunds: Map<string, Stripe.Refund>;
  charges: Map<string, Stripe.Charge>;
  /**
   * Status given to refunds created from now on: 'succeeded' (cards), 'pending' (PIX takes a
   * while) or 'failed' (with `failure_reason` 'declined').
   */
  refundStatus: 'succeeded' | 'pending' | 'failed';
  /** Requests whose method is `method` and whose path matches `path`. */
  requestsTo(method: string, path: string | RegExp): RecordedRequest[];
  /** The PaymentIntent created for one of our orders (by `metadata.order_id`). */
  paymentIntentOfOrder(orderId: string): Stripe.PaymentIntent | undefined;
  /**
   * Moves a PaymentIntent to `status` as Stripe would: 'succeeded' makes its charge
   * (`latest_charge`, `amount_received`); 'requires_action' shows the PIX code or a 3-D Secure
   * step; 'requires_payment_method' with `declineCode` records a card decline in
   * `last_payment_error`; 'canceled' stamps `canceled_at`. Returns the PaymentIntent.
   */
  setStatus(id: string, status: Stripe.PaymentIntent.Status, options?: { declineCode?: string }): Stripe.PaymentIntent;
  /**
   * Fails a refund as Stripe does after accepting it (a card closed meanwhile: `refund.failed`):
   * status 'failed' with `failure_reason` (one of Stripe's: 'lost_or_stolen_card',
   * 'expired_or_canceled_card', 'declined', ...) and a `failure_balance_transaction`, its amount
   * no longer counted in its charge's `amount_refunded`. Returns the refund.
   */
  failRefund(id: string, failureReason: string): Stripe.Refund;
  /** The Charge of a succeeded PaymentIntent (`charge.refunded` carries it). */
  chargeOf(paymentIntentId: string): Stripe.Charge;
  /** Answers the next request to a path matching `path` with `status` and a Stripe error body. */
  failNext(path: RegExp, status: number, error: { type: string; code?: string; message: string }): void;
  /** An Event as Stripe delivers it: `{ id: 'evt_...', object: 'event', type, data: { object } }`. */
  event(type: string, object: unknown, options?: { id?: string }): WebhookEvent;
  /**
   * A webhook delivery: the JSON body and its headers, signed with the webhook secret by the
   * SDK's `generateTestHeaderString` at `timestamp` (unix seconds; now by default).
   */
  signedWebhook(
    event: WebhookEvent,
    options?: { timestamp?: number; secret?: string },
  ): { payload: string; headers: Record<string, string> };
  close(): Promise<void>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** The form body decoded into nested objects and arrays; values stay strings, as sent. */
  body: Record<string, unknown>;
  idempotencyKey: string | null;
  /** The secret key the caller used (Authorization: Bearer). */
  apiKey: string | null;
}

export interface WebhookEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; code?: string; message: string; param?: string },
  ) {
    super(body.message);
  }
}

/** Stripe-style ids: prefix + 24 random alphanumerics. */
function stripeId(prefix: string): string {
  return `${prefix}_${randomBytes(18)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 24)
    .padEnd(24, 'x')}`;
}

const unixNow = () => Math.floor(Date.now() / 1000);

/**
 * Decodes Stripe's form encoding (`a[b][c]=v`, `list[0]=v`) into nested objects and arrays.
 * Exported for the double's own checks.
 */
export function decodeStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const [head, ...rest] = key.split('[');
    const path = [head, ...rest.map((segment) => segment.replace(/\]$/, ''))];
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      const slot = Array.isArray(node) ? Number(segment) : segment;
      if (last) {
        (node as Record<string | number, unknown>)[slot] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[i + 1]);
      const existing = (node as Record<string | number, unknown>)[slot];
      if (existing === undefined || typeof existing !== 'object') {
        (node as Record<string | number, unknown>)[slot] = nextIsIndex ? [] : {};
      }
      node = (node as Record<string | number, unknown>)[slot] as Record<string, unknown> | unknown[];
    });
  }
  return root;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

type Params = Record<string, unknown>;
const asParams = (value: unknown): Params => (value && typeof value === 'object' ? (value as Params) : {});
const asString = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** Starts the double on a free port of 127.0.0.1. */
export async function startStripeDouble(
  options: { secretKey?: string; publishableKey?: string; webhookSecret?: string } = {},
): Promise<StripeDouble> {
  const secretKey = options.secretKey ?? 'sk_test_double_51NextLevel';
  const publishableKey = options.publishableKey ?? 'pk_test_double_51NextLevel';
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('hex')}`;
  const requests: RecordedRequest[] = [];
  const paymentIntents = new Map<string, Stripe.PaymentIntent>();
  const refunds = new Map<string, Stripe.Refund>();
  const charges = new Map<string, Stripe.Charge>();
  const byIdempotencyKey = new Map<string, { request: string; status: number; body: string }>();
  const failures: { path: RegExp; status: number; error: { type: string; code?: string; message: string } }[] = [];

  const missing = (kind: string, id: string) =>
    new StripeApiError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param: 'id' });

  function findIntent(id: string): Stripe.PaymentIntent {
    const intent = paymentIntents.get(id);
    if (!intent) throw missing('payment_intent', id);
    return intent;
  }

  function pixNextAction(intent: Stripe.PaymentIntent): Stripe.PaymentIntent.NextAction {
    const expiresAt = intent.payment_method_options?.pix?.expires_at ?? unixNow() + 14_400;
    const data = buildPixBrCode({
      pixKey: 'pix@stripe.com',
      merchantName: 'STRIPE PAYMENTS BRASIL',
      merchantCity: 'SAO PAULO',
      amountCentavos: intent.amount,
      txid: intent.id.replace(/[^A-Za-z0-9]/g, '').slice(0, 25),
    });
    const base = `https://qr.stripe.com/${intent.id}`;
    return {
      type: 'pix_display_qr_code',
      pix_display_qr_code: {
        data,
        expires_at: expiresAt,
        hosted_instructions_url: `https://payments.stripe.com/pix/instructions/${intent.id}`,
        image_url_png: `${base}.png`,
        image_url_svg: `${base}.svg`,
      },
    };
  }

  function createIntent(params: Params): Stripe.PaymentIntent {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_integer',
        message: 'Invalid integer: amount',
        param: 'amount',
      });
    }
    const currency = asString(params.currency);
    if (!currency)
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        message: 'Missing required param: currency.',
        param: 'currency',
      });
    // The SDK's API version sends `allowed_payment_method_types`; older ones `payment_method_types`.
    const allowed = Array.isArray(params.allowed_payment_method_types) ? (params.allowed_payment_method_types as string[]) : null;
    const types = allowed ?? (Array.isArray(params.payment_method_types) ? (params.payment_method_types as string[]) : ['card']);
    const optionsIn = asParams(params.payment_method_options);
    const paymentMethodOptions: Stripe.PaymentIntent.PaymentMethodOptions = {};
    if (types.includes('card')) {
      const installments = asParams(asParams(optionsIn.card).installments);
      paymentMethodOptions.card = {
        installments:
          installments.enabled === 'true'
            ? {
                enabled: true,
                plan: null,
                available_plans: [2, 3, 4, 5, 6].map((count) => ({ count, interval: 'month' as const, type: 'fixed_count' })),
              }
            : null,
        mandate_options: null,
        network: null,
        request_three_d_secure: 'automatic',
      };
    }
    if (types.includes('pix')) {
      const pix = asParams(optionsIn.pix);
      const expiresAt = pix.expires_at === undefined ? null : Number(pix.expires_at);
      if (expiresAt !== null) {
        const seconds = expiresAt - unixNow();
        if (!Number.isInteger(expiresAt) || seconds < 60 || seconds > 1_209_600) {
          throw new StripeApiError(400, {
            type: 'invalid_request_error',
            code: 'parameter_invalid_integer',
            message: 'payment_method_options[pix][expires_at] must be between 60 and 1209600 seconds from now.',
            param: 'payment_method_options[pix][expires_at]',
          });
        }
      }
      paymentMethodOptions.pix = { expires_at: expiresAt, expires_after_seconds: null, amount_includes_iof: 'never' };
    }
    const id = stripeId('pi');
    const intent: Stripe.PaymentIntent = {
      id,
      object: 'payment_intent',
      allowed_payment_method_types: allowed as Stripe.PaymentIntent.AllowedPaymentMethodType[] | null,
      amount,
      amount_capturable: 0,
      amount_details: { tip: {} },
      amount_received: 0,
      application: null,
      application_fee_amount: null,
      automatic_payment_methods: null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic',
      client_secret: `${id}_secret_${randomBytes(18)
        .toString('base64')
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 25)}`,
      confirmation_method: 'automatic',
      created: unixNow(),
      currency,
      customer: null,
      customer_account: null,
      description: asString(params.description) ?? null,
      excluded_payment_method_types: null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      managed_payments: null,
      metadata: Object.fromEntries(Object.entries(asParams(params.metadata)).map(([k, v]) => [k, String(v)])),
      next_action: null,
      on_behalf_of: null,
      payment_method: null,
      payment_method_configuration_details: null,
      payment_method_options: paymentMethodOptions,
      payment_method_types: types,
      payment_record: null,
      processing: null,
      receipt_email: asString(params.receipt_email) ?? null,
      review: null,
      setup_future_usage: null,
      shipping: null,
      source: null,
      statement_descriptor: null,
      statement_descriptor_suffix: null,
      status: 'requires_payment_method',
      transfer_data: null,
      transfer_group: null,
    };
    paymentIntents.set(id, intent);
    if (params.confirm === 'true') confirmIntent(intent, params);
    return intent;
  }

  function confirmIntent(intent: Stripe.PaymentIntent, params: Params) {
    if (!['requires_payment_method', 'requires_confirmation'].includes(intent.status)) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `This PaymentIntent's status is ${intent.status}, but must be one of requires_payment_method or requires_confirmation to be confirmed.`,
      });
    }
    const data = asParams(params.payment_method_data);
    const method = asString(data.type) ?? (asString(params.payment_method) ? 'card' : undefined);
    if (!method) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: "You cannot confirm this PaymentIntent because it's missing a payment method.",
      });
    }
    if (!intent.payment_method_types.includes(method)) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_incompatible_payment_method',
        message: `The PaymentMethod provided (${method}) is not allowed for this PaymentIntent.`,
      });
    }
    intent.payment_method = asString(params.payment_method) ?? stripeId('pm');
    intent.last_payment_error = null;
    if (method === 'pix') {
      intent.status = 'requires_action';
      intent.next_action = pixNextAction(intent);
    } else {
      intent.status = 'requires_action';
      intent.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: {} as Stripe.PaymentIntent.NextAction.UseStripeSdk };
    }
  }

  function makeCharge(intent: Stripe.PaymentIntent): Stripe.Charge {
    const method = intent.payment_method_types[0];
    const charge = {
      id: stripeId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      application: null,
      application_fee: null,
      application_fee_amount: null,
      balance_transaction: stripeId('txn'),
      billing_details: {
        address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
        email: null,
        name: null,
        phone: null,
        tax_id: null,
      },
      calculated_statement_descriptor: 'NEXT LEVEL',
      captured: true,
      created: unixNow(),
      currency: intent.currency,
      customer: null,
      description: intent.description,
      disputed: false,
      failure_balance_transaction: null,
      failure_code: null,
      failure_message: null,
      fraud_details: {},
      livemode: false,
      metadata: { ...intent.metadata },
      on_behalf_of: null,
      outcome: {
        advice_code: null,
        network_advice_code: null,
        network_decline_code: null,
        network_status: 'approved_by_network',
        reason: null,
        risk_level: 'normal',
        seller_message: 'Payment complete.',
        type: 'authorized',
      },
      paid: true,
      payment_intent: intent.id,
      payment_method: typeof intent.payment_method === 'string' ? intent.payment_method : stripeId('pm'),
      payment_method_details: method === 'pix' ? { type: 'pix', pix: { bank_transaction_id: null } } : { type: 'card' },
      receipt_email: intent.receipt_email,
      receipt_number: null,
      receipt_url: null,
      refunded: false,
      review: null,
      shipping: null,
      source_transfer: null,
      statement_descriptor: null,
      statement_descriptor_suffix: null,
      status: 'succeeded',
      transfer_data: null,
      transfer_group: null,
    } as unknown as Stripe.Charge;
    charges.set(charge.id, charge);
    return charge;
  }

  function setStatus(id: string, status: Stripe.PaymentIntent.Status, statusOptions: { declineCode?: string } = {}) {
    const intent = findIntent(id);
    intent.status = status;
    intent.next_action = null;
    if (status === 'succeeded') {
      intent.payment_method ??= stripeId('pm');
      intent.amount_received = intent.amount;
      intent.last_payment_error = null;
      if (!intent.latest_charge) intent.latest_charge = makeCharge(intent).id;
    } else if (status === 'requires_action') {
      intent.payment_method ??= stripeId('pm');
      intent.next_action = intent.payment_method_types.includes('pix')
        ? pixNextAction(intent)
        : { type: 'use_stripe_sdk', use_stripe_sdk: {} as Stripe.PaymentIntent.NextAction.UseStripeSdk };
    } else if (status === 'requires_payment_method' && statusOptions.declineCode) {
      intent.last_payment_error = {
        type: 'card_error',
        code:
          statusOptions.declineCode === 'expired_card' || statusOptions.declineCode === 'incorrect_cvc'
            ? statusOptions.declineCode
            : 'card_declined',
        decline_code: statusOptions.declineCode,
        message: 'Your card was declined.',
        doc_url: 'https://stripe.com/docs/error-codes/card-declined',
      };
      intent.payment_method = null;
    } else if (status === 'canceled') {
      intent.canceled_at = unixNow();
      intent.cancellation_reason ??= 'abandoned';
    }
    return intent;
  }

  function chargeOf(paymentIntentId: string): Stripe.Charge {
    const intent = findIntent(paymentIntentId);
    const chargeId = typeof intent.latest_charge === 'string' ? intent.latest_charge : intent.latest_charge?.id;
    const charge = chargeId ? charges.get(chargeId) : undefined;
    if (!charge) throw new Error(`PaymentIntent ${paymentIntentId} has no charge: make it succeed first`);
    return charge;
  }

  function createRefund(params: Params): Stripe.Refund {
    const intentId = asString(params.payment_intent);
    const chargeParam = asString(params.charge);
    let charge: Stripe.Charge | undefined;
    if (intentId) {
      const intent = findIntent(intentId);
      if (intent.status !== 'succeeded') {
        throw new StripeApiError(400, {
          type: 'invalid_request_error',
          code: 'charge_not_refundable',
          message: `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
          param: 'payment_intent',
        });
      }
      charge = chargeOf(intentId);
    } else if (chargeParam) {
      charge = charges.get(chargeParam);
      if (!charge) throw missing('charge', chargeParam);
    } else {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        message: 'One of the following params should be provided for this request: payment_intent or charge.',
      });
    }
    const unrefunded = charge.amount - charge.amount_refunded;
    const amount = params.amount === undefined ? unrefunded : Number(params.amount);
    if (unrefunded <= 0) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${charge.id} has already been refunded.`,
      });
    }
    if (!Number.isInteger(amount) || amount < 1 || amount > unrefunded) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${unrefunded})`,
        param: 'amount',
      });
    }
    const isPix = charge.payment_method_details?.type === 'pix';
    const refund = {
      id: stripeId('re'),
      object: 'refund',
      amount,
      balance_transaction: stripeId('txn'),
      charge: charge.id,
      created: unixNow(),
      currency: charge.currency,
      destination_details: isPix
        ? { type: 'pix', pix: {} }
        : { type: 'card', card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' } },
      metadata: Object.fromEntries(Object.entries(asParams(params.metadata)).map(([k, v]) => [k, String(v)])),
      payment_intent: typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null),
      reason: (asString(params.reason) as Stripe.Refund.Reason | undefined) ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: double.refundStatus,
      transfer_reversal: null,
      ...(double.refundStatus === 'failed' ? { failure_reason: 'declined', failure_balance_transaction: stripeId('txn') } : {}),
    } as Stripe.Refund;
    refunds.set(refund.id, refund);
    if (refund.status !== 'failed') {
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded >= charge.amount;
    }
    return refund;
  }

  function failRefund(id: string, failureReason: string): Stripe.Refund {
    const refund = refunds.get(id);
    if (!refund) throw new Error(`no refund ${id}`);
    if (refund.status !== 'failed') {
      const charge = charges.get(typeof refund.charge === 'string' ? refund.charge : (refund.charge?.id ?? ''));
      if (charge) {
        charge.amount_refunded -= refund.amount;
        charge.refunded = charge.amount_refunded >= charge.amount;
      }
    }
    Object.assign(refund, { status: 'failed', failure_reason: failureReason, failure_balance_transaction: stripeId('txn') });
    return refund;
  }

  function route(method: string, path: string, params: Params): unknown {
    let match: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(params);
    if ((match = path.match(/^\/v1\/payment_intents\/([^/]+)$/))) {
      const intent = findIntent(match[1]);
      if (method === 'GET') return intent;
      if (method === 'POST') {
        if (params.metadata) Object.assign(intent.metadata, asParams(params.metadata));
        if (asString(params.description)) intent.description = asString(params.description)!;
        return intent;
      }
    }
    if (method === 'POST' && (match = path.match(/^\/v1\/payment_intents\/([^/]+)\/confirm$/))) {
      const intent = findIntent(match[1]);
      confirmIntent(intent, params);
      return intent;
    }
    if (method === 'POST' && (match = path.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/))) {
      const intent = findIntent(match[1]);
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        throw new StripeApiError(400, {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        });
      }
      intent.cancellation_reason = (asString(params.cancellation_reason) as Stripe.PaymentIntent.CancellationReason | undefined) ?? null;
      return setStatus(intent.id, 'canceled');
    }
    if (method === 'POST' && path === '/v1/refunds') return createRefund(params);
    if (method === 'GET' && (match = path.match(/^\/v1\/refunds\/([^/]+)$/))) {
      const refund = refunds.get(match[1]);
      if (!refund) throw missing('refund', match[1]);
      return refund;
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/charges\/([^/]+)$/))) {
      const charge = charges.get(match[1]);
      if (!charge) throw missing('charge', match[1]);
      return charge;
    }
    throw new StripeApiError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', 'http://double');
    const text = await readBody(request);
    const body = decodeStripeForm(method === 'GET' ? url.search.slice(1) : text);
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
    const apiKey = request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? null;
    requests.push({ method, path: url.pathname, body, idempotencyKey, apiKey });

    const send = (status: number, payload: string, replayed = false) => {
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(7).toString('hex')}`,
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
      response.end(payload);
    };
    if (apiKey !== secretKey) {
      send(401, JSON.stringify({ error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${apiKey ?? ''}` } }));
      return;
    }
    const fingerprint = `${method} ${url.pathname} ${text}`;
    if (idempotencyKey && method === 'POST') {
      const known = byIdempotencyKey.get(idempotencyKey);
      if (known) {
        if (known.request !== fingerprint) {
          send(
            400,
            JSON.stringify({
              error: {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              },
            }),
          );
        } else {
          send(known.status, known.body, true);
        }
        return;
      }
    }
    let status = 200;
    let payload: string;
    const failure = failures.findIndex((f) => f.path.test(url.pathname));
    if (failure >= 0) {
      const [{ status: failStatus, error }] = failures.splice(failure, 1);
      status = failStatus;
      payload = JSON.stringify({ error });
    } else {
      try {
        payload = JSON.stringify(route(method, url.pathname, body));
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        status = error.status;
        payload = JSON.stringify({ error: error.body });
      }
    }
    // Stripe keeps the first answer of a key, errors included, except when the server failed.
    if (idempotencyKey && method === 'POST' && status < 500)
      byIdempotencyKey.set(idempotencyKey, { request: fingerprint, status, body: payload });
    send(status, payload);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const double: StripeDouble = {
    url,
    env: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_PUBLISHABLE_KEY: publishableKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: url,
    },
    webhookSecret,
    requests,
    paymentIntents,
    refunds,
    charges,
    refundStatus: 'succeeded',
    requestsTo: (method, path) =>
      requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path))),
    paymentIntentOfOrder: (orderId) => [...paymentIntents.values()].find((intent) => intent.metadata.order_id === orderId),
    setStatus,
    failRefund,
    chargeOf,
    failNext: (path, status, error) => void failures.push({ path, status, error }),
    event: (type, object, eventOptions = {}) => ({
      id: eventOptions.id ?? stripeId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: unixNow(),
      // A snapshot, as Stripe sends: later changes to the double's objects do not show.
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    }),
    signedWebhook: (event, signOptions = {}) => {
      const payload = JSON.stringify(event, null, 2);
      const header = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: signOptions.secret ?? webhookSecret,
        timestamp: signOptions.timestamp ?? unixNow(),
      });
      return { payload, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header } };
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
  return double;
}
