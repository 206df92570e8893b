import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DoorEvent, DoorEvents } from '../../../../shared/schemas/tickets';
import { api } from '../../../lib/api';
import { doorKeys } from './keys';

/** GET /api/door/events: today's events first, then the next ones. */
export async function getDoorEvents(signal?: AbortSignal): Promise<DoorEvent[]> {
  const body = await api<DoorEvents>('/api/door/events', { signal });
  return body.events;
}

export const doorEventsQueryOptions = () =>
  queryOptions({ queryKey: doorKeys.events(), queryFn: ({ signal }) => getDoorEvents(signal), staleTime: 60_000 });

export function useDoorEvents() {
  return useQuery(doorEventsQueryOptions());
}
