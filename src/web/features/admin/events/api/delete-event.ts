import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { adminEventKeys } from './keys';

/** DELETE /api/admin/events/:id: only an event without orders (409 event_has_orders otherwise). */
export function deleteEvent(id: string) {
  return api<void>(`/api/admin/events/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: adminEventKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: adminEventKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ['events'] });
    },
  });
}
