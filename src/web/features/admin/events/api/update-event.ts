import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminEventDetail, EventInputBody } from '../../../../../shared/schemas/admin-events';
import { api } from '../../../../lib/api';
import { adminEventKeys } from './keys';

export function updateEvent({ id, input }: { id: string; input: EventInputBody }) {
  return api<AdminEventDetail>(`/api/admin/events/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEvent,
    onSuccess: (event) => {
      queryClient.setQueryData(adminEventKeys.detail(event.id), event);
      void queryClient.invalidateQueries({ queryKey: adminEventKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ['events'] });
    },
  });
}
