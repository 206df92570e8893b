import { useQuery } from '@tanstack/react-query';
import type { EventCancellationPreview } from '../../../../../shared/schemas/event-cancellation';
import { api } from '../../../../lib/api';
import { adminEventKeys } from './keys';

/**
 * GET /api/admin/events/:id/cancel-preview: what cancelling the event would do now (paid orders
 * refunded, the money in centavos, tickets voided, pending orders released). Nothing changes.
 */
export function previewEventCancellation(id: string) {
  return api<EventCancellationPreview>(`/api/admin/events/${encodeURIComponent(id)}/cancel-preview`);
}

/** The preview while the cancel dialog is open, read afresh each time it opens. */
export function useEventCancellationPreview(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...adminEventKeys.all, 'cancel-preview', id],
    queryFn: () => previewEventCancellation(id),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}
