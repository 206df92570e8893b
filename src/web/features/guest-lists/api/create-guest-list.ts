import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateGuestListInput, GuestListView } from '../../../../shared/schemas/guest-lists';
import { api } from '../../../lib/api';
import { guestListKeys } from './keys';

/** POST /api/admin/events/:id/guest-lists: the back office creates a list. */
export function createGuestList(eventId: string, input: CreateGuestListInput): Promise<GuestListView> {
  return api(`/api/admin/events/${eventId}/guest-lists`, { method: 'POST', body: input });
}

export function useCreateGuestList(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateGuestListInput) => createGuestList(eventId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guestListKeys.all }),
  });
}
