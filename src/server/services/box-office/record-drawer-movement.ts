import { sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { CashDrawerView, DrawerMovementInput } from '../../../shared/schemas/box-office';
import { queryRows, type Db } from '../../db/client';
import { listDrawerViews, loadDrawer } from './drawers';
import { recordAudit, type AuditActor } from '../audit/record-audit';

/**
 * Records cash taken out of an open drawer ('Sangria', a withdrawal) or put in ('Suprimento'), in
 * centavos (> 0), by its operator. A movement sent again to the same drawer with the same `nonce`
 * is recorded once (drawer_movements_drawer_nonce_unique); another drawer's nonces do not count. Throws DomainError: drawer_not_found (none, or another
 * operator's); drawer_closed (its close was recorded). A movement recorded now is also recorded in
 * the audit trail by `actor` (docs/rules/audit.md 'What is recorded').
 */
export async function recordDrawerMovement(
  db: Db,
  operatorId: string,
  drawerId: string,
  input: DrawerMovementInput,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<CashDrawerView> {
  await db.transaction(async (tx) => {
    const drawer = await loadDrawer(tx, drawerId, operatorId, true);
    if (drawer.closed_at) throw new DomainError('drawer_closed');
    const [movement] = await queryRows<{ id: string }>(
      tx,
      sql`
      INSERT INTO drawer_movements (drawer_id, kind, amount_centavos, note, nonce, created_by, created_at)
      VALUES (${drawerId}::uuid, ${input.kind}, ${input.amountCentavos}, ${input.note || null}, ${input.nonce ?? null}, ${operatorId}, ${now})
      ON CONFLICT (drawer_id, nonce) DO NOTHING RETURNING id`,
    );
    if (!movement) return;
    await recordAudit(tx, actor, {
      action: 'drawer.movement',
      objectType: 'drawer',
      objectId: drawerId,
      eventId: drawer.event_id,
      changes: { kind: input.kind, amountCentavos: input.amountCentavos, ...(input.note ? { note: input.note } : {}) },
    });
  });
  const [view] = await listDrawerViews(db, { drawerId });
  return view;
}
