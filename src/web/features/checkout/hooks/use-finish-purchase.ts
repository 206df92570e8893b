import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

/** After a paid (or free) order: refresh tickets and stock, then go to 'Meus ingressos' (SPEC.md section 4). */
export function useFinishPurchase() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['tickets'] });
    void queryClient.invalidateQueries({ queryKey: ['events'] });
    navigate('/tickets');
  };
}
