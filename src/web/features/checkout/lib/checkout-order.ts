import type { FieldErrors } from 'react-hook-form';
import type { PlaceOrderInput } from '../../../../shared/schemas/orders';
import type { EventDetail } from '../../../../shared/schemas/events';
import { isValidCpf, onlyDigits } from '../../../../shared/cpf';
import type { CardAttempt } from '../hooks/use-pay-card';
import type { StripeCardHandle } from './stripe-card';
import { REQUIRED_MESSAGE, hasBlankRequiredField, meiaHolderOf, type CheckoutFormValues } from './checkout-form';

/** A holder CPF the form must flag before the order is placed: the unit's index and the pt-BR message. */
export interface HolderCpfError {
  index: number;
  message: string;
}

/**
 * A nominal event: every full-price unit's holder CPF, checked here as the server checks it
 * (docs/rules/sale.md 'Checkout'). Returns one error per unit whose CPF is missing or invalid.
 */
export function nominalCpfErrors(values: CheckoutFormValues, fullCount: number): HolderCpfError[] {
  const cpfs = (values.holderCpfs ?? []).map((cpf) => onlyDigits(cpf));
  const errors: HolderCpfError[] = [];
  for (let index = 0; index < fullCount; index++) {
    if (!isValidCpf(cpfs[index] ?? '')) errors.push({ index, message: cpfs[index] ? 'CPF inválido' : 'Informe o CPF de quem vai usar' });
  }
  return errors;
}

/**
 * The order's items: the full-price lines with their holders' names (a blank first one is the
 * buyer) and, on a nominal event, their CPFs, sector by sector; then one item per half-price
 * unit with its holder. A half-price unit without a complete holder is left out (the caller
 * compares the count).
 */
export function orderItemsOf({
  values,
  meia,
  nominal,
  fullLines,
  meiaUnits,
}: {
  values: CheckoutFormValues;
  /** The half-price holders as typed in the form. */
  meia: CheckoutFormValues['meia'];
  nominal: boolean;
  fullLines: { sectorId: string; quantity: number }[];
  meiaUnits: EventDetail['sectors'];
}): PlaceOrderInput['items'] {
  const holders = meia.map((unit) => meiaHolderOf(unit));
  const names = (values.holders ?? []).map((name) => name.trim());
  if (names.length > 0 && !names[0]) names[0] = values.buyer.name.trim();
  const cpfs = (values.holderCpfs ?? []).map((cpf) => onlyDigits(cpf));
  let taken = 0;
  const namedFullLines = fullLines.map((line) => {
    const holderNames = names.slice(taken, taken + line.quantity);
    const holderCpfs = nominal ? cpfs.slice(taken, taken + line.quantity) : [];
    taken += line.quantity;
    const named = holderNames.some(Boolean) ? { ...line, holderNames } : line;
    return holderCpfs.length > 0 ? { ...named, holderCpfs } : named;
  });
  return [
    ...namedFullLines,
    ...meiaUnits.flatMap((type, index) => {
      const unit = holders[index];
      return unit ? [{ sectorId: type.id, quantity: 1, ...unit }] : [];
    }),
  ];
}

/** The card of this attempt: Stripe's frame (`stripe`) with the buyer's billing data, or the sandbox's test form. */
export function cardAttemptOf(
  values: CheckoutFormValues,
  buyer: PlaceOrderInput['buyer'],
  stripe: { handle: StripeCardHandle | null } | null,
): CardAttempt {
  return stripe
    ? { provider: 'stripe', handle: stripe.handle, billing: { name: buyer.name, email: buyer.email, phone: buyer.phone } }
    : {
        provider: 'sandbox',
        card: {
          cardNumber: onlyDigits(values.card.cardNumber),
          holderName: values.card.holderName.trim().toUpperCase(),
          expiry: values.card.expiry,
          cvc: values.card.cvc.trim(),
        },
      };
}

/**
 * The pt-BR message for a form that did not pass its checks: 'Preencha todos os dados
 * obrigatórios' while a required field is blank, else the first field's error (buyer, meia-entrada
 * holders, card, in the form's order).
 */
export function invalidFormMessage(errors: FieldErrors<CheckoutFormValues>, values: CheckoutFormValues, needsCard: boolean): string {
  if (hasBlankRequiredField(values, needsCard)) return REQUIRED_MESSAGE;
  const meiaError = Array.isArray(errors.meia)
    ? errors.meia.flatMap((unit) => (unit ? [unit.concession, unit.name, unit.cpf, unit.birthDate, unit.documentNumber] : [])).find(Boolean)
    : undefined;
  const first =
    errors.buyer?.name ??
    errors.buyer?.email ??
    errors.buyer?.phone ??
    errors.buyer?.cpf ??
    meiaError ??
    errors.card?.cardNumber ??
    errors.card?.holderName ??
    errors.card?.expiry ??
    errors.card?.cvc;
  return first?.message ?? REQUIRED_MESSAGE;
}
