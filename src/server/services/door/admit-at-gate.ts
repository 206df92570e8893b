import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client';
import { admitScansInTx } from './admit-scans';
import { loadDoorEvent, scanTurnAt } from './door-event';

/** Where the door records an admission made at the box office. */
const BOX_OFFICE_GATE = 'Bilheteria';

/**
 * Admits every ticket of an order at the gate 'Bilheteria' by hand, inside the caller's
 * transaction (the one that sells it, or that confirms its payment), through the door's one
 * admission path (admit-scans.ts admitScansInTx: decideScan, the check-ins recorded, the unique
 * index of one entry per turn). Each ticket's scan carries the nonce `<sale nonce>:<n>` (tickets
 * in code order), so the same sale is never admitted twice. `validatorId` null: the operator of
 * the order's cash drawer. `at` is the UTC instant of the entry (the device's time for a sale made
 * offline, `offline` true then); the entry is weighed as a scan at the door at `at` would be
 * (door-event.ts scanTurnAt: the door's window with `opensMinutesBefore`, the session it admits
 * to), so a ticket whose payment is confirmed after the door closed is issued but not admitted.
 * Returns how many tickets were admitted.
 */
export async function admitOrderInTx(
  tx: Tx,
  opensMinutesBefore: number,
  sale: {
    orderId: string;
    eventId: string;
    validatorId: string | null;
    deviceId: string | null;
    nonce: string;
    at: Date;
    offline: boolean;
  },
): Promise<number> {
  const issued = await queryRows<{ id: string; code: string; operator_id: string | null }>(
    tx,
    sql`
    SELECT t.id, t.code, d.operator_id FROM tickets t JOIN orders o ON o.id = t.order_id LEFT JOIN cash_drawers d ON d.id = o.drawer_id
    WHERE t.order_id = ${sale.orderId}::uuid ORDER BY t.code`,
  );
  if (issued.length === 0) return 0;
  const validatorId = sale.validatorId ?? issued[0].operator_id;
  if (!validatorId) throw new Error(`no operator to admit order ${sale.orderId} at the box office`);
  const turn = scanTurnAt(await loadDoorEvent(tx, sale.eventId, opensMinutesBefore), sale.at);
  const outcomes = await admitScansInTx(
    tx,
    issued.map((ticket, n) => ({
      ticket: { ticketId: ticket.id },
      scannedCode: ticket.code,
      doorEventId: sale.eventId,
      window: turn.state,
      session: turn.session,
      exitScans: turn.exitScans,
      at: sale.at,
      record: {
        validatorId,
        location: BOX_OFFICE_GATE,
        deviceId: sale.deviceId,
        nonce: `${sale.nonce}:${n}`,
        offline: sale.offline,
        manual: true,
      },
    })),
  );
  return outcomes.filter((outcome) => outcome.decision.admitted).length;
}
