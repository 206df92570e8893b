import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyRefund, RequestRefundInput } from '../../../../shared/schemas/refunds';
import { ActionKey, api } from '../../../lib/api';
import { refundKeys } from './keys';

// docs/rules/idempotency.md 'The web app'.
const requesting = new ActionKey();

/** POST /api/refunds: asks for the refund of some tickets of an order (all when ticketIds is left out); the server sets the amount. */
export function requestRefund(input: RequestRefundInput): Promise<MyRefund> {
  return api<MyRefund>('/api/refunds', { method: 'POST', body: input, idempotencyKey: requesting });
}

export function useRequestRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestRefund,
    // Success or refusal (e.g. already requested elsewhere): both lists may have changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: refundKeys.all }),
  });
}
