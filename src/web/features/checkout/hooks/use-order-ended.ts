import { useEffect } from 'react';
import { toast } from 'sonner';
import { errorMessages } from '../../../../shared/errors';
import type { OrderStatus } from '../../../../shared/schemas/orders';

/**
 * Whether a payment step's order can no longer be paid: expired (by the server, or by its own
 * countdown reaching 0 while `counting`), failed, cancelled or refunded. Expiry is also said once
 * in a toast (`toastId` keeps it to one per order).
 */
export function useOrderEnded(
  order: { status: OrderStatus; expiresAt: string | null } | undefined,
  remainingMs: number,
  counting: boolean,
  toastId: string,
): { isExpired: boolean; isEnded: boolean } {
  const status = order?.status;
  const isExpired = status === 'expired' || (status === 'pending' && counting && Boolean(order?.expiresAt) && remainingMs === 0);
  const isEnded = isExpired || status === 'failed' || status === 'cancelled' || status === 'refunded';
  useEffect(() => {
    if (isExpired) toast.error(errorMessages.order_expired, { id: toastId });
  }, [isExpired, toastId]);
  return { isExpired, isEnded };
}
