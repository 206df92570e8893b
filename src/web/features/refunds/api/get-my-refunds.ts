import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyRefund, MyRefunds } from '../../../../shared/schemas/refunds';
import { api } from '../../../lib/api';
import { refundKeys } from './keys';

/** GET /api/refunds/mine: the user's own refund requests, newest first. */
export async function getMyRefunds(signal?: AbortSignal): Promise<MyRefund[]> {
  const body = await api<MyRefunds>('/api/refunds/mine', { signal });
  return body.refunds;
}

export const myRefundsQueryOptions = () => queryOptions({ queryKey: refundKeys.mine(), queryFn: ({ signal }) => getMyRefunds(signal) });

export function useMyRefunds() {
  return useQuery(myRefundsQueryOptions());
}
