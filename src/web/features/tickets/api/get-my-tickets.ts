import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyOrderTickets } from '../../../../shared/schemas/tickets';
import { api } from '../../../lib/api';
import { ticketKeys } from './keys';

/** GET /api/tickets: the signed-in user's tickets grouped by order, newest order first. */
export async function getMyTickets(signal?: AbortSignal): Promise<MyOrderTickets[]> {
  const body = await api<{ orders: MyOrderTickets[] }>('/api/tickets', { signal });
  return body.orders;
}

export const myTicketsQueryOptions = () =>
  queryOptions({ queryKey: ticketKeys.mine(), queryFn: ({ signal }) => getMyTickets(signal), staleTime: 15_000 });

export function useMyTickets() {
  return useQuery(myTicketsQueryOptions());
}
