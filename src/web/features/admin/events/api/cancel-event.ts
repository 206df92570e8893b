import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelEventInput, CancelEventResult } from '../../../../../shared/schemas/admin-events';
import { ActionKey, api } from '../../../../lib/api';
import { adminEventKeys } from './keys';

// docs/rules/idempotency.md 'The web app'.
const cancelling = new ActionKey();

/**
 * POST /api/admin/events/:id/cancel: sales stop, every paid order is refunded through the
 * provider, pending orders are released and every buyer is told, with `reason`.
 */
export function cancelEvent({ id, input }: { id: string; input: CancelEventInput }) {
  return api<CancelEventResult>(`/api/admin/events/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
    body: input,
    idempotencyKey: cancelling,
  });
}

export function useCancelEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelEvent,
    onSettled: (_result, _error, { id }) => {
      void queryClient.invalidateQueries({ queryKey: adminEventKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: adminEventKeys.buyers(id) });
      void queryClient.invalidateQueries({ queryKey: adminEventKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'refunds'] });
      void queryClient.invalidateQueries({ queryKey: ['events'] });
    },
  });
}
