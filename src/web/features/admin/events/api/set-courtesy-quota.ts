import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CourtesyQuotasResponse, SetCourtesyQuotaInput } from '../../../../../shared/schemas/admin-events';
import { api } from '../../../../lib/api';
import { adminEventKeys } from './keys';

/** PUT /api/admin/events/:id/courtesy-quotas: sets or (quota null) removes a staff member's courtesy quota. */
export function setCourtesyQuota({ eventId, input }: { eventId: string; input: SetCourtesyQuotaInput }) {
  return api<CourtesyQuotasResponse>(`/api/admin/events/${encodeURIComponent(eventId)}/courtesy-quotas`, { method: 'PUT', body: input });
}

export function useSetCourtesyQuota() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCourtesyQuota,
    onSuccess: (result, { eventId }) => queryClient.setQueryData(adminEventKeys.courtesyQuotas(eventId), result),
  });
}
