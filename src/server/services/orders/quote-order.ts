import type { OrderQuote, QuoteOrderInput } from '../../../shared/schemas/orders';
import { installmentOptions } from '../../domain/pricing';
import { lotName, rollEndedLots } from '../../domain/lots';
import { decideOrder } from '../../domain/sale';
import type { Db } from '../../db/client';
import { loadSaleState } from './sale-state';
import { readOffers } from './sale-offers';

/**
 * What placing an order would charge now, itemised (the checkout before 'Confirmar', and its
 * coupon's 'Aplicar'): decided by the sale's own rule (domain/sale decideOrder: the event on sale,
 * the lots on sale, meia-entrada, limits, the code, the service fee) on the rows as they are now,
 * without locking or holding anything; placing the order decides everything again and refuses with
 * 'price_changed' when the total moved meanwhile. The limit per CPF counts only when `buyerCpf`
 * is given, and then, as placing counts it (docs/rules/sale.md 'Limits per order and per CPF'),
 * for each CPF of the order and for the asking account `accountId` too, so the checkout can tell
 * 'cpf_limit' at the CPF field before 'Pagar'. Money in centavos.
 * Throws what decideOrder throws (DomainError).
 */
export async function quoteOrder(
  db: Db,
  input: QuoteOrderInput,
  now: Date = new Date(),
  accountId: string | null = null,
): Promise<OrderQuote> {
  const buyerCpf = input.buyerCpf ?? '';
  const { state } = await loadSaleState(db, input.eventId, {
    lock: false,
    codes: input.couponCode ? [input.couponCode] : [],
    cpfs: [buyerCpf, ...input.items.flatMap((line) => [line.holder?.cpf ?? '', ...(line.holderCpfs ?? [])])].filter(Boolean),
    anyMeia: input.items.some((line) => line.concession),
    userIds: accountId && input.buyerCpf ? [accountId] : [],
  });
  for (const sector of state.sectors) rollEndedLots(sector.lots, now);
  if (!input.buyerCpf && state.event) state.event.maxTicketsPerCpf = null;
  // A waiting-list offer is priced for whoever asks; placing the order checks whose it is.
  const offerId = input.waitlistOfferId ?? null;
  if (offerId) state.offersById = await readOffers(db, [offerId], false);
  const { priced } = decideOrder(
    state,
    {
      lines: input.items,
      buyerCpf,
      paymentMethod: input.paymentMethod,
      installments: input.installments,
      couponCode: input.couponCode,
      offerId,
      userId: offerId ? (state.offersById?.get(offerId)?.userId ?? null) : input.buyerCpf ? accountId : null,
    },
    now,
  );
  return {
    items: priced.items.map((item) => ({
      sectorId: item.sectorId,
      sectorName: item.name,
      quantity: item.quantity,
      unitPriceCentavos: item.unitPriceCentavos,
      unitFeeCentavos: priced.feeCentavos > 0 ? item.unitFeeCentavos : 0,
      lotName: lotName(item.lotPosition),
      concession: item.concession,
    })),
    subtotalCentavos: priced.subtotalCentavos,
    discountCentavos: priced.discountCentavos,
    feeCentavos: priced.feeCentavos,
    totalCentavos: priced.totalCentavos,
    installmentLabels: installmentOptions(priced.totalCentavos).map((option) => option.label),
  };
}
