import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyWaitlist } from '../../../../shared/schemas/waitlist';
import { api } from '../../../lib/api';
import { waitlistKeys } from './keys';

/** GET /api/events/:id/waitlist: the person's places on the event's waiting lists, with any offer. */
export function getMyWaitlist(eventId: string, signal?: AbortSignal): Promise<MyWaitlist> {
  return api<MyWaitlist>(`/api/events/${eventId}/waitlist`, { signal });
}

/** While someone waits, asked again every 10 s so an offer shows as soon as a unit frees up. */
export const myWaitlistQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: waitlistKeys.mine(eventId),
    queryFn: ({ signal }) => getMyWaitlist(eventId, signal),
    staleTime: 5_000,
    refetchInterval: (query) => ((query.state.data?.entries.length ?? 0) > 0 ? 10_000 : false),
  });

/** The signed-in person's places on the waiting lists of `eventId`; off while signed out. */
export function useMyWaitlist(eventId: string, isSignedIn: boolean) {
  return useQuery({ ...myWaitlistQueryOptions(eventId), enabled: isSignedIn && eventId !== '' });
}
