import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { waitlistKeys } from './keys';

/** DELETE /api/waitlist/:id: leaves a waiting list. */
export function leaveWaitlist(entryId: string): Promise<void> {
  return api<void>(`/api/waitlist/${entryId}`, { method: 'DELETE' });
}

export function useLeaveWaitlist(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveWaitlist,
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitlistKeys.mine(eventId) }),
  });
}
