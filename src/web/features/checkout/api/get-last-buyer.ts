import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LastBuyer } from '../../../../shared/schemas/orders';
import { api } from '../../../lib/api';
import { orderKeys } from './keys';

export type { LastBuyer };

export function getLastBuyer(signal?: AbortSignal): Promise<LastBuyer> {
  return api<LastBuyer>('/api/orders/last-buyer', { signal });
}

export const lastBuyerQueryOptions = () =>
  queryOptions({ queryKey: orderKeys.lastBuyer(), queryFn: ({ signal }) => getLastBuyer(signal), staleTime: 5 * 60_000 });

/** What the checkout offers to fill in, read once the dialog opens for a signed-in buyer. */
export function useLastBuyer(enabled: boolean) {
  return useQuery({ ...lastBuyerQueryOptions(), enabled });
}
