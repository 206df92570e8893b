import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderQuote, QuoteOrderInput } from '../../../../shared/schemas/orders';
import { api } from '../../../lib/api';
import { orderKeys } from './keys';

/** POST /api/orders/quote: what the order would charge now, itemised (lots, meia-entrada, fee, coupon); nothing is held. */
export function quoteOrder(input: QuoteOrderInput, signal?: AbortSignal): Promise<OrderQuote> {
  return api<OrderQuote>('/api/orders/quote', { method: 'POST', body: input, signal });
}

// What prices the order (the holders' names do not): the key, so typing a name asks nothing again.
const quoteKey = (input: QuoteOrderInput) =>
  JSON.stringify({
    items: input.items.map((item) => [
      item.sectorId,
      item.quantity,
      item.concession ?? null,
      item.holder?.cpf ?? null,
      item.holder?.birthDate ?? null,
    ]),
    code: input.couponCode ?? null,
    cpf: input.buyerCpf ?? null,
    offer: input.waitlistOfferId ?? null,
  });

/** A lot may turn at any moment: asked again whenever the checkout shows it, never retried on a refusal. */
export const orderQuoteQueryOptions = (input: QuoteOrderInput) =>
  queryOptions({
    queryKey: orderKeys.quote(input.eventId, quoteKey(input)),
    queryFn: ({ signal }) => quoteOrder(input, signal),
    staleTime: 0,
    gcTime: 60_000,
    retry: false,
  });

/** The checkout's quote; asked again when the tickets, categories or code change. Off while `input` is null. */
export function useOrderQuote(input: QuoteOrderInput | null) {
  return useQuery({
    ...orderQuoteQueryOptions(input ?? { eventId: '', items: [], paymentMethod: 'pix', installments: 1 }),
    enabled: input !== null,
    placeholderData: input ? keepPreviousData : undefined,
  });
}
