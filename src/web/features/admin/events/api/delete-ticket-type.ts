import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletedTicketType } from '../../../../../shared/schemas/admin-events';
import { api } from '../../../../lib/api';
import { adminEventKeys } from './keys';

/** DELETE /api/admin/events/:id/ticket-types/:ticketTypeId: removes a sector no order has; answers its id. */
export function deleteTicketType({ eventId, ticketTypeId }: { eventId: string; ticketTypeId: string }) {
  return api<DeletedTicketType>(`/api/admin/events/${encodeURIComponent(eventId)}/ticket-types/${encodeURIComponent(ticketTypeId)}`, {
    method: 'DELETE',
  });
}

export function useDeleteTicketType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTicketType,
    onSuccess: (_data, { eventId }) => {
      void queryClient.invalidateQueries({ queryKey: adminEventKeys.detail(eventId) });
      void queryClient.invalidateQueries({ queryKey: ['events'] });
    },
  });
}
