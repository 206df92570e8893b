import type { DoorOfflineData } from '../../../../shared/schemas/tickets';
import { api } from '../../../lib/api';

/** GET /api/door/events/:id/offline-data: the event's list, kept on the device to decide offline. */
export function getOfflineData(eventId: string, signal?: AbortSignal): Promise<DoorOfflineData> {
  return api<DoorOfflineData>(`/api/door/events/${eventId}/offline-data`, { signal });
}
