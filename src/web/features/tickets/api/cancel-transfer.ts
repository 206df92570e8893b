import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TransferCancelled } from '../../../../shared/schemas/transfers';
import { api } from '../../../lib/api';
import { ticketKeys } from './keys';

/** POST /api/transfers/:id/cancel: the sender withdraws a pending transfer; the ticket stays theirs. */
export function cancelTransfer(transferId: string): Promise<TransferCancelled> {
  return api(`/api/transfers/${encodeURIComponent(transferId)}/cancel`, { method: 'POST', body: {} });
}

export function useCancelTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelTransfer,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ticketKeys.people() }),
  });
}
