import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddGuestEntryInput, GuestEntryView } from '../../../../shared/schemas/guest-lists';
import { api } from '../../../lib/api';
import { guestListKeys } from './keys';

/** POST /api/guest-lists/:id/entries: the owner adds a name by hand. */
export function addGuestEntry(listId: string, input: AddGuestEntryInput): Promise<GuestEntryView> {
  return api(`/api/guest-lists/${listId}/entries`, { method: 'POST', body: input });
}

export function useAddGuestEntry(listId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddGuestEntryInput) => addGuestEntry(listId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guestListKeys.all }),
  });
}
