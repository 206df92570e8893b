import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DoorSearchResult, DoorSearchTicket } from '../../../../shared/schemas/tickets';
import { api } from '../../../lib/api';
import { doorKeys } from './keys';

/** GET /api/door/events/:id/search?q= : the look-up by part of a name, the whole e-mail or CPF, or the order. */
export async function searchDoorTickets(eventId: string, query: string, signal?: AbortSignal): Promise<DoorSearchTicket[]> {
  const body = await api<DoorSearchResult>(`/api/door/events/${eventId}/search?q=${encodeURIComponent(query)}`, { signal });
  return body.tickets;
}

export const doorSearchQueryOptions = (eventId: string, query: string) =>
  queryOptions({
    queryKey: doorKeys.search(eventId, query),
    queryFn: ({ signal }) => searchDoorTickets(eventId, query, signal),
    staleTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });

/** Searches once the query has 2 characters or more. */
export function useDoorSearch(eventId: string, query: string) {
  return useQuery({ ...doorSearchQueryOptions(eventId, query), enabled: query.trim().length >= 2 });
}
