import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DoorSector, SaveDoorSectorInput } from '../../../../../shared/schemas/box-office';
import { api } from '../../../../lib/api';
import { boxOfficeKeys } from './keys';

/** PUT /api/admin/box-office/sectors/:id: the sector's door price and the box office's quota. */
export function saveDoorSector(sectorId: string, input: SaveDoorSectorInput) {
  return api<DoorSector>(`/api/admin/box-office/sectors/${sectorId}`, { method: 'PUT', body: input });
}

export function useSaveDoorSector(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sectorId, input }: { sectorId: string; input: SaveDoorSectorInput }) => saveDoorSector(sectorId, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: boxOfficeKeys.sectors(eventId) }),
  });
}
