import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTransferInput, TransferView } from '../../../../shared/schemas/transfers';
import { api } from '../../../lib/api';
import { ticketKeys } from './keys';

/** POST /api/tickets/:id/transfers: 'Transferir ingresso' to a name and e-mail (and CPF where the event is nominal). */
export function createTransfer({ ticketId, ...body }: CreateTransferInput & { ticketId: string }): Promise<TransferView> {
  return api<TransferView>(`/api/tickets/${encodeURIComponent(ticketId)}/transfers`, { method: 'POST', body });
}

export function useCreateTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTransfer,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ticketKeys.people() }),
  });
}
