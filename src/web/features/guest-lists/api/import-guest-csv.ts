import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuestImportResult } from '../../../../shared/schemas/guest-lists';
import { api } from '../../../lib/api';
import { guestListKeys } from './keys';

/** POST /api/guest-lists/:id/import: names from a CSV file's text (nome,email,cpf). */
export function importGuestCsv(listId: string, csv: string): Promise<GuestImportResult> {
  return api(`/api/guest-lists/${listId}/import`, { method: 'POST', body: { csv } });
}

export function useImportGuestCsv(listId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => importGuestCsv(listId, csv),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guestListKeys.all }),
  });
}
