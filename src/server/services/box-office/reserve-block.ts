import { sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { BoxOfficeBlock, ReserveBlockInput } from '../../../shared/schemas/box-office';
import { rollEndedLots, takeUnits, type SaleLot } from '../../domain/lots';
import { createTicketCode } from '../../domain/ticket-code';
import { queryRows } from '../../db/client';
import { holdUnits, rollLots } from '../orders/inventory';
import { loadSaleState } from '../orders/sale-state';
import { assertCapacityFor } from '../../domain/sale';
import type { ServiceDeps } from '../deps';
import { loadBlock, toBlockView } from './blocks';
import { loadDrawer } from './drawers';

/**
 * Reserves a block of `size` units of one sector for a box-office device (PRODUCT.md 'The
 * organizer's night': a block is stock taken from the sector up front, so offline sales never
 * oversell). In one transaction: the event read (key share: a cancellation waits, or is seen),
 * the operator's open drawer, the sector locked (the lock of its lots), its ended lots rolled on
 * (domain/lots.ts rollEndedLots, stored by inventory.ts rollLots), the units taken in lot order
 * (domain/lots.ts takeUnits) and held through inventory.ts holdUnits (its conditional updates
 * never take what is not there). The block keeps the lots its units came from, the full unit
 * price at the box office (the sector's door price, else the price of the lot its first unit came
 * from; centavos) and one signed ticket code per unit (domain/ticket-code.ts createTicketCode),
 * which the device gives its tickets offline. `now` is a UTC instant. Throws DomainError:
 * event_not_found (none, or cancelled); ticket_type_not_found (not of the event); event_sold_out (the
 * block would pass the event's capacity, shared by all sectors: domain/sale.ts assertCapacityFor); drawer_not_found;
 * drawer_closed; door_quota_exceeded (the box office's quota of the sector, box_office_sectors,
 * counts the units of its blocks not returned); ticket_type_sold_out (the open lots have fewer units).
 */
export async function reserveBlock(deps: ServiceDeps, operatorId: string, input: ReserveBlockInput, now: Date = new Date()): Promise<BoxOfficeBlock> {
  const blockId = await deps.db.transaction(async (tx) => {
    const [event] = await queryRows<{ id: string }>(tx, sql`SELECT id FROM events WHERE id = ${input.eventId}::uuid AND cancelled_at IS NULL FOR KEY SHARE`);
    if (!event) throw new DomainError('event_not_found');
    const drawer = await loadDrawer(tx, input.drawerId, operatorId);
    if (drawer.event_id !== input.eventId) throw new DomainError('drawer_not_found');
    if (drawer.closed_at) throw new DomainError('drawer_closed');
    // Every sector of the event locked, in the sale's order (sale-state.ts): the capacity they share is counted as the sale counts it.
    const { state } = await loadSaleState(tx, input.eventId, { lock: true, codes: [], cpfs: [], anyHalf: false });
    const [sector] = await queryRows<{ id: string; door_price_centavos: number | null }>(tx, sql`
      SELECT id, door_price_centavos FROM ticket_types WHERE id = ${input.ticketTypeId}::uuid AND event_id = ${input.eventId}::uuid`);
    if (!sector) throw new DomainError('ticket_type_not_found', { field: 'ticketTypeId' });
    assertCapacityFor(state.event?.capacity ?? null, state.sectors, new Map([[sector.id, input.size]]), state.event?.sessionCapacities);
    // The box office's quota of the sector (box_office_sectors), counted with the sector locked.
    const [quota] = await queryRows<{ door_quota: number | null; held: number }>(tx, sql`
      SELECT s.door_quota, (SELECT coalesce(sum(b.size - coalesce(b.returned_units, 0)), 0)::int FROM box_office_blocks b WHERE b.ticket_type_id = s.ticket_type_id) AS held
      FROM box_office_sectors s WHERE s.ticket_type_id = ${sector.id}::uuid`);
    if (quota && quota.door_quota !== null && Number(quota.held) + input.size > Number(quota.door_quota)) {
      throw new DomainError('door_quota_exceeded', { field: 'size', left: Math.max(0, Number(quota.door_quota) - Number(quota.held)) });
    }
    const lots = (
      await queryRows<{ id: string; position: number; price_centavos: number; quantity: number; remaining: number; starts_at: Date | string | null; ends_at: Date | string | null }>(tx, sql`
        SELECT id, position, price_centavos, quantity, remaining, starts_at, ends_at FROM ticket_lots WHERE ticket_type_id = ${sector.id}::uuid ORDER BY position`)
    ).map((l): SaleLot => ({
      id: l.id,
      position: Number(l.position),
      priceCentavos: Number(l.price_centavos),
      quantity: Number(l.quantity),
      remaining: Number(l.remaining),
      startsAt: l.starts_at ? new Date(l.starts_at) : null,
      endsAt: l.ends_at ? new Date(l.ends_at) : null,
    }));
    await rollLots(tx, rollEndedLots(lots, now));
    const takes = takeUnits(lots, input.size, now);
    if (!takes) throw new DomainError('ticket_type_sold_out', { ticketTypeId: sector.id, field: 'size' });
    await holdUnits(tx, takes.map((take) => ({ ticketTypeId: sector.id, lotId: take.lotId, quantity: take.quantity })));
    const unitPrice = sector.door_price_centavos ?? takes[0].priceCentavos;
    const codes = Array.from({ length: input.size }, () => createTicketCode(deps.ticketSigningKey));
    const [block] = await queryRows<{ id: string }>(tx, sql`
      INSERT INTO box_office_blocks (event_id, ticket_type_id, drawer_id, operator_id, device_id, size, unit_price_centavos, lots, codes, created_at)
      VALUES (${input.eventId}::uuid, ${sector.id}::uuid, ${drawer.id}::uuid, ${operatorId}, ${input.deviceId}, ${input.size}, ${unitPrice},
              ${JSON.stringify(takes.map((t) => ({ lotId: t.lotId, quantity: t.quantity })))}::jsonb, ${sql.param(codes)}::text[], ${now})
      RETURNING id`);
    return block.id;
  });
  return toBlockView(await loadBlock(deps.db, blockId, operatorId));
}
