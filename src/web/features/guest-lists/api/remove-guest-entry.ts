import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { guestListKeys } from './keys';

/** DELETE /api/guest-lists/:id/entries/:entryId: the owner takes a name off the list. */
export function removeGuestEntry(listId: string, entryId: string): Promise<void> {
  return api(`/api/guest-lists/${listId}/entries/${entryId}`, { method: 'DELETE' });
}

export function useRemoveGuestEntry(listId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) => removeGuestEntry(listId, entryId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: guestListKeys.all }),
  });
}
