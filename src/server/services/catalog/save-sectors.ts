import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SectorInput } from '../../../shared/schemas/admin-events';
import { DomainError } from '../../../shared/errors';
import { queryRows, type Tx } from '../../db/client';
import { ticketLots, sectors } from '../../db/schema';
import { adjustLotStock } from '../orders/inventory';
import { diffFields } from '../audit/diff-fields';

const at = (value: string | null | undefined) => (value ? new Date(value) : null);

/** A sector's row columns from the form (name, description, window, pre-sale, order on the page). */
function sectorColumns(type: SectorInput, index: number) {
  return {
    name: type.name,
    description: type.description,
    salesStartAt: at(type.salesStartAt),
    salesEndAt: at(type.salesEndAt),
    hiddenWithoutCode: type.hiddenWithoutCode,
    sortOrder: index,
  };
}

/**
 * Inserts a new sector of `eventId` with its lots (positions 1, 2... in the order given): each lot
 * sells `remaining` units; the sector's `remaining` is their sum. Returns the sector id.
 */
export async function insertSector(tx: Tx, eventId: string, type: SectorInput, index: number, now: Date): Promise<string> {
  const [sector] = await tx
    .insert(sectors)
    .values({ eventId, ...sectorColumns(type, index), remaining: type.lots.reduce((sum, lot) => sum + lot.remaining, 0), createdAt: now })
    .returning({ id: sectors.id });
  await tx.insert(ticketLots).values(
    type.lots.map((lot, position) => ({
      sectorId: sector.id,
      position: position + 1,
      priceCentavos: lot.priceCentavos,
      quantity: lot.remaining,
      remaining: lot.remaining,
      startsAt: at(lot.startsAt),
      endsAt: at(lot.endsAt),
      createdAt: now,
    })),
  );
  return sector.id;
}

/**
 * Saves an existing sector from the edit form, with its row locked first (the lock its lots'
 * writers take, services/orders/inventory.ts). Lots with an id are changed, lots without one added,
 * lots left out removed when nothing was sold or held from them; positions follow the list. A lot
 * with sales keeps its price and start (lot_has_sales); a single lot without id edits the only one; its stock moves by (remaining -
 * previousRemaining), or to `remaining` when absent, through the inventory (adjustLotStock), never
 * below what it sold (conflict). `field` names the form's path for errors ('sectors.1').
 * Throws DomainError: ticket_type_not_found (a lot of another sector), lot_has_sales, conflict.
 */
export async function updateSector(tx: Tx, sectorId: string, type: SectorInput, index: number, field: string): Promise<void> {
  await tx.update(sectors).set(sectorColumns(type, index)).where(eq(sectors.id, sectorId));
  const lots = await tx.select().from(ticketLots).where(eq(ticketLots.sectorId, sectorId)).for('update');
  // A body with one lot and no lot id (a single price, eventInputSchema) edits the sector's only lot.
  if (type.lots.length === 1 && !type.lots[0].id && lots.length === 1) type = { ...type, lots: [{ ...type.lots[0], id: lots[0].id }] };
  const kept = new Set(type.lots.flatMap((lot) => (lot.id ? [lot.id] : [])));
  const used = await queryRows<{ lot_id: string }>(
    tx,
    sql`SELECT DISTINCT lot_id FROM order_items WHERE lot_id IN (SELECT id FROM ticket_lots WHERE ticket_type_id = ${sectorId})`,
  );
  const withOrders = new Set(used.map((u) => u.lot_id));
  for (const lot of lots) {
    if (kept.has(lot.id)) continue;
    if (withOrders.has(lot.id)) throw new DomainError('lot_has_sales', { field: `${field}.lots` });
    await adjustLotStock(tx, lot.id, -lot.remaining);
    await tx.delete(ticketLots).where(eq(ticketLots.id, lot.id));
  }
  // Positions out of the way first (unique per sector), then each lot at its place in the list.
  await tx
    .update(ticketLots)
    .set({ position: sql`${ticketLots.position} + 1000` })
    .where(eq(ticketLots.sectorId, sectorId));
  for (const [i, lot] of type.lots.entries()) {
    const lotField = `${field}.lots.${i}`;
    if (!lot.id) {
      await tx.insert(ticketLots).values({
        sectorId: sectorId,
        position: i + 1,
        priceCentavos: lot.priceCentavos,
        quantity: 0,
        remaining: 0,
        startsAt: at(lot.startsAt),
        endsAt: at(lot.endsAt),
      });
      const [added] = await tx
        .select({ id: ticketLots.id })
        .from(ticketLots)
        .where(and(eq(ticketLots.sectorId, sectorId), eq(ticketLots.position, i + 1)));
      if (lot.remaining > 0) await adjustLotStock(tx, added.id, lot.remaining);
      continue;
    }
    const current = lots.find((l) => l.id === lot.id);
    if (!current) throw new DomainError('ticket_type_not_found', { field: `${lotField}.id` });
    const sold = withOrders.has(current.id) || current.quantity > current.remaining;
    const startsAt = at(lot.startsAt);
    if (sold && (current.priceCentavos !== lot.priceCentavos || (current.startsAt?.getTime() ?? null) !== (startsAt?.getTime() ?? null))) {
      throw new DomainError('lot_has_sales', { field: `${lotField}.priceCentavos` });
    }
    await tx
      .update(ticketLots)
      .set({ position: i + 1, priceCentavos: lot.priceCentavos, startsAt, endsAt: at(lot.endsAt) })
      .where(eq(ticketLots.id, lot.id));
    const delta = lot.previousRemaining === undefined ? lot.remaining - current.remaining : lot.remaining - lot.previousRemaining;
    if (delta !== 0 && !(await adjustLotStock(tx, lot.id, delta))) {
      throw new DomainError(
        'conflict',
        { field: `${lotField}.remaining` },
        'Ingressos deste lote foram vendidos enquanto você editava e a quantidade ficaria abaixo de zero. Recarregue a página e tente novamente.',
      );
    }
  }
}

