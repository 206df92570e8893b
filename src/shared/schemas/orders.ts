import { z } from 'zod';
import '../zod-locale';
import { isCalendarDay, text } from './fields';
import { isValidCpf, onlyDigits } from '../cpf';
import { isValidBrazilianPhone } from '../phone';
import { MAX_INSTALLMENTS } from '../money';
import { MAX_TICKETS_PER_TYPE } from '../order-limits';
import { onlinePaymentMethods, orderStatuses, paymentMethods, type OrderStatus } from '../statuses';
import { concessions } from '../concessions';
import { attributionSchema } from '../attribution';

export type { OrderStatus };

const required = 'Preencha todos os dados obrigatórios';

/** Buyer data of the checkout dialog (docs/rules/sale.md 'Checkout'). */
export const buyerSchema = z.object({
  name: text().trim().min(1, required).max(120),
  email: text().trim().min(1, required).pipe(z.email('E-mail inválido')),
  phone: text()
    .trim()
    .min(1, required)
    .refine((v) => isValidBrazilianPhone(v), 'Telefone inválido'),
  cpf: text()
    .trim()
    .min(1, required)
    .refine((v) => isValidCpf(v), 'CPF inválido'),
});
export type Buyer = z.infer<typeof buyerSchema>;

/** Who uses a half-price unit (Lei 12.933/2013: proof at purchase and at the door). */
export const concessionHolderSchema = z.object({
  name: text().trim().min(1, 'Informe o nome de quem vai usar a meia-entrada').max(120, 'Nome muito longo'),
  cpf: text()
    .trim()
    .min(1, 'Informe o CPF de quem vai usar a meia-entrada')
    .refine((v) => isValidCpf(v), 'CPF inválido')
    .transform(onlyDigits),
  birthDate: text()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Informe a data de nascimento')
    .refine((v) => isCalendarDay(v) && v >= '1900-01-01', 'Data de nascimento inválida'),
  documentNumber: text()
    .trim()
    .max(40, 'Número do documento muito longo')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type ConcessionHolderInput = z.infer<typeof concessionHolderSchema>;

/** Body of POST /api/orders. Amounts are never sent: the server prices everything. */
export const placeOrderSchema = z.object({
  eventId: z.uuid('Evento inválido'),
  items: z
    .array(
      z.object({
        sectorId: z.uuid(),
        quantity: z.number().int().min(0).max(MAX_TICKETS_PER_TYPE),
        /** Who uses each unit, in order (docs/rules/transfers.md 'Named tickets'); blank or absent = not named yet. */
        holderNames: z.array(text().trim().max(120, 'Nome muito longo')).max(MAX_TICKETS_PER_TYPE).optional(),
        /** Each unit's holder CPF, in order ('' where none): required for every unit of a nominal event. */
        holderCpfs: z
          .array(
            text()
              .trim()
              .refine((v) => v === '' || isValidCpf(v), 'CPF inválido')
              .transform(onlyDigits),
          )
          .max(MAX_TICKETS_PER_TYPE)
          .optional(),
        /** A half-price unit (quantity 1): its category and holder. Absent: full price. */
        concession: z.enum(concessions).optional(),
        holder: concessionHolderSchema.optional(),
      }),
    )
    .min(1, 'Selecione pelo menos um ingresso')
    .max(20),
  buyer: buyerSchema,
  paymentMethod: z.enum(onlinePaymentMethods),
  installments: z.number().int().min(1).max(MAX_INSTALLMENTS).default(1),
  couponCode: text().trim().max(40).optional(),
  /** The total the buyer saw when confirming (centavos); when the price changed meanwhile, the order is refused with the new total. */
  expectedTotalCentavos: z.number().int().min(0).optional(),
  /** The turn from the event's waiting room (docs/rules/waiting-room.md 'Turns'), required while it is active, and the device that claimed it. */
  waitingRoomPass: text().max(2_000).optional(),
  deviceId: text().max(64).optional(),
  /** A waiting-list offer made to the buyer ('Lista de espera'): the order takes its units, held for them only. */
  waitlistOfferId: z.uuid().optional(),
  /**
   * The campaign the buyer's device last arrived from within 7 days (docs/rules/sale.md 'Campaign
   * attribution'). A malformed one never blocks the purchase: it is read as none (null).
   */
  attribution: attributionSchema.nullish().catch(null),
});
export type PlaceOrderInput = z.infer<typeof placeOrderSchema>;

/** Body of POST /api/orders/quote: the order as it would be placed; the buyer is optional (the limits per CPF are checked when placing). */
export const quoteOrderSchema = placeOrderSchema.omit({ buyer: true, expectedTotalCentavos: true, attribution: true }).extend({
  buyerCpf: text()
    .trim()
    .refine((v) => isValidCpf(v), 'CPF inválido')
    .transform(onlyDigits)
    .optional(),
});
export type QuoteOrderInput = z.infer<typeof quoteOrderSchema>;

/** Body of POST /api/orders/:id/card-payment: exists only in the sandbox (provider's test mode); with Stripe the browser confirms through Stripe.js. */
export const cardPaymentSchema = z.object({
  cardNumber: text().trim().min(12, 'Número do cartão inválido').max(23),
  holderName: text().trim().min(1, 'Informe o nome impresso no cartão').max(80),
  expiry: text()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Validade inválida (MM/AA)'),
  cvc: text()
    .trim()
    .regex(/^\d{3,4}$/, 'CVV inválido'),
});
export type CardPaymentInput = z.infer<typeof cardPaymentSchema>;

/** One line of an order: a sector's units from one lot, or one half-price unit with its category. Money in integer centavos. */
export const orderViewItemSchema = z.object({
  sectorId: z.string().nullable(),
  sectorName: z.string(),
  quantity: z.number(),
  unitPriceCentavos: z.number(),
  /** The fee the buyer pays per unit; 0 when none or absorbed. */
  unitFeeCentavos: z.number(),
  /** '2º lote'; null for an item kept from before lots. */
  lotName: z.string().nullable(),
  concession: z.enum(concessions).nullable(),
});
export type OrderViewItem = z.infer<typeof orderViewItemSchema>;

/** An order as its buyer sees it. Money in integer centavos; instants UTC ISO 8601. */
export const orderViewSchema = z.object({
  id: z.string(),
  status: z.enum(orderStatuses),
  eventId: z.string(),
  event: z.object({ id: z.string(), title: z.string(), date: z.string(), startTime: z.string(), location: z.string() }),
  items: z.array(orderViewItemSchema),
  subtotalCentavos: z.number(),
  discountCentavos: z.number(),
  /** The service fee the buyer pays ('taxa de serviço'), in the total; 0 when none or absorbed by the organizer. */
  feeCentavos: z.number(),
  /** subtotal - discount + fee. */
  totalCentavos: z.number(),
  paymentMethod: z.enum(paymentMethods),
  installments: z.number(),
  /** UTC instant (ISO 8601) after which an unpaid order releases its tickets. */
  expiresAt: z.string(),
  createdAt: z.string(),
  /** The provider's payment id; the `session_id` of /payment-success. */
  paymentId: z.string().nullable(),
  /** PIX 'copia e cola' (BR Code) while the order waits for a PIX payment. */
  pixCode: z.string().nullable(),
  /**
   * Stripe only, while a card order waits: the PaymentIntent's client secret Stripe.js confirms
   * with (the card goes from the browser to Stripe, never to this server). Null otherwise.
   */
  clientSecret: z.string().nullable(),
  /** Why the last card attempt was declined, while the order waits for another try. */
  paymentError: z.string().nullable(),
  /** The card instalments in centavos, first carrying the remainder (splitInstallments). */
  installmentAmountsCentavos: z.array(z.number()),
  /** True when the sandbox provider runs and payments can be simulated. */
  isSandbox: z.boolean(),
  /** Where the order's e-mail (tickets and .ics) goes; null on the public /payment-success answer. */
  buyerEmail: z.string().nullable(),
});
export type OrderView = z.infer<typeof orderViewSchema>;

/**
 * Answer of POST /api/orders/quote: what placing the order would charge now, itemised (the
 * checkout shows it before the buyer confirms, and sends its total as `expectedTotalCentavos`).
 * Money in integer centavos.
 */
export const orderQuoteSchema = z.object({
  items: z.array(orderViewItemSchema),
  subtotalCentavos: z.number(),
  discountCentavos: z.number(),
  feeCentavos: z.number(),
  totalCentavos: z.number(),
  /** The card instalment options for the total: '3x de R$ 33,34 sem juros'. */
  installmentLabels: z.array(z.string()),
});
export type OrderQuote = z.infer<typeof orderQuoteSchema>;

/** Answer of POST /api/coupons/preview: the discount a coupon gives on a subtotal, money in integer centavos. */
export const couponPreviewSchema = z.object({
  code: z.string(),
  discountCentavos: z.number(),
  subtotalCentavos: z.number(),
  totalCentavos: z.number(),
});
export type CouponPreview = z.infer<typeof couponPreviewSchema>;

/** Answer of GET /api/orders/last-buyer: the phone and CPF of the user's last order (masked as typed), or nulls. */
export const lastBuyerSchema = z.object({ phone: z.string().nullable(), cpf: z.string().nullable() });
export type LastBuyer = z.infer<typeof lastBuyerSchema>;

/** Answer of POST /api/payments/stripe/webhook to a verified event (handled now or before). */
export const webhookReceivedSchema = z.object({ received: z.boolean() });
