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
}: {
  eventId: string;
  control: Control<CheckoutFormValues, { hasCardFields: boolean }>;
  chosen: ChosenSector[];
  fullLines: { ticketTypeId: string; quantity: number }[];
  meiaUnits: EventDetail['ticketTypes'];
  orderCode: string | undefined;
  couponDiscountCentavos: number | undefined;
  waitlistOfferId: string | null;
}) {
  const [changedTotal, setChangedTotal] = useState<number | null>(null);
  const meiaValues = useWatch({ control, name: 'meia' });
  const buyerCpf = useWatch({ control, name: 'buyer.cpf' });
  const meiaItems = meiaUnits.map((type, index) => {
    const unit = meiaHolderOf(meiaValues?.[index] ?? emptyMeiaHolder);
    return unit ? { ticketTypeId: type.id, quantity: 1, ...unit } : null;
  });
  const hasAllHolders = meiaItems.every((item) => item !== null);
  const quoteInput: QuoteOrderInput | null =
    chosen.length > 0 && hasAllHolders
      ? {
          eventId,
          items: [...fullLines, ...meiaItems.filter((item) => item !== null)],
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
        key: `${item.ticketTypeId ?? 'item'}-${index}`,
        name: item.ticketTypeName,
        lotName: item.lotName,
        quantity: item.quantity,
        unitPriceCentavos: item.unitPriceCentavos,
      }))
    : estimatedItems(chosen);
  const amounts: SummaryAmounts = { ...(quote ?? estimate(chosen, couponDiscountCentavos ?? 0)), discountCode: orderCode ?? null };
  const totalCentavos = amounts.totalCentavos;
  return {
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
  return chosen.flatMap(({ type, full, half }) => [
    ...(full > 0
      ? [{ key: `${type.id}-full`, name: type.name, lotName: type.lotName, quantity: full, unitPriceCentavos: type.priceCentavos }]
      : []),
    ...(half > 0
      ? [
          {
            key: `${type.id}-half`,
            name: `${type.name} · Meia-entrada`,
            lotName: type.lotName,
            quantity: half,
            unitPriceCentavos: type.halfPriceCentavos,
          },
        ]
      : []),
  ]);
}

/** The summary's amounts from the event page's prices and the coupon's previewed discount. */
function estimate(chosen: ChosenSector[], discountCentavos: number): SummaryAmounts {
  const subtotalCentavos = chosen.reduce((sum, c) => sum + c.full * c.type.priceCentavos + c.half * c.type.halfPriceCentavos, 0);
  const feeCentavos = chosen.reduce((sum, c) => sum + c.full * c.type.feeCentavos + c.half * c.type.halfFeeCentavos, 0);
  return { subtotalCentavos, discountCentavos, feeCentavos, totalCentavos: subtotalCentavos - discountCentavos + feeCentavos };
}
