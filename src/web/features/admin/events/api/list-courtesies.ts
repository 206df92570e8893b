import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListCourtesiesResponse } from '../../../../../shared/schemas/admin-events';
import { api } from '../../../../lib/api';
import { adminEventKeys } from './keys';

/** GET /api/admin/events/:id/courtesies: the courtesies issued for the event, newest first. */
export function listCourtesies(eventId: string, signal?: AbortSignal) {
  return api<ListCourtesiesResponse>(`/api/admin/events/${encodeURIComponent(eventId)}/courtesies`, { signal });
}

export const courtesiesQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: adminEventKeys.courtesies(eventId),
    queryFn: ({ signal }) => listCourtesies(eventId, signal),
  });

export function useCourtesies(eventId: string) {
  return useQuery(courtesiesQueryOptions(eventId));
}
