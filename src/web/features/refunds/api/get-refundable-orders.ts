import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RefundableOrder, RefundableOrders } from '../../../../shared/schemas/refunds';
import { api } from '../../../lib/api';
import { refundKeys } from './keys';

/** GET /api/refunds/eligible: the user's orders, newest first, each flagged eligible or not. */
export async function getRefundableOrders(signal?: AbortSignal): Promise<RefundableOrder[]> {
  const body = await api<RefundableOrders>('/api/refunds/eligible', { signal });
  return body.orders;
}

export const refundableOrdersQueryOptions = () =>
  queryOptions({ queryKey: refundKeys.eligible(), queryFn: ({ signal }) => getRefundableOrders(signal) });

export function useRefundableOrders() {
  return useQuery(refundableOrdersQueryOptions());
}
