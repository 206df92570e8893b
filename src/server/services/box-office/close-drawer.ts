import { sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { CashDrawerView } from '../../../shared/schemas/box-office';
import { closeDrawerCount, expectedDrawerCentavos } from '../../domain/box-office';
import { queryRows, type Db } from '../../db/client';
import { drawerSums, listDrawerViews, loadDrawer } from './drawers';
import { recordAudit, type AuditActor } from '../audit/record-audit';

/**
 * Closes a drawer once with what its operator counted (centavos >= 0): with the drawer locked,
 * what the system expects (domain/box-office.ts expectedDrawerCentavos: float + cash sales − cash
 * refunds − withdrawals + supplies) is stored beside the count, and the difference is counted −
 * expected. Only the operator who opened it, or an admin (`operatorId` null), closes it. Throws
 * DomainError: drawer_not_found; drawer_count_invalid (negative or fractional count, field
 * 'countedCentavos'); drawer_closed ('Este caixa já foi fechado', a second close changes nothing).
 * The close is recorded in the audit trail by `actor` (docs/rules/audit.md 'What is recorded').
 */
export async function closeDrawer(
  db: Db,
  operatorId: string | null,
  drawerId: string,
  countedCentavos: number,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<CashDrawerView> {
  await db.transaction(async (tx) => {
    const drawer = await loadDrawer(tx, drawerId, operatorId, true);
    if (drawer.closed_at) throw new DomainError('drawer_closed');
    const sums = (await drawerSums(tx, [drawerId])).get(drawerId)!;
    const count = closeDrawerCount(countedCentavos, expectedDrawerCentavos({ floatCentavos: Number(drawer.float_centavos), ...sums }));
    const closed = await queryRows<{ id: string }>(
      tx,
      sql`
      UPDATE cash_drawers SET closed_at = ${now}, counted_centavos = ${count.countedCentavos}, expected_centavos = ${count.expectedCentavos}
      WHERE id = ${drawerId}::uuid AND closed_at IS NULL RETURNING id`,
    );
    if (closed.length === 0) throw new DomainError('drawer_closed');
    await recordAudit(tx, actor, {
      action: 'drawer.closed',
      objectType: 'drawer',
      objectId: drawerId,
      eventId: drawer.event_id,
      changes: {
        countedCentavos: count.countedCentavos,
        expectedCentavos: count.expectedCentavos,
        differenceCentavos: count.countedCentavos - count.expectedCentavos,
      },
    });
  });
  const [view] = await listDrawerViews(db, { drawerId });
  return view;
}
