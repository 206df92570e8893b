import { useQuery } from '@tanstack/react-query';
import type { EventRoomView, JoinRoomView, RoomPassView, RoomStatusView } from '../../../../shared/schemas/waiting-room';
import { api } from '../../../lib/api';
import { roomKeys } from './keys';

/** GET /api/events/:id/waiting-room: whether the event's sale goes through its room now. */
export function useEventRoom(eventId: string) {
  return useQuery({
    queryKey: roomKeys.event(eventId),
    queryFn: ({ signal }) => api<{ room: EventRoomView | null }>(`/api/events/${eventId}/waiting-room`, { signal }).then((r) => r.room),
    staleTime: 15_000,
  });
}

/** POST /api/events/:id/waiting-room/join: the account's place (the same on every device). */
export function joinRoom(eventId: string, cpf: string): Promise<JoinRoomView> {
  return api<JoinRoomView>(`/api/events/${eventId}/waiting-room/join`, { method: 'POST', body: { cpf } });
}

/** POST /api/waiting-room/status: the place's phase from its token. */
export function getRoomStatus(token: string, signal?: AbortSignal): Promise<RoomStatusView> {
  return api<RoomStatusView>('/api/waiting-room/status', { method: 'POST', body: { token }, signal });
}

/** POST /api/events/:id/waiting-room/pass: the turn, for this device. */
export function claimPass(eventId: string, deviceId: string): Promise<RoomPassView> {
  return api<RoomPassView>(`/api/events/${eventId}/waiting-room/pass`, { method: 'POST', body: { deviceId } });
}
