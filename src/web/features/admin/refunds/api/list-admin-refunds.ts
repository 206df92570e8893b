import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminRefundList } from '../../../../../shared/schemas/admin-refunds';
import type { RefundStatus } from '../../../../../shared/schemas/refunds';
import { api } from '../../../../lib/api';
import { adminRefundKeys } from './keys';

export interface AdminRefundsFilter {
  /** Null lists every status. */
  status: RefundStatus | null;
  page: number;
}

/** GET /api/admin/refunds?status=&page= */
export function listAdminRefunds(filter: AdminRefundsFilter, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.page > 1) params.set('page', String(filter.page));
  const search = params.toString();
  return api<AdminRefundList>(`/api/admin/refunds${search ? `?${search}` : ''}`, { signal });
}

export const adminRefundsQueryOptions = (filter: AdminRefundsFilter) =>
  queryOptions({
    queryKey: adminRefundKeys.list(filter),
    queryFn: ({ signal }) => listAdminRefunds(filter, signal),
    staleTime: 10_000,
  });

/** One page of refund requests, newest first; while another filter loads, the previous page stays. */
export function useAdminRefunds(filter: AdminRefundsFilter) {
  return useQuery({ ...adminRefundsQueryOptions(filter), placeholderData: keepPreviousData });
}
