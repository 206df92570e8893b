import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletedSector } from '../../../../../shared/schemas/admin-events';
import { api } from '../../../../lib/api';
import { adminEventKeys } from './keys';

/** DELETE /api/admin/events/:id/sectors/:sectorId: removes a sector no order has; answers its id. */
export function deleteSector({ eventId, sectorId }: { eventId: string; sectorId: string }) {
  return api<DeletedSector>(`/api/admin/events/${encodeURIComponent(eventId)}/sectors/${encodeURIComponent(sectorId)}`, {
    method: 'DELETE',
  });
}

export function useDeleteSector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSector,
    onSuccess: (_data, { eventId }) => {
      void queryClient.invalidateQueries({ queryKey: adminEventKeys.detail(eventId) });
      void queryClient.invalidateQueries({ queryKey: ['events'] });
    },
  });
}
