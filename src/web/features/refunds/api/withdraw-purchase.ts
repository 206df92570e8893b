import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyRefund, WithdrawPurchaseInput } from '../../../../shared/schemas/refunds';
import { ActionKey, api } from '../../../lib/api';
import { refundKeys } from './keys';

// docs/rules/idempotency.md 'The web app'.
const withdrawing = new ActionKey();

/** POST /api/refunds/withdraw: 'Cancelar compra' within the withdrawal window; refunded at once, the server sets the amount. */
export function withdrawPurchase(input: WithdrawPurchaseInput): Promise<MyRefund> {
  return api<MyRefund>('/api/refunds/withdraw', { method: 'POST', body: input, idempotencyKey: withdrawing });
}

export function useWithdrawPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawPurchase,
    // Success or refusal (the window just closed): both lists may have changed, and so have the tickets.
    onSettled: () => queryClient.invalidateQueries({ queryKey: refundKeys.all }),
  });
}
