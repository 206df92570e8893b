import { useQuery } from '@tanstack/react-query';
import type { Challenge, Solution } from 'altcha-lib';
import type { EventRoomAnswer, JoinRoomView, RoomPassView, RoomStatusView } from '../../../../shared/schemas/waiting-room';
import { api } from '../../../lib/api';
import { roomKeys } from './keys';

/** GET /api/events/:id/waiting-room: whether the event's sale goes through its room now. */
export function useEventRoom(eventId: string) {
  return useQuery({
    queryKey: roomKeys.event(eventId),
    queryFn: ({ signal }) => api<EventRoomAnswer>(`/api/events/${eventId}/waiting-room`, { signal }).then((r) => r.room),
    staleTime: 15_000,
  });
}

/**
 * The join's proof of work (ALTCHA): the server's challenge for the event, solved here with
 * altcha-lib's own solver on Web Crypto. Started when the join form shows, so it runs while the
 * fan types the CPF.
 */
export async function solveJoinProof(eventId: string, signal?: AbortSignal): Promise<JoinProof> {
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/web/sha')]);
  const challenge = await api<Challenge>(`/api/events/${eventId}/waiting-room/challenge`, { signal });
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort());
  const solution = await solveChallenge({ challenge, deriveKey, controller });
  if (!solution) throw new Error('A verificação deste navegador não terminou. Recarregue a página e tente de novo.');
  return { challenge, solution };
}

export interface JoinProof {
  challenge: Challenge;
  solution: Solution;
}

/** POST /api/events/:id/waiting-room/join: the account's place (the same on every device). */
export function joinRoom(eventId: string, cpf: string, proof: JoinProof): Promise<JoinRoomView> {
  return api<JoinRoomView>(`/api/events/${eventId}/waiting-room/join`, { method: 'POST', body: { cpf, proof } });
}

/** POST /api/waiting-room/status: the place's phase from its token. */
export function getRoomStatus(token: string, signal?: AbortSignal): Promise<RoomStatusView> {
  return api<RoomStatusView>('/api/waiting-room/status', { method: 'POST', body: { token }, signal });
}

/** POST /api/events/:id/waiting-room/pass: the turn, for this device. */
export function claimPass(eventId: string, deviceId: string): Promise<RoomPassView> {
  return api<RoomPassView>(`/api/events/${eventId}/waiting-room/pass`, { method: 'POST', body: { deviceId } });
}
