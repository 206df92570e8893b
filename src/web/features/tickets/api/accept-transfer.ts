import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcceptTransferInput, TransferAccepted } from '../../../../shared/schemas/transfers';
import { ActionKey, api } from '../../../lib/api';
import { ticketKeys } from './keys';

// docs/rules/idempotency.md 'The web app'.
const accepting = new ActionKey();

/** POST /api/transfers/accept: the recipient takes the ticket (by the link's token or, in the app, by the transfer's id). */
export function acceptTransfer(body: AcceptTransferInput): Promise<TransferAccepted> {
  return api('/api/transfers/accept', { method: 'POST', body, idempotencyKey: accepting });
}

export function useAcceptTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptTransfer,
    // Taken now, or refused because it changed meanwhile: 'Meus ingressos' and the link's page read again.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
