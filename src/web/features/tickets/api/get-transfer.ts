import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TransferView } from '../../../../shared/schemas/transfers';
import { api } from '../../../lib/api';
import { ticketKeys } from './keys';

/** GET /api/transfers/by-token/:token: the transfer an e-mailed link names (no sign-in needed). */
export function getTransfer(token: string, signal?: AbortSignal): Promise<TransferView> {
  return api<TransferView>(`/api/transfers/by-token/${encodeURIComponent(token)}`, { signal });
}

export const transferQueryOptions = (token: string) =>
  queryOptions({ queryKey: ticketKeys.transfer(token), queryFn: ({ signal }) => getTransfer(token, signal), retry: false });

export function useTransfer(token: string) {
  return useQuery(transferQueryOptions(token));
}
