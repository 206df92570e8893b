import { sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { CashDrawerView } from '../../../shared/schemas/box-office';
import { expectedDrawerCentavos, type DrawerMoves } from '../../domain/box-office';
import { queryRows, type Db, type Tx } from '../../db/client';

/** A drawer's row as the box office reads it. */
export interface DrawerRow {
  id: string;
  event_id: string;
  operator_id: string | null;
  float_centavos: number;
  opened_at: Date | string;
  closed_at: Date | string | null;
}

/**
 * The drawer `drawerId` of `operatorId`, read (and with `lock`, locked for update) inside `db`.
 * An admin reads any drawer (`operatorId` null). Throws DomainError('drawer_not_found') when there
 * is no such drawer or it is another operator's.
 */
export async function loadDrawer(db: Db | Tx, drawerId: string, operatorId: string | null, lock = false): Promise<DrawerRow> {
  const [drawer] = await queryRows<DrawerRow>(
    db,
    sql`
    SELECT id, event_id, operator_id, float_centavos, opened_at, closed_at FROM cash_drawers WHERE id = ${drawerId}::uuid ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!drawer || (operatorId !== null && drawer.operator_id !== operatorId)) throw new DomainError('drawer_not_found');
  return drawer;
}

/**
 * The sums of cash that went through each drawer of `drawerIds` (domain/box-office.ts DrawerMoves,
 * float excluded) and the card-machine and PIX takings beside them, in centavos: cash sales are
 * the totals of its cash orders that were paid (completed, or refunded after being paid); cash
 * refunds the refunds paid back of those orders; withdrawals and supplies its movements. Summed
 * in 64 bits: no sum of amounts overflows.
 */
export async function drawerSums(
  db: Db | Tx,
  drawerIds: string[],
): Promise<Map<string, Omit<DrawerMoves, 'floatCentavos'> & { cardMachineCentavos: number; pixCentavos: number }>> {
  const sums = new Map<string, Omit<DrawerMoves, 'floatCentavos'> & { cardMachineCentavos: number; pixCentavos: number }>();
  if (drawerIds.length === 0) return sums;
  const ids = sql`ARRAY[${sql.join(
    drawerIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;
  const rows = await queryRows<{
    id: string;
    cash: number;
    card: number;
    pix: number;
    refunds: number;
    withdrawals: number;
    supplies: number;
  }>(
    db,
    sql`
    SELECT d.id,
      (SELECT coalesce(sum(o.total_centavos), 0)::bigint FROM orders o WHERE o.drawer_id = d.id AND o.payment_method = 'cash' AND o.completed_at IS NOT NULL) AS cash,
      (SELECT coalesce(sum(o.total_centavos), 0)::bigint FROM orders o WHERE o.drawer_id = d.id AND o.payment_method = 'card_machine' AND o.completed_at IS NOT NULL) AS card,
      (SELECT coalesce(sum(o.total_centavos), 0)::bigint FROM orders o WHERE o.drawer_id = d.id AND o.payment_method = 'pix' AND o.completed_at IS NOT NULL) AS pix,
      (SELECT coalesce(sum(r.amount_centavos), 0)::bigint FROM refunds r JOIN orders o ON o.id = r.order_id
        WHERE o.drawer_id = d.id AND o.payment_method = 'cash' AND r.status = 'processed') AS refunds,
      (SELECT coalesce(sum(m.amount_centavos), 0)::bigint FROM drawer_movements m WHERE m.drawer_id = d.id AND m.kind = 'withdrawal') AS withdrawals,
      (SELECT coalesce(sum(m.amount_centavos), 0)::bigint FROM drawer_movements m WHERE m.drawer_id = d.id AND m.kind = 'supply') AS supplies
    FROM cash_drawers d WHERE d.id = ANY(${ids})`,
  );
  for (const r of rows) {
    sums.set(r.id, {
      cashSalesCentavos: Number(r.cash),
      cashRefundsCentavos: Number(r.refunds),
      withdrawalsCentavos: Number(r.withdrawals),
      suppliesCentavos: Number(r.supplies),
      cardMachineCentavos: Number(r.card),
      pixCentavos: Number(r.pix),
    });
  }
  return sums;
}

/**
 * The drawers of `filter` (an event, one operator, or one drawer) as the box office and the back
 * office show them: operator, float, what went through, expected (live while open, as stored at
 * the close), counted and difference, and how many synced sales were refused as conflicts.
 * Newest first. Amounts in centavos, instants UTC ISO.
 */
export async function listDrawerViews(
  db: Db | Tx,
  filter: { eventId?: string; operatorId?: string; drawerId?: string },
): Promise<CashDrawerView[]> {
  const rows = await queryRows<{
    id: string;
    event_id: string;
    event_title: string;
    operator_name: string | null;
    operator_email: string | null;
    device_id: string | null;
    float_centavos: number;
    opened_at: Date | string;
    closed_at: Date | string | null;
    counted_centavos: number | null;
    expected_centavos: number | null;
    conflicts: number;
  }>(
    db,
    sql`
    SELECT d.id, d.event_id, e.title AS event_title, p.full_name AS operator_name, u.email AS operator_email, d.device_id, d.float_centavos,
           d.opened_at, d.closed_at, d.counted_centavos, d.expected_centavos,
           (SELECT count(*)::int FROM box_office_conflicts c WHERE c.drawer_id = d.id) AS conflicts
    FROM cash_drawers d JOIN events e ON e.id = d.event_id
    LEFT JOIN users u ON u.id = d.operator_id LEFT JOIN profiles p ON p.id = d.operator_id
    WHERE true
      ${filter.eventId ? sql`AND d.event_id = ${filter.eventId}::uuid` : sql``}
      ${filter.operatorId ? sql`AND d.operator_id = ${filter.operatorId}` : sql``}
      ${filter.drawerId ? sql`AND d.id = ${filter.drawerId}::uuid` : sql``}
    ORDER BY d.opened_at DESC, d.id`,
  );
  const sums = await drawerSums(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const s = sums.get(r.id)!;
    const live = expectedDrawerCentavos({ floatCentavos: Number(r.float_centavos), ...s });
    const expected = r.expected_centavos === null ? live : Number(r.expected_centavos);
    const counted = r.counted_centavos === null ? null : Number(r.counted_centavos);
    return {
      id: r.id,
      eventId: r.event_id,
      eventTitle: r.event_title,
      operatorName: r.operator_name ?? r.operator_email ?? 'Operador removido',
      deviceId: r.device_id,
      floatCentavos: Number(r.float_centavos),
      ...s,
      expectedCentavos: expected,
      countedCentavos: counted,
      differenceCentavos: counted === null ? null : counted - expected,
      openedAt: new Date(r.opened_at).toISOString(),
      closedAt: r.closed_at ? new Date(r.closed_at).toISOString() : null,
      conflicts: Number(r.conflicts),
    };
  });
}
