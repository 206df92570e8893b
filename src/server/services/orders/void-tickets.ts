import { sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { Concession } from '../../../shared/concessions';
import { queryRows, type Tx } from '../../db/client';
import { moveHoldings, ticketUnitsSql } from './cpf-holdings';
import { returnUnits } from './inventory';

/** What voidTickets voided: each ticket with the item it came from, and whether the order is left with no valid ticket. */
export interface VoidedTickets {
  tickets: { id: string; orderItemId: string; refundId: string | null }[];
  /** True when no ticket of the order is valid any more (the order was then marked 'refunded'). */
  orderEnded: boolean;
}

/**
 * The one voider of tickets of a paid order, for every way they leave (a refund approved or
 * withdrawn, an event cancelled, a box-office sale paid back): inside the caller's transaction,
 * with the order row already locked by it (the lock order of every writer: orders, then tickets,
 * then stock), the still-valid tickets among `ticketIds` become `status` ('refunded' or
 * 'cancelled': the door refuses them with that reason) and, with `refundId`, are tied to that
 * refund; their units go back to the lots they came from through inventory.ts returnUnits (the one
 * writer of counters: half-price units leave the sector's half_taken, and in a sector with people
 * waiting the units go to the waiting list); the order becomes 'refunded' once none of its tickets
 * is left valid. With `refuseAdmitted`, a ticket that already got in at the door refuses it all
 * with DomainError('order_not_refundable', { reason: 'checked_in' }) before any unit moves (the
 * caller's transaction then rolls back). Tickets no longer valid are left as they are. `now` (UTC
 * instant) is the order's updated_at and dates waiting-list offers. Returns what was voided.
 */
export async function voidTickets(
  tx: Tx,
  input: {
    orderId: string;
    ticketIds: string[];
    status: 'refunded' | 'cancelled';
    now: Date;
    refundId?: string | null;
    refuseAdmitted?: boolean;
  },
): Promise<VoidedTickets> {
  const { orderId, status, now } = input;
  // Locks the tickets against a scan at the door: a check-in that committed first shows up here;
  // one that comes after finds the ticket no longer valid.
  const voided =
    input.ticketIds.length === 0
      ? []
      : await queryRows<{ id: string; order_item_id: string; refund_id: string | null; checked_in_at: Date | string | null }>(
          tx,
          sql`
    UPDATE tickets SET status = ${status}, refund_id = coalesce(${input.refundId ?? null}::uuid, refund_id)
    WHERE order_id = ${orderId}::uuid AND id IN (${sql.join(
      input.ticketIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) AND status = 'valid'
    RETURNING id, order_item_id, refund_id, checked_in_at`,
        );
  if (input.refuseAdmitted && voided.some((t) => t.checked_in_at !== null))
    throw new DomainError('order_not_refundable', { reason: 'checked_in' });

  const items = await queryRows<{ id: string; ticket_type_id: string | null; lot_id: string | null; concession: Concession | null }>(
    tx,
    sql`
    SELECT id, ticket_type_id, lot_id, concession FROM order_items WHERE order_id = ${orderId}::uuid`,
  );
  const itemById = new Map(items.map((item) => [item.id, item]));
  await returnUnits(
    tx,
    voided.flatMap((t) => {
      const item = itemById.get(t.order_item_id);
      return item ? [{ sectorId: item.ticket_type_id, lotId: item.lot_id, concession: item.concession, quantity: 1 }] : [];
    }),
    now,
  );
  if (voided.length > 0) await moveHoldings(tx, ticketUnitsSql(sql`t.id = ANY(${sql.param(voided.map((t) => t.id))}::uuid[])`), -1);
  const ended = await queryRows<{ id: string }>(
    tx,
    sql`
    UPDATE orders SET status = 'refunded', updated_at = ${now}
    WHERE id = ${orderId}::uuid AND NOT EXISTS (SELECT 1 FROM tickets WHERE order_id = ${orderId}::uuid AND status = 'valid')
    RETURNING id`,
  );
  return { tickets: voided.map((t) => ({ id: t.id, orderItemId: t.order_item_id, refundId: t.refund_id })), orderEnded: ended.length > 0 };
}
