import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminEventDetail, EventInputBody } from '../../../../../shared/schemas/admin-events';
import { api } from '../../../../lib/api';
import { adminEventKeys } from './keys';

export function createEvent(input: EventInputBody) {
  return api<AdminEventDetail>('/api/admin/events', { method: 'POST', body: input });
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    onSuccess: (event) => {
      queryClient.setQueryData(adminEventKeys.detail(event.id), event);
      // The public catalogue changes too.
      void queryClient.invalidateQueries({ queryKey: adminEventKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ['events'] });
    },
  });
}
