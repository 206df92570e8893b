import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import type { OrderStatus } from '../../../../shared/schemas/orders';

/** Calls `onPaid` once, with the success toast, when the watched order becomes 'completed'. */
export function useOrderPaid(status: OrderStatus | undefined, onPaid: () => void, message: string) {
  const handled = useRef(false);
  useEffect(() => {
    if (status !== 'completed' || handled.current) return;
    handled.current = true;
    toast.success(message);
    onPaid();
  }, [status, onPaid, message]);
}
