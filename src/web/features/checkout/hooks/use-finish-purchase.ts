import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { confirmationPath } from '../lib/confirmation';

/** After a paid (or free) order: refresh tickets and stock, then show the purchase's confirmation ('Compra confirmada!'). */
export function useFinishPurchase() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (orderId: string) => {
    void queryClient.invalidateQueries({ queryKey: ['tickets'] });
    void queryClient.invalidateQueries({ queryKey: ['events'] });
    navigate(confirmationPath(orderId));
  };
}
