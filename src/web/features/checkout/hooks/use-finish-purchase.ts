import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { OrderView } from '../../../../shared/schemas/orders';
import { orderKeys } from '../api/keys';
import { confirmationPath } from '../lib/confirmation';

/**
 * The order just paid: among the orders in the cache (every checkout writes the placed order
 * there and its payment step keeps it fresh), the completed one updated last.
 */
function lastCompletedOrderId(queryClient: QueryClient): string | null {
  let latest: { id: string; updatedAt: number } | null = null;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: orderKeys.all })) {
    const order = query.state.data as OrderView | undefined;
    if (query.queryKey[1] !== 'detail' || order?.status !== 'completed') continue;
    if (!latest || query.state.dataUpdatedAt > latest.updatedAt) latest = { id: order.id, updatedAt: query.state.dataUpdatedAt };
  }
  return latest?.id ?? null;
}

/**
 * After a paid (or free) order: refresh tickets and stock, then show the purchase's confirmation
 * ('Compra confirmada!'), or 'Meus ingressos' when the order is not known here.
 */
export function useFinishPurchase() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (orderId?: string) => {
    void queryClient.invalidateQueries({ queryKey: ['tickets'] });
    void queryClient.invalidateQueries({ queryKey: ['events'] });
    const paidOrderId = orderId ?? lastCompletedOrderId(queryClient);
    navigate(paidOrderId ? confirmationPath(paidOrderId) : '/tickets');
  };
}
