import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTransferInput, TransferView } from '../../../../shared/schemas/transfers';
import { ActionKey, api } from '../../../lib/api';
import { ticketKeys } from './keys';

// docs/rules/idempotency.md 'The web app'.
const transferring = new ActionKey();

/** POST /api/tickets/:id/transfers: 'Transferir ingresso' to a name and e-mail (and CPF where the event is nominal). */
export function createTransfer({ ticketId, ...body }: CreateTransferInput & { ticketId: string }): Promise<TransferView> {
  return api<TransferView>(`/api/tickets/${encodeURIComponent(ticketId)}/transfers`, {
    method: 'POST',
    body,
    idempotencyKey: transferring,
  });
}

export function useCreateTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTransfer,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ticketKeys.people() }),
  });
}
