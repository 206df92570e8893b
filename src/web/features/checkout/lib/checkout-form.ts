import { z } from 'zod';
import '../../../../shared/zod-locale';
import { buyerSchema, cardPaymentSchema } from '../../../../shared/schemas/orders';
import { MAX_INSTALLMENTS } from '../../../../shared/money';
import { paymentMethods } from '../../../../shared/statuses';

export const REQUIRED_MESSAGE = 'Preencha todos os dados obrigatórios';

const blankCard = z.object({ cardNumber: z.string(), holderName: z.string(), expiry: z.string(), cvc: z.string() });

const base = z.object({
  buyer: buyerSchema,
  paymentMethod: z.enum(paymentMethods),
  installments: z.number().int().min(1).max(MAX_INSTALLMENTS),
  card: blankCard,
});

/** PIX (or a free order): card fields are ignored. Same buyer rules and messages as the server. */
export const pixCheckoutSchema = base;

/** Card: the card fields follow the server's CardPaymentInput rules. */
export const cardCheckoutSchema = base.extend({ card: cardPaymentSchema });

export type CheckoutFormValues = z.input<typeof base>;

/** Another card for an order already placed (a decline, or resuming it): only the card is asked. */
export const cardRetrySchema = z.object({ card: cardPaymentSchema });

export const emptyCheckoutForm: CheckoutFormValues = {
  buyer: { name: '', email: '', phone: '', cpf: '' },
  paymentMethod: 'pix',
  installments: 1,
  card: { cardNumber: '', holderName: '', expiry: '', cvc: '' },
};

/** Whether any field the chosen method needs is still blank (SPEC.md section 5's toast). */
export function hasBlankRequiredField(values: CheckoutFormValues, needsCard: boolean): boolean {
  const texts = [...Object.values(values.buyer), ...(needsCard ? Object.values(values.card) : [])];
  return texts.some((text) => !text || !text.trim());
}

/** Maps a server `details.field` ('buyer.cpf', 'cardNumber') to the form field it belongs to. */
export function formFieldOf(serverField: unknown): keyof FlatFields | null {
  if (typeof serverField !== 'string') return null;
  if (serverField in flatFields) return serverField as keyof FlatFields;
  const card = `card.${serverField}`;
  if (card in flatFields) return card as keyof FlatFields;
  const buyer = `buyer.${serverField}`;
  if (buyer in flatFields) return buyer as keyof FlatFields;
  return null;
}

const flatFields = {
  'buyer.name': true,
  'buyer.email': true,
  'buyer.phone': true,
  'buyer.cpf': true,
  'card.cardNumber': true,
  'card.holderName': true,
  'card.expiry': true,
  'card.cvc': true,
  installments: true,
} as const;
type FlatFields = typeof flatFields;
