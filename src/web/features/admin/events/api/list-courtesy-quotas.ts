import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourtesyQuotasResponse } from '../../../../../shared/schemas/admin-events';
import { api } from '../../../../lib/api';
import { adminEventKeys } from './keys';

/** GET /api/admin/events/:id/courtesy-quotas: each staff member's courtesy quota and what they issued. */
export function listCourtesyQuotas(eventId: string, signal?: AbortSignal) {
  return api<CourtesyQuotasResponse>(`/api/admin/events/${encodeURIComponent(eventId)}/courtesy-quotas`, { signal });
}

export const courtesyQuotasQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: adminEventKeys.courtesyQuotas(eventId),
    queryFn: ({ signal }) => listCourtesyQuotas(eventId, signal),
  });

export function useCourtesyQuotas(eventId: string) {
  return useQuery(courtesyQuotasQueryOptions(eventId));
}
