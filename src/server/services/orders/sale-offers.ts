import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client';
import type { SaleOffer } from '../../domain/waitlist';

/**
 * Reads the waiting-list offers `offerIds` names with their rows locked, inside the sale's
 * transaction after its sectors (the lock order every writer of offers follows: sectors, then
 * offers, then entries). Without `lock` (a quote) it only reads. Returns them by id; an unknown
 * id is simply absent.
 */
export async function readOffers(tx: Db | Tx, offerIds: string[], lock = true): Promise<Map<string, SaleOffer>> {
  const ids = [...new Set(offerIds)];
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{
    id: string;
    user_id: string;
    ticket_type_id: string;
    lot_id: string;
    quantity: number;
    unit_price_centavos: number;
    status: SaleOffer['status'];
    expires_at: Date | string;
  }>(
    tx,
    sql`
    SELECT id, user_id, ticket_type_id, lot_id, quantity, unit_price_centavos, status, expires_at FROM waitlist_offers
    WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) ORDER BY id ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        userId: row.user_id,
        sectorId: row.ticket_type_id,
        lotId: row.lot_id,
        quantity: Number(row.quantity),
        unitPriceCentavos: Number(row.unit_price_centavos),
        status: row.status,
        expiresAt: new Date(row.expires_at),
      },
    ]),
  );
}

/**
 * Marks offers used by the orders placed with them ('taken', with the order), and their entries
 * 'purchased', inside the sale's transaction. Returns the units of each offer the order did not
 * take, per sector and lot: the caller frees them (inventory.ts returnUnits), so they go to the
 * next in line or back on sale. `now` is a UTC instant.
 */
export async function takeOffers(
  tx: Tx,
  taken: { offer: SaleOffer; orderId: string; quantity: number }[],
  now: Date,
): Promise<{ sectorId: string; lotId: string; quantity: number }[]> {
  for (const { offer, orderId } of taken) {
    await tx.execute(sql`
      WITH used AS (UPDATE waitlist_offers SET status = 'taken', order_id = ${orderId}::uuid WHERE id = ${offer.id}::uuid RETURNING entry_id)
      UPDATE waitlist_entries SET status = 'purchased', updated_at = ${now} WHERE id IN (SELECT entry_id FROM used)`);
  }
  return taken
    .filter(({ offer, quantity }) => offer.quantity > quantity)
    .map(({ offer, quantity }) => ({ sectorId: offer.sectorId, lotId: offer.lotId, quantity: offer.quantity - quantity }));
}
