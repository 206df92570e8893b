import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { doorKeys } from './keys';

/** An event the door may pick; date 'yyyy-MM-dd', start 'HH:mm:ss' (America/Sao_Paulo). */
export interface CheckInEvent {
  id: string;
  title: string;
  date: string;
  startTime: string;
}

/** GET /api/check-ins/events */
export async function getCheckInEvents(signal?: AbortSignal): Promise<CheckInEvent[]> {
  const body = await api<{ events: CheckInEvent[] }>('/api/check-ins/events', { signal });
  return body.events;
}

export const checkInEventsQueryOptions = () =>
  queryOptions({ queryKey: doorKeys.events(), queryFn: ({ signal }) => getCheckInEvents(signal), staleTime: 5 * 60_000 });

export function useCheckInEvents() {
  return useQuery(checkInEventsQueryOptions());
}
