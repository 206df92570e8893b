import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyTicketPeople } from '../../../../shared/schemas/transfers';
import { api } from '../../../lib/api';
import { ticketKeys } from './keys';

/** GET /api/tickets/people: each ticket's holder and what may be done with it, and the transfers waiting for the user. */
export function getTicketPeople(signal?: AbortSignal): Promise<MyTicketPeople> {
  return api<MyTicketPeople>('/api/tickets/people', { signal });
}

export const ticketPeopleQueryOptions = () =>
  queryOptions({ queryKey: ticketKeys.people(), queryFn: ({ signal }) => getTicketPeople(signal), staleTime: 15_000 });

/** The holders and transfers of the signed-in user's tickets; offline, nothing (the cards show without their actions). */
export function useTicketPeople() {
  return useQuery(ticketPeopleQueryOptions());
}
