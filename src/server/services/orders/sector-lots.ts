import { sql } from 'drizzle-orm';
import type { SaleLot } from '../../domain/lots';
import { queryRows, type Db, type Tx } from '../../db/client';

/**
 * The lots of every sector of `eventIds`, as the sale reads them (domain/lots.ts SaleLot: prices in
 * centavos, instants UTC), by sector id, each sector's lots in position order. The lots are read,
 * not locked: a sector's row is the lock of its lots (orders/sale-state.ts loadSaleState locks the
 * sectors first). Sectors without lots are absent.
 */
export async function loadSectorLots(db: Db | Tx, eventIds: string[]): Promise<Map<string, SaleLot[]>> {
  const bySector = new Map<string, SaleLot[]>();
  if (eventIds.length === 0) return bySector;
  const rows = await queryRows<{
    id: string;
    ticket_type_id: string;
    position: number;
    price_centavos: number;
    quantity: number;
    remaining: number;
    starts_at: Date | string | null;
    ends_at: Date | string | null;
  }>(
    db,
    sql`
    SELECT l.id, l.ticket_type_id, l.position, l.price_centavos, l.quantity, l.remaining, l.starts_at, l.ends_at
    FROM ticket_lots l JOIN ticket_types t ON t.id = l.ticket_type_id
    WHERE t.event_id = ANY(${sql.param(eventIds)}::uuid[]) ORDER BY l.ticket_type_id, l.position`,
  );
  for (const l of rows) {
    const lot: SaleLot = {
      id: l.id,
      position: Number(l.position),
      priceCentavos: Number(l.price_centavos),
      quantity: Number(l.quantity),
      remaining: Number(l.remaining),
      startsAt: l.starts_at === null ? null : new Date(l.starts_at),
      endsAt: l.ends_at === null ? null : new Date(l.ends_at),
    };
    const lots = bySector.get(l.ticket_type_id);
    if (lots) lots.push(lot);
    else bySector.set(l.ticket_type_id, [lot]);
  }
  return bySector;
}
