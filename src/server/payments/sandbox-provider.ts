import { randomBytes, randomUUID } from 'node:crypto';
import { buildPixBrCode } from '../domain/br-code';
import { PAYMENT_CURRENCY } from '../domain/payment-match';
import type {
  CardChargeResult,
  CardDetails,
  CreatedPayment,
  PaymentProvider,
  PaymentRequest,
  PaymentState,
  PaymentStatus,
} from './provider';

/** Test card numbers, as a provider's test mode accepts them. */
const sandboxTestCards = {
  approved: ['4242424242424242', '5555555555554444', '6362970000457013'],
  declined: ['4000000000000002'],
  insufficientFunds: ['4000000000009995'],
} as const;

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/**
 * The payment provider that runs with no keys configured (docs/rules/sale.md 'Payment'): PIX payments
 * carry a real BR Code whose confirmation is simulated from the checkout screen; card payments
 * accept the test numbers above (4242... approves, 4000 0000 0000 0002 declines).
 */
export function createSandboxProvider(options: { pixKey: string; merchantName: string; merchantCity: string }): PaymentProvider {
  // What a provider remembers, for as long as the process lives: refunds and payments by
  // idempotency key, and the state of each payment.
  const refundsByKey = new Map<string, string>();
  const paymentsByKey = new Map<string, CreatedPayment>();
  const payments = new Map<string, { created: CreatedPayment; state: PaymentState; amountCentavos: number }>();
  return {
    name: 'sandbox',
    isSandbox: true,
    createsPaymentsInProcess: true,
    publishableKey: null,
    async createPayment(request: PaymentRequest): Promise<CreatedPayment> {
      const known = paymentsByKey.get(request.idempotencyKey);
      if (known) return known;
      // 24 hex digits of a v4 UUID (node:crypto keeps a batch of them ready, so no call per payment).
      const paymentId = `sbx_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
      const pixCode =
        request.method === 'pix'
          ? buildPixBrCode({
              pixKey: options.pixKey,
              merchantName: options.merchantName,
              merchantCity: options.merchantCity,
              amountCentavos: request.amountCentavos,
              txid: request.orderId.replace(/-/g, '').slice(0, 25),
            })
          : null;
      const created = { paymentId, pixCode, clientSecret: null };
      paymentsByKey.set(request.idempotencyKey, created);
      payments.set(paymentId, { created, state: 'awaiting_payment', amountCentavos: request.amountCentavos });
      return created;
    },
    async getPaymentInstructions(paymentId: string) {
      const known = payments.get(paymentId);
      return { pixCode: known?.created.pixCode ?? null, clientSecret: null };
    },
    async getPaymentState(paymentId: string): Promise<PaymentStatus> {
      const known = payments.get(paymentId);
      const state = known?.state ?? 'awaiting_payment';
      const amountCentavos = known?.amountCentavos ?? null;
      return { state, amountCentavos, amountReceivedCentavos: state === 'succeeded' ? amountCentavos : 0, currency: PAYMENT_CURRENCY };
    },
    async cancelPayment(paymentId: string) {
      const known = payments.get(paymentId);
      if (known && known.state !== 'succeeded') known.state = 'canceled';
    },
    async chargeCard(paymentId: string, _amount: number, card: CardDetails, now: Date): Promise<CardChargeResult> {
      const result = decideTestCard(card, now);
      const known = payments.get(paymentId);
      if (known && result.outcome === 'approved') known.state = 'succeeded';
      return result;
    },
    async refund(paymentId: string, _amountCentavos: number, refundOptions: { idempotencyKey: string }) {
      const key = refundOptions.idempotencyKey;
      const known = refundsByKey.get(key);
      if (known) return { refundId: known, status: 'succeeded' as const };
      const refundId = `sbx_re_${paymentId.slice(4, 16)}_${randomBytes(4).toString('hex')}`;
      refundsByKey.set(key, refundId);
      return { refundId, status: 'succeeded' as const };
    },
  };
}

/** The sandbox's answer to a test card, as a provider's test mode answers (see sandboxTestCards). */
function decideTestCard(card: CardDetails, now: Date): CardChargeResult {
  const digits = card.number.replace(/\D/g, '');
  if (!passesLuhn(digits)) return { outcome: 'declined', code: 'card_invalid', message: 'Número do cartão inválido.' };
  const expiry = new Date(Date.UTC(2000 + card.expYear, card.expMonth, 1));
  if (expiry <= now) return { outcome: 'declined', code: 'card_invalid', message: 'Cartão vencido.' };
  if ((sandboxTestCards.declined as readonly string[]).includes(digits)) return { outcome: 'declined', code: 'payment_declined' };
  if ((sandboxTestCards.insufficientFunds as readonly string[]).includes(digits))
    return { outcome: 'declined', code: 'payment_declined', message: 'Pagamento recusado: saldo ou limite insuficiente.' };
  if ((sandboxTestCards.approved as readonly string[]).includes(digits)) return { outcome: 'approved' };
  return { outcome: 'declined', code: 'card_invalid', message: 'No modo de teste, use o cartão 4242 4242 4242 4242.' };
}
