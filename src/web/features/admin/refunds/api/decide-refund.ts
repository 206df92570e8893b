import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminRefund } from '../../../../../shared/schemas/admin-refunds';
import { ActionKey, api } from '../../../../lib/api';

export interface DecideRefundVariables {
  refundId: string;
  decision: 'approve' | 'reject';
  adminNotes: string | null;
}

// docs/rules/idempotency.md 'The web app'.
const deciding = new ActionKey();

/** POST /api/admin/refunds/{id}/approve or /reject; answers the refund as decided. */
export function decideRefund({ refundId, decision, adminNotes }: DecideRefundVariables) {
  return api<AdminRefund>(`/api/admin/refunds/${encodeURIComponent(refundId)}/${decision}`, {
    method: 'POST',
    body: { adminNotes },
    idempotencyKey: deciding,
  });
}

/** Approves or rejects a refund, then refreshes every back-office list (stock and sales changed too). */
export function useDecideRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideRefund,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
