import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DoorSectorList } from '../../../../../shared/schemas/box-office';
import { api } from '../../../../lib/api';
import { boxOfficeKeys } from './keys';

/** GET /api/admin/box-office/events/:id/sectors: each sector's online and door price, the box office's quota and what its blocks hold. */
export function listDoorSectors(eventId: string, signal?: AbortSignal) {
  return api<DoorSectorList>(`/api/admin/box-office/events/${eventId}/sectors`, { signal });
}

export const doorSectorsQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: boxOfficeKeys.sectors(eventId), queryFn: ({ signal }) => listDoorSectors(eventId, signal), enabled: !!eventId });

export function useDoorSectors(eventId: string) {
  return useQuery(doorSectorsQueryOptions(eventId));
}
