import { sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { CashDrawerView, OpenDrawerInput } from '../../../shared/schemas/box-office';
import { queryRows, type Db } from '../../db/client';
import { loadWorkableDoorEvent } from '../door/door-event';
import { listDrawerViews } from './drawers';
import { recordAudit, type AuditActor } from '../audit/record-audit';

/**
 * Opens `operatorId`'s cash drawer for an event with a float ('Fundo de troco', centavos >= 0) on
 * a device. One open drawer per operator and event (unique index cash_drawers_one_open): when one
 * is open already, that one is answered, unchanged (a second tap, another device of the same
 * operator). The box office works the events a door may work (door/door-event.ts
 * loadWorkableDoorEvent: published or with tickets, its door, `opensMinutesBefore` minutes before
 * the start, not closed yet). Throws DomainError('event_not_found') for an unknown, cancelled or
 * unworkable event (a draft, one whose door closed). A drawer opened now is recorded in the audit
 * trail by `actor` (docs/rules/audit.md 'What is recorded').
 */
export async function openDrawer(
  db: Db,
  operatorId: string,
  input: OpenDrawerInput,
  opensMinutesBefore: number,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<CashDrawerView> {
  const door = await loadWorkableDoorEvent(db, input.eventId, opensMinutesBefore, now);
  if (door.isCancelled) throw new DomainError('event_not_found');
  await db.transaction(async (tx) => {
    const [opened] = await queryRows<{ id: string }>(
      tx,
      sql`
      INSERT INTO cash_drawers (event_id, operator_id, device_id, float_centavos, opened_at)
      VALUES (${input.eventId}::uuid, ${operatorId}, ${input.deviceId}, ${input.floatCentavos}, ${now})
      ON CONFLICT (event_id, operator_id) WHERE closed_at IS NULL DO NOTHING RETURNING id`,
    );
    if (!opened) return;
    await recordAudit(tx, actor, {
      action: 'drawer.opened',
      objectType: 'drawer',
      objectId: opened.id,
      eventId: input.eventId,
      changes: { floatCentavos: input.floatCentavos },
    });
  });
  const [open] = await queryRows<{ id: string }>(
    db,
    sql`
    SELECT id FROM cash_drawers WHERE event_id = ${input.eventId}::uuid AND operator_id = ${operatorId} AND closed_at IS NULL`,
  );
  const [view] = await listDrawerViews(db, { drawerId: open.id });
  return view;
}

/** `operatorId`'s open drawer for `eventId`, or null (the box office screen asks for a float then). */
export async function findOpenDrawer(db: Db, operatorId: string, eventId: string): Promise<CashDrawerView | null> {
  const [open] = await queryRows<{ id: string }>(
    db,
    sql`
    SELECT id FROM cash_drawers WHERE event_id = ${eventId}::uuid AND operator_id = ${operatorId} AND closed_at IS NULL`,
  );
  if (!open) return null;
  const [view] = await listDrawerViews(db, { drawerId: open.id });
  return view;
}
