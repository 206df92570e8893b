import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { CHECKOUT_TOAST } from './use-checkout-api-error';
import type { OrderStatus } from '../../../../shared/schemas/orders';

/** Calls `onPaid` once, with the success toast, when the watched order becomes 'completed'. */
export function useOrderPaid(status: OrderStatus | undefined, onPaid: () => void, message: string) {
  const handled = useRef(false);
  useEffect(() => {
    if (status !== 'completed' || handled.current) return;
    handled.current = true;
    toast.success(message, { id: CHECKOUT_TOAST });
    onPaid();
  }, [status, onPaid, message]);
}
