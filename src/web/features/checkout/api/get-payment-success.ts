import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderView } from '../../../../shared/schemas/orders';
import { api } from '../../../lib/api';
import { orderKeys } from './keys';

/** GET /api/payment-success?session_id=<paymentId>: the order a payment belongs to. */
export function getPaymentSuccess(sessionId: string, signal?: AbortSignal): Promise<OrderView> {
  return api<OrderView>(`/api/payment-success?session_id=${encodeURIComponent(sessionId)}`, { signal });
}

/** Asked again every 2 s while the provider has not confirmed yet. */
export const paymentSuccessQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: orderKeys.paymentSuccess(sessionId),
    queryFn: ({ signal }) => getPaymentSuccess(sessionId, signal),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 2_000 : false),
  });

export function usePaymentSuccess(sessionId: string | null) {
  return useQuery({ ...paymentSuccessQueryOptions(sessionId ?? ''), enabled: Boolean(sessionId) });
}
