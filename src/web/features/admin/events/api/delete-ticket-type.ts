import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { adminEventKeys } from './keys';

export function deleteTicketType({ eventId, ticketTypeId }: { eventId: string; ticketTypeId: string }) {
  return api<{ id: string }>(`/api/admin/events/${encodeURIComponent(eventId)}/ticket-types/${encodeURIComponent(ticketTypeId)}`, {
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
