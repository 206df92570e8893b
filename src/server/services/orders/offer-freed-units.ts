import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client';
import { unnestRows } from '../../lib/unnest';
import { allotFreedUnits, offerExpiresAt, offerableFreedUnits, type OfferAllotment } from '../../domain/waitlist';
import { sectorMeia, sectorStock, type SaleState } from '../../domain/sale';
import { loadSaleState } from './sale-state';
import { isEventPast } from '../../../shared/dates';
import { offerDeadlineText } from '../../../shared/waitlist-deadline';
import { notifyUsers, type Notice } from '../notifications/notify-user';

/** Units of one sector from one lot (as inventory.ts moves them). */
export interface FreedLine {
  sectorId: string | null;
  lotId: string | null;
  quantity: number;
}

/** The title of the in-app notice of an offer (and of its e-mail, push and WhatsApp). */
const OFFER_NOTICE_TITLE = 'Ingresso disponível na lista de espera';

/**
 * Which of `sectorIds` have people waiting (status 'waiting'), in one read without locks: the
 * release path (inventory.ts returnUnits) asks this first, so a sector nobody waits for costs only this one statement more
 * and nothing else changes (inventory.ts returnUnits).
 */
export async function sectorsWithWaiting(tx: Tx, sectorIds: string[]): Promise<Set<string>> {
  if (sectorIds.length === 0) return new Set();
  const rows = await queryRows<{ ticket_type_id: string }>(
    tx,
    sql`
    SELECT DISTINCT ticket_type_id FROM waitlist_entries
    WHERE status = 'waiting' AND ticket_type_id IN (${sql.join(
      sectorIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  return new Set(rows.map((row) => row.ticket_type_id));
}

/**
 * Offers units just freed in sectors with people waiting ('Lista de espera'), inside the
 * caller's transaction, with the sectors' rows already locked (inventory.ts returnUnits put the
 * units back in their lots with the same statement that locks them; it takes the offered ones
 * out again after this). Reads the waiting entries of the sectors with their rows locked (of
 * events neither cancelled nor over), keeps only the units full price may take now (an offer is a
 * full-price sale: domain/sale.ts sectorMeia fullAvailable, domain/waitlist.ts offerableFreedUnits;
 * a unit freed from the meia-entrada reserve goes back to it while it lasts, and stays on sale),
 * shares them in join order (domain/waitlist allotFreedUnits), stores one offer per entry held until offerExpiresAt (the event's setting,
 * or 30 min on the sector's on-sale day and 12 h otherwise; a sector without a sales start went
 * on sale when it was created), marks the entries 'offered' and
 * tells each person in-app and on e-mail, push and WhatsApp as their settings allow (notifyUsers:
 * nothing leaves unless the transaction commits). Returns the offered units per sector and lot,
 * for the caller to take out of public stock. `now` is a UTC instant.
 */
export async function offerFreedUnits(
  tx: Tx,
  freed: FreedLine[],
  now: Date,
): Promise<{ sectorId: string; lotId: string; quantity: number }[]> {
  const lines = freed.filter(
    (line): line is { sectorId: string; lotId: string; quantity: number } => !!line.sectorId && !!line.lotId && line.quantity > 0,
  );
  if (lines.length === 0) return [];
  const sectorIds = [...new Set(lines.map((line) => line.sectorId))];
  const lotIds = [...new Set(lines.map((line) => line.lotId))];
  const waiting = await queryRows<{
    id: string;
    seq: number;
    quantity: number;
    ticket_type_id: string;
    user_id: string;
    event_id: string;
    sector_name: string;
    title: string;
    sales_start_at: Date | string | null;
    offer_minutes: number | null;
    date: string;
    start_time: string;
    end_time: string | null;
  }>(
    tx,
    sql`
    SELECT e.id, e.seq, e.quantity, e.ticket_type_id, e.user_id, e.event_id, t.name AS sector_name, ev.title,
           coalesce(t.sales_start_at, t.created_at) AS sales_start_at,
           ev.waitlist_offer_minutes AS offer_minutes, ev.date::text AS date, ev.start_time::text AS start_time, ev.end_time::text AS end_time
    FROM waitlist_entries e JOIN ticket_types t ON t.id = e.ticket_type_id JOIN events ev ON ev.id = e.event_id
    WHERE e.status = 'waiting' AND ev.cancelled_at IS NULL AND e.ticket_type_id IN (${sql.join(
      sectorIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    ORDER BY e.seq
    FOR UPDATE OF e`,
  );
  const open = waiting.filter((entry) => !isEventPast({ date: entry.date, startTime: entry.start_time, endTime: entry.end_time }, now));
  if (open.length === 0) return [];
  const lots = await queryRows<{ id: string; position: number; price_centavos: number }>(
    tx,
    sql`
    SELECT id, position, price_centavos FROM ticket_lots WHERE id IN (${sql.join(
      lotIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  const lotById = new Map(lots.map((lot) => [lot.id, lot]));
  // What full price may take now, per sector (sectorMeia): the freed sectors' rows are locked by
  // the update that returned their units, so their counters read here are current.
  const sales = new Map<string, SaleState>();
  for (const eventId of [...new Set(open.map((entry) => entry.event_id))].sort()) {
    sales.set(eventId, (await loadSaleState(tx, eventId, { lock: false, codes: [], cpfs: [], anyMeia: false })).state);
  }

  const offers: (OfferAllotment & { entry: (typeof open)[number]; expiresAt: Date })[] = [];
  for (const sectorId of sectorIds) {
    const mine = open.filter((entry) => entry.ticket_type_id === sectorId);
    if (mine.length === 0) continue;
    const perLot = new Map<string, number>();
    for (const line of lines) if (line.sectorId === sectorId) perLot.set(line.lotId, (perLot.get(line.lotId) ?? 0) + line.quantity);
    const sale = sales.get(mine[0].event_id)!;
    const sector = sale.sectors.find((s) => s.id === sectorId);
    if (!sale.event || !sector) continue;
    const ticketsForSale = sale.sectors.reduce((sum, s) => sum + sectorStock(s), 0);
    const { fullAvailable } = sectorMeia(sector, sale.event, ticketsForSale, now);
    const allotted = allotFreedUnits(
      offerableFreedUnits(
        [...perLot].map(([lotId, quantity]) => ({
          lotId,
          quantity,
          position: Number(lotById.get(lotId)?.position ?? 1),
          priceCentavos: Number(lotById.get(lotId)?.price_centavos ?? 0),
        })),
        fullAvailable,
      ),
      mine.map((entry) => ({ id: entry.id, seq: Number(entry.seq), quantity: Number(entry.quantity) })),
    );
    for (const offer of allotted.offers) {
      const entry = mine.find((e) => e.id === offer.entryId)!;
      const salesStartAt = entry.sales_start_at === null ? null : new Date(entry.sales_start_at);
      offers.push({
        ...offer,
        entry,
        expiresAt: offerExpiresAt(entry.offer_minutes === null ? null : Number(entry.offer_minutes), salesStartAt, now),
      });
    }
  }
  if (offers.length === 0) return [];

  const rows = unnestRows(offers, 'o', {
    entry_id: ['uuid', (o) => o.entryId],
    user_id: ['text', (o) => o.entry.user_id],
    event_id: ['uuid', (o) => o.entry.event_id],
    ticket_type_id: ['uuid', (o) => o.entry.ticket_type_id],
    lot_id: ['uuid', (o) => o.lotId],
    quantity: ['int', (o) => o.quantity],
    unit_price_centavos: ['int', (o) => o.unitPriceCentavos],
    expires_at: ['timestamptz', (o) => o.expiresAt],
    created_at: ['timestamptz', () => now],
  });
  await tx.execute(sql`
    WITH offered AS (
      INSERT INTO waitlist_offers (${rows.names}) SELECT ${rows.names} FROM ${rows.from} ORDER BY ord RETURNING entry_id
    )
    UPDATE waitlist_entries SET status = 'offered', updated_at = ${now} WHERE id IN (SELECT entry_id FROM offered)`);
  await notifyUsers(
    tx,
    offers.map((offer) => offerNotice(offer.entry, offer.quantity, offer.expiresAt, now)),
    now,
  );
  return offers.map((offer) => ({ sectorId: offer.entry.ticket_type_id, lotId: offer.lotId, quantity: offer.quantity }));
}

/** 'Um ingresso de Pista para K-Pop Night ficou disponível para você até 22:40 …' (São Paulo time). */
function offerNotice(
  entry: { user_id: string; event_id: string; sector_name: string; title: string },
  quantity: number,
  expiresAt: Date,
  now: Date,
): Notice {
  const units = quantity === 1 ? 'Um ingresso' : `${quantity} ingressos`;
  const became = quantity === 1 ? 'ficou disponível' : 'ficaram disponíveis';
  return {
    userId: entry.user_id,
    type: 'event',
    title: OFFER_NOTICE_TITLE,
    message: `${units} de ${entry.sector_name} para ${entry.title} ${became} para você até ${offerDeadlineText(expiresAt, now)}. Compre antes que passe para a próxima pessoa da fila.`,
    actionUrl: `/event/${entry.event_id}`,
  };
}
