import { sql } from 'drizzle-orm';
import type { DrawerSale } from '../../../shared/schemas/box-office';
import { queryRows, type Db } from '../../db/client';
import { loadDrawer } from './drawers';

/**
 * The sales taken in a drawer of `operatorId`, newest first (at most 100): when, how paid, total
 * (centavos), units and state, and whether it can still be refunded at the box office (completed,
 * no ticket admitted). Throws DomainError('drawer_not_found').
 */
export async function listDrawerSales(db: Db, operatorId: string, drawerId: string): Promise<DrawerSale[]> {
  await loadDrawer(db, drawerId, operatorId);
  const rows = await queryRows<{
    id: string;
    created_at: Date | string;
    payment_method: DrawerSale['paymentMethod'];
    total_centavos: number;
    status: string;
    units: number;
    admitted: number;
  }>(
    db,
    sql`
    SELECT o.id, o.created_at, o.payment_method, o.total_centavos, o.status,
      (SELECT count(*)::int FROM tickets t WHERE t.order_id = o.id) AS units,
      (SELECT count(*)::int FROM tickets t WHERE t.order_id = o.id AND t.checked_in_at IS NOT NULL) AS admitted
    FROM orders o WHERE o.drawer_id = ${drawerId}::uuid ORDER BY o.created_at DESC, o.id LIMIT 100`,
  );
  return rows.map((r) => ({
    orderId: r.id,
    createdAt: new Date(r.created_at).toISOString(),
    paymentMethod: r.payment_method,
    totalCentavos: Number(r.total_centavos),
    status: r.status,
    units: Number(r.units),
    canRefund: r.status === 'completed' && Number(r.admitted) === 0,
  }));
}
