import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JoinWaitlistInput, WaitlistEntryView } from '../../../../shared/schemas/waitlist';
import { api } from '../../../lib/api';
import { waitlistKeys } from './keys';

/** POST /api/events/:id/waitlist: joins a sold-out sector's waiting list with the quantity wanted. */
export function joinWaitlist(eventId: string, input: JoinWaitlistInput): Promise<WaitlistEntryView> {
  return api<WaitlistEntryView>(`/api/events/${eventId}/waitlist`, { method: 'POST', body: input });
}

export function useJoinWaitlist(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: JoinWaitlistInput) => joinWaitlist(eventId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitlistKeys.mine(eventId) }),
  });
}
