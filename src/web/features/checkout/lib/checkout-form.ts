import { z } from 'zod';
import '../../../../shared/zod-locale';
import { buyerSchema, cardPaymentSchema, concessionHolderSchema, type ConcessionHolderInput } from '../../../../shared/schemas/orders';
import { concessionDocumentLabel, concessions, SENIOR_MIN_AGE, type Concession } from '../../../../shared/concessions';
import { errorMessages } from '../../../../shared/errors';
import { onlyDigits } from '../../../../shared/cpf';
import { MAX_INSTALLMENTS } from '../../../../shared/money';
import { onlinePaymentMethods } from '../../../../shared/statuses';
import { saoPauloToday } from '../../../../shared/dates';

export const REQUIRED_MESSAGE = 'Preencha todos os dados obrigatórios';

const blankCard = z.object({ cardNumber: z.string(), holderName: z.string(), expiry: z.string(), cvc: z.string() });

/** 'dd/mm/aaaa' as typed to 'yyyy-MM-dd' (the API's birth date); anything else is returned as is. */
export function birthDateToIso(text: string): string {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  return match ? `${match[3]}-${match[2]}-${match[1]}` : text.trim();
}

/** 'dd/mm/aaaa' while typed: digits only, slashes put in. */
export function formatBirthDate(text: string): string {
  const digits = onlyDigits(text).slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
}

/** Whether someone born on `birthDate` ('yyyy-MM-dd') is 60 or older on `today` ('yyyy-MM-dd'). */
export function isSeniorOn(birthDate: string, today: string): boolean {
  const limit = `${Number(today.slice(0, 4)) - SENIOR_MIN_AGE}${today.slice(4)}`;
  return birthDate <= limit;
}

/**
 * One half-price unit's holder as the checkout asks it (Lei 12.933/2013: proof at purchase): its
 * category, then the server's own holder rules (shared concessionHolderSchema), the birth date
 * typed 'dd/mm/aaaa', and the document number where the category has one.
 */
const meiaHolderSchema = z
  .object({
    concession: z.union([z.enum(concessions), z.literal('')]).refine((v) => v !== '', 'Escolha a categoria da meia-entrada'),
    name: concessionHolderSchema.shape.name,
    cpf: concessionHolderSchema.shape.cpf,
    birthDate: z
      .string()
      .trim()
      .regex(/^\d{2}\/\d{2}\/\d{4}$/, 'Informe a data de nascimento (dd/mm/aaaa)')
      .transform(birthDateToIso)
      .pipe(concessionHolderSchema.shape.birthDate),
    documentNumber: z.string().trim().max(40, 'Número do documento muito longo'),
  })
  .superRefine((unit, ctx) => {
    if (unit.concession && concessionDocumentLabel[unit.concession] && !unit.documentNumber) {
      ctx.addIssue({ code: 'custom', path: ['documentNumber'], message: 'Informe o número do documento' });
    }
  });

/** The rules between the units of one order, as the server decides them (the same pt-BR messages). */
const meiaUnitsSchema = z.array(meiaHolderSchema).superRefine((units, ctx) => {
  const today = saoPauloToday(new Date());
  const pcd = units.filter((u) => u.concession === 'pcd').length;
  let companions = 0;
  const cpfs = new Set<string>();
  units.forEach((unit, index) => {
    if (unit.concession === 'pcd_companion' && ++companions > pcd) {
      ctx.addIssue({ code: 'custom', path: [index, 'concession'], message: errorMessages.meia_companion_without_pcd });
    }
    if (unit.concession === 'senior' && !isSeniorOn(unit.birthDate, today)) {
      ctx.addIssue({ code: 'custom', path: [index, 'birthDate'], message: errorMessages.meia_senior_age });
    }
    if (cpfs.has(unit.cpf)) ctx.addIssue({ code: 'custom', path: [index, 'cpf'], message: errorMessages.meia_cpf_repeated });
    cpfs.add(unit.cpf);
  });
});

const base = z.object({
  buyer: buyerSchema,
  paymentMethod: z.enum(onlinePaymentMethods),
  installments: z.number().int().min(1).max(MAX_INSTALLMENTS),
  card: blankCard,
  meia: meiaUnitsSchema,
  /** Who uses each full-price unit, in the order of the sectors; blank: the buyer for the first, unnamed for the others. */
  holders: z.array(z.string().trim().max(120, 'Nome muito longo')),
  /** Each full-price unit's holder CPF, in the same order (asked only where the event is nominal). */
  holderCpfs: z.array(z.string().trim()),
});

/** PIX (or a free order): card fields are ignored. Same buyer and holder rules and messages as the server. */
export const pixCheckoutSchema = base;

/** Card: the card fields follow the server's CardPaymentInput rules. */
export const cardCheckoutSchema = base.extend({ card: cardPaymentSchema });

export type CheckoutFormValues = z.input<typeof base>;
export type MeiaHolderValues = CheckoutFormValues['meia'][number];

/** Another card for an order already placed (a decline, or resuming it): only the card is asked. */
export const cardRetrySchema = z.object({ card: cardPaymentSchema });

export const emptyMeiaHolder: MeiaHolderValues = { concession: '', name: '', cpf: '', birthDate: '', documentNumber: '' };

export const emptyCheckoutForm: CheckoutFormValues = {
  buyer: { name: '', email: '', phone: '', cpf: '' },
  paymentMethod: 'pix',
  installments: 1,
  card: { cardNumber: '', holderName: '', expiry: '', cvc: '' },
  meia: [],
  holders: [],
  holderCpfs: [],
};

/** A unit's holder in the API's shape (CPF digits, birth date 'yyyy-MM-dd'), or null while incomplete or invalid. */
export function meiaHolderOf(unit: MeiaHolderValues): { concession: Concession; holder: ConcessionHolderInput } | null {
  const parsed = meiaHolderSchema.safeParse(unit);
  if (!parsed.success || !parsed.data.concession) return null;
  const { concession, name, cpf, birthDate, documentNumber } = parsed.data;
  return { concession, holder: { name, cpf, birthDate, documentNumber: concessionDocumentLabel[concession] ? documentNumber : null } };
}

/** Whether any field the chosen method needs is still blank (the toast of docs/rules/sale.md 'Checkout'). */
export function hasBlankRequiredField(values: CheckoutFormValues, needsCard: boolean): boolean {
  const meiaTexts = values.meia.flatMap((unit) => [
    unit.concession,
    unit.name,
    unit.cpf,
    unit.birthDate,
    ...(unit.concession && concessionDocumentLabel[unit.concession] ? [unit.documentNumber] : []),
  ]);
  const texts = [...Object.values(values.buyer), ...(needsCard ? Object.values(values.card) : []), ...meiaTexts];
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
