import type { RefundStatus } from '../../../../../shared/schemas/refunds';

/** Query keys of the back office's refunds. */
export const adminRefundKeys = {
  all: ['admin', 'refunds'] as const,
  lists: () => [...adminRefundKeys.all, 'list'] as const,
  list: (filter: { status: RefundStatus | null; page: number }) => [...adminRefundKeys.lists(), filter] as const,
};
