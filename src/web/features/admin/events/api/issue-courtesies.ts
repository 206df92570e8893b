import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IssueCourtesiesInput, IssueCourtesiesResult } from '../../../../../shared/schemas/admin-events';
import { ActionKey, api } from '../../../../lib/api';
import { adminEventKeys } from './keys';

// docs/rules/idempotency.md 'The web app'.
const issuing = new ActionKey();

/** POST /api/admin/events/:id/courtesies: one courtesy ticket of the sector per recipient. */
export function issueCourtesies({ eventId, input }: { eventId: string; input: IssueCourtesiesInput }) {
  return api<IssueCourtesiesResult>(`/api/admin/events/${encodeURIComponent(eventId)}/courtesies`, {
    method: 'POST',
    body: input,
    idempotencyKey: issuing,
  });
}

export function useIssueCourtesies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueCourtesies,
    onSuccess: (_result, { eventId }) => {
      void queryClient.invalidateQueries({ queryKey: adminEventKeys.courtesies(eventId) });
      void queryClient.invalidateQueries({ queryKey: adminEventKeys.courtesyQuotas(eventId) });
      // Courtesies take units of the sector's stock.
      void queryClient.invalidateQueries({ queryKey: adminEventKeys.detail(eventId) });
      void queryClient.invalidateQueries({ queryKey: adminEventKeys.lists() });
    },
  });
}
