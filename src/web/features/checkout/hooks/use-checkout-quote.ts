import { useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import type { EventDetail } from '../../../../shared/schemas/events';
import type { QuoteOrderInput } from '../../../../shared/schemas/orders';
import { isValidCpf, onlyDigits } from '../../../../shared/cpf';
import { ApiError } from '../../../lib/api';
import { useOrderQuote } from '../api/quote-order';
import { emptyMeiaHolder, meiaHolderOf, type CheckoutFormValues } from '../lib/checkout-form';
import type { SummaryAmounts, SummaryItem } from '../components/order-summary';
import type { ChosenSector } from './use-checkout-selection';

/**
 * The order's total as the summary shows it: the server's quote, once every half-price unit has
 * its holder (the server asks for them); until then an estimate from the event page's prices.
 * Amounts in centavos. `changedTotal` is a total the server gave when placing the order that
 * differs from the one shown (the buyer confirms again).
 */
export function useCheckoutQuote({
  eventId,
  control,
  chosen,
  fullLines,
  meiaUnits,
  orderCode,
  couponDiscountCentavos,
  waitlistOfferId,
  nominal = false,
}: {
  eventId: string;
  control: Control<CheckoutFormValues, { hasCardFields: boolean }>;
  chosen: ChosenSector[];
  fullLines: { sectorId: string; quantity: number }[];
  meiaUnits: EventDetail['sectors'];
  orderCode: string | undefined;
  couponDiscountCentavos: number | undefined;
  waitlistOfferId: string | null;
  /** A nominal event: the full-price holders' CPFs go to the quote once every one is typed. */
  nominal?: boolean;
}) {
  const [changedTotal, setChangedTotal] = useState<number | null>(null);
  const meiaValues = useWatch({ control, name: 'meia' });
  const buyerCpf = useWatch({ control, name: 'buyer.cpf' });
  const holderCpfs = useWatch({ control, name: 'holderCpfs' });
  // Each unit's holder CPF (nominal events), so the quote counts them for the limit per CPF as the order will.
  const typedHolderCpfs = nominal ? (holderCpfs ?? []).map((cpf) => (isValidCpf(cpf) ? onlyDigits(cpf) : '')) : [];
  const fullUnitCount = fullLines.reduce((sum, line) => sum + line.quantity, 0);
  const withHolderCpfs =
    fullUnitCount > 0 && typedHolderCpfs.length >= fullUnitCount && typedHolderCpfs.slice(0, fullUnitCount).every(Boolean);
  let taken = 0;
  const quotedFullLines = withHolderCpfs
    ? fullLines.map((line) => {
        const cpfs = typedHolderCpfs.slice(taken, taken + line.quantity);
        taken += line.quantity;
        return { ...line, holderCpfs: cpfs };
      })
    : fullLines;
  const meiaItems = meiaUnits.map((type, index) => {
    const unit = meiaHolderOf(meiaValues?.[index] ?? emptyMeiaHolder);
    return unit ? { sectorId: type.id, quantity: 1, ...unit } : null;
  });
  const hasAllHolders = meiaItems.every((item) => item !== null);
  const quoteInput: QuoteOrderInput | null =
    chosen.length > 0 && hasAllHolders
      ? {
          eventId,
          items: [...quotedFullLines, ...meiaItems.filter((item) => item !== null)],
          paymentMethod: 'pix',
          installments: 1,
          couponCode: orderCode,
          buyerCpf: isValidCpf(buyerCpf ?? '') ? onlyDigits(buyerCpf) : undefined,
          ...(waitlistOfferId ? { waitlistOfferId } : {}),
        }
      : null;
  const quoteQuery = useOrderQuote(quoteInput);
  const quote = quoteInput && quoteQuery.data ? quoteQuery.data : null;
  const error =
    quoteInput && quoteQuery.isError && !quoteQuery.isFetching
      ? quoteQuery.error instanceof ApiError && quoteQuery.error.status > 0 && quoteQuery.error.status < 500
        ? quoteQuery.error.message
        : 'Não foi possível calcular o total. Tente novamente.'
      : null;

  const summaryItems: SummaryItem[] = quote
    ? quote.items.map((item, index) => ({
        key: `${item.sectorId ?? 'item'}-${index}`,
        name: item.sectorName,
        lotName: item.lotName,
        quantity: item.quantity,
        unitPriceCentavos: item.unitPriceCentavos,
      }))
    : estimatedItems(chosen);
  const amounts: SummaryAmounts = { ...(quote ?? estimate(chosen, couponDiscountCentavos ?? 0)), discountCode: orderCode ?? null };
  const totalCentavos = amounts.totalCentavos;
  return {
    /** The quote's refusal as the server gave it (its code and details), or null. */
    refusal: quoteInput && quoteQuery.isError && !quoteQuery.isFetching && quoteQuery.error instanceof ApiError ? quoteQuery.error : null,
    summaryItems,
    amounts,
    totalCentavos,
    isFree: chosen.length > 0 && totalCentavos === 0,
    error,
    isUpdating: quoteInput !== null && quoteQuery.isFetching,
    isEstimate: !quote && meiaUnits.length > 0,
    changedTotal,
    setChangedTotal,
  };
}

/** The summary's lines from the event page's prices, before the server's quote. */
function estimatedItems(chosen: ChosenSector[]): SummaryItem[] {
  return chosen.flatMap(({ type, full, meia }) => [
    ...(full > 0
      ? [{ key: `${type.id}-full`, name: type.name, lotName: type.lotName, quantity: full, unitPriceCentavos: type.priceCentavos }]
      : []),
    ...(meia > 0
      ? [
          {
            key: `${type.id}-meia`,
            name: `${type.name} · Meia-entrada`,
            lotName: type.lotName,
            quantity: meia,
            unitPriceCentavos: type.meiaPriceCentavos,
          },
        ]
      : []),
  ]);
}

/** The summary's amounts from the event page's prices and the coupon's previewed discount. */
function estimate(chosen: ChosenSector[], discountCentavos: number): SummaryAmounts {
  const subtotalCentavos = chosen.reduce((sum, c) => sum + c.full * c.type.priceCentavos + c.meia * c.type.meiaPriceCentavos, 0);
  const feeCentavos = chosen.reduce((sum, c) => sum + c.full * c.type.feeCentavos + c.meia * c.type.meiaFeeCentavos, 0);
  return { subtotalCentavos, discountCentavos, feeCentavos, totalCentavos: subtotalCentavos - discountCentavos + feeCentavos };
}