/** A sector and its lots as the audit trail compares them before and after a save. */
export interface SectorSnapshot {
  id: string;
  name: string;
  description: string | null;
  salesStartAt: Date | null;
  salesEndAt: Date | null;
  hiddenWithoutCode: boolean;
  lots: { id: string; position: number; priceCentavos: number; quantity: number; startsAt: Date | null; endsAt: Date | null }[];
}

/** The sectors of `eventId` with their lots (by position), read in `tx`, for sectorChanges. */
export async function loadSectorSnapshots(tx: Tx, eventId: string): Promise<SectorSnapshot[]> {
  const rows = await tx.select().from(sectors).where(eq(sectors.eventId, eventId)).orderBy(sectors.sortOrder, sectors.id);
  if (rows.length === 0) return [];
  const lots = await tx
    .select()
    .from(ticketLots)
    .where(
      inArray(
        ticketLots.sectorId,
        rows.map((sector) => sector.id),
      ),
    )
    .orderBy(ticketLots.position);
  return rows.map((sector) => ({
    id: sector.id,
    name: sector.name,
    description: sector.description,
    salesStartAt: sector.salesStartAt,
    salesEndAt: sector.salesEndAt,
    hiddenWithoutCode: sector.hiddenWithoutCode,
    lots: lots
      .filter((lot) => lot.sectorId === sector.id)
      .map((lot) => ({
        id: lot.id,
        position: lot.position,
        priceCentavos: lot.priceCentavos,
        quantity: lot.quantity,
        startsAt: lot.startsAt,
        endsAt: lot.endsAt,
      })),
  }));
}

const SECTOR_FIELDS = ['name', 'description', 'salesStartAt', 'salesEndAt', 'hiddenWithoutCode'] as const;
const LOT_FIELDS = ['position', 'priceCentavos', 'quantity', 'startsAt', 'endsAt'] as const;
type LotSnapshot = SectorSnapshot['lots'][number];

/** What changed in one lot: added, removed or the fields touched (prices in centavos, `quantity` the lot's units). */
function lotChanges(before: LotSnapshot[], after: LotSnapshot[]) {
  const changes = [];
  for (const lot of after) {
    const was = before.find((b) => b.id === lot.id);
    const fields = diffFields<LotSnapshot>(was ?? null, lot, LOT_FIELDS);
    if (!was) changes.push({ lotId: lot.id, change: 'added', fields });
    else if (Object.keys(fields).length > 0) changes.push({ lotId: lot.id, change: 'changed', fields });
  }
  for (const lot of before) {
    if (!after.some((a) => a.id === lot.id))
      changes.push({ lotId: lot.id, change: 'removed', fields: diffFields<LotSnapshot>(lot, {}, ['priceCentavos', 'quantity']) });
  }
  return changes;
}

/**
 * The audit trail's account of a save of sectors and lots (docs/rules/audit.md 'What is recorded'):
 * each sector added, removed or changed, with its fields and each lot's before and after. Empty
 * when nothing changed. Pure.
 */
export function sectorChanges(before: SectorSnapshot[], after: SectorSnapshot[]) {
  const changes = [];
  for (const sector of after) {
    const was = before.find((b) => b.id === sector.id);
    const fields = diffFields<SectorSnapshot>(was ?? null, sector, SECTOR_FIELDS);
    const lots = lotChanges(was?.lots ?? [], sector.lots);
    if (!was) changes.push({ sectorId: sector.id, name: sector.name, change: 'added', fields, lots });
    else if (Object.keys(fields).length > 0 || lots.length > 0)
      changes.push({ sectorId: sector.id, name: sector.name, change: 'changed', fields, lots });
  }
  for (const sector of before) {
    if (!after.some((a) => a.id === sector.id))
      changes.push({ sectorId: sector.id, name: sector.name, change: 'removed', fields: {}, lots: lotChanges(sector.lots, []) });
  }
  return changes;
}
