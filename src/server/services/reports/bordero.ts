import { sql } from 'drizzle-orm';
import { concessions, countsAgainstReserve, type Concession } from '../../../shared/concessions';
import { formatEventDateShort, formatInstant } from '../../../shared/dates';
import { DomainError } from '../../../shared/errors';
import { formatCentavos } from '../../../shared/money';
import {
  borderoChannelLabel,
  type Bordero,
  type BorderoKind,
  type BorderoLine,
  type BorderoSubtotal,
} from '../../../shared/schemas/bordero';
import { orderChannels, saleRefundOrigins, type OrderChannel } from '../../../shared/statuses';
import { queryRows, type Db } from '../../db/client';
import {
  addBorderoMoney,
  borderoKind,
  countEntriesPerHour,
  ecadBaseCentavos,
  ecadEstimate,
  emptyBorderoMoney,
  meiaReserveUse,
  nfseText,
  settleBorderoLines,
  splitNet,
  totalBorderoMoney,
  type BorderoOrder,
  type BorderoUnit,
} from '../../domain/bordero';
import { lotName } from '../../domain/lots';
import { saleCategoryLabel } from '../orders/sale-columns';

/** The ticketing company as the NFS-e names it (config COMPANY_*). */
export interface BorderoCompany {
  name: string;
  cnpj: string;
  email: string;
}

/** The name of the organizer's part of the net split. */
const ORGANIZER_SHARE_NAME = 'Organizador (restante)';

/** The session of a sale on an event without sessions. */
const SINGLE_SESSION = 'Sessão única';

interface UnitRow {
  order_id: string;
  subtotal_centavos: number;
  discount_centavos: number;
  fee_centavos: number;
  absorbed_fee_centavos: number;
  channel: OrderChannel;
  payment_provider: string;
  item_id: string;
  quantity: number;
  ticket_type_id: string | null;
  ticket_type_name: string;
  sector_name: string | null;
  lot_position: number | null;
  lot_price_centavos: number | null;
  concession: Concession | null;
  unit_price_centavos: number;
  unit_fee_centavos: number;
  ticket_id: string | null;
  refund_id: string | null;
}

/** Where a line sorts: session, sector, lot, kind, channel. */
interface LineInfo extends Omit<BorderoLine, 'money'> {
  sort: number[];
}

const kindOrder = (kind: BorderoKind, concession: Concession | null) =>
  kind === 'inteira' ? 0 : kind === 'meia' ? 1 + concessions.indexOf(concession ?? 'student') : 1 + concessions.length;

/**
 * The borderô of one event, read now (docs/rules/bordero.md 'Borderô'): every unit of its paid
 * orders (completed, refunded later or not, as services/catalog/sales-money.ts loadSalesMoney
 * reads them) in a line of session x sector x lot x kind x channel, with its money settled by
 * domain/bordero.ts settleBorderoLines (so the totals are the event page's 'Vendas brutas / Reembolsos /
 * Líquido' and fees to the centavo); refunds count once approved or processed when they undo a
 * sale (saleRefundOrigins). Session: the sessions the unit's sector admits to (all of them when
 * it names none; 'Sessão única' on an event without sessions). Kind: domain/bordero.ts borderoKind
 * (a courtesy or a free guest-list name is 'cortesia', at the lot's price as face value, nothing
 * in the gross; a half-price item 'meia' with its category). Channel: orders.channel. Also the meia-entrada sold against
 * each sector's reserve, the accepted entries per hour (São Paulo) and gate, the ECAD estimate on
 * the ticket receipts net of refunds (domain/bordero.ts ecadBaseCentavos) at the event's rate with
 * its set list, the net split among its co-producers (the
 * rest the organizer's) and the NFS-e text with `company` as the provider. Money in centavos.
 * Throws DomainError('event_not_found') for an unknown event.
 */
export async function loadBordero(db: Db, eventId: string, company: BorderoCompany, now = new Date()): Promise<Bordero> {
  const [event] = await queryRows<{
    id: string;
    title: string;
    date: string;
    start_time: string;
    location: string;
    city: string | null;
    meia_entrada: boolean;
    cancelled_at: Date | null;
    ecad_basis_points: number;
    set_list: string | null;
    co_producers: { name: string; shareBasisPoints: number }[] | null;
  }>(
    db,
    sql`
    SELECT id, title, date::text AS date, start_time::text AS start_time, location, city, meia_entrada, cancelled_at, ecad_basis_points, set_list, co_producers
    FROM events WHERE id = ${eventId}::uuid`,
  );
  if (!event) throw new DomainError('event_not_found');

  const sessions = await queryRows<{ id: string; name: string; position: number }>(
    db,
    sql`
    SELECT id, name, position FROM event_sessions WHERE event_id = ${eventId}::uuid ORDER BY position, id`,
  );
  const sectorSessions = await queryRows<{ ticket_type_id: string; session_id: string }>(
    db,
    sql`
    SELECT s.ticket_type_id, s.session_id FROM ticket_type_sessions s JOIN ticket_types tt ON tt.id = s.ticket_type_id
    WHERE tt.event_id = ${eventId}::uuid`,
  );
  const sectors = await queryRows<{ id: string; name: string; sort_order: number; stock: number | string }>(
    db,
    sql`
    SELECT tt.id, tt.name, tt.sort_order, coalesce((SELECT sum(l.quantity) FROM ticket_lots l WHERE l.ticket_type_id = tt.id), 0)::int AS stock
    FROM ticket_types tt WHERE tt.event_id = ${eventId}::uuid ORDER BY tt.sort_order, tt.created_at, tt.id`,
  );

  const paidOrders = sql`o.event_id = ${eventId}::uuid AND o.status IN ('completed', 'refunded') AND o.completed_at IS NOT NULL`;
  const units = await queryRows<UnitRow>(
    db,
    sql`
    SELECT o.id AS order_id, o.subtotal_centavos, o.discount_centavos, o.fee_centavos, o.absorbed_fee_centavos, o.channel::text AS channel, o.payment_provider,
      i.id AS item_id, i.quantity, i.ticket_type_id, i.ticket_type_name, tt.name AS sector_name, l.position AS lot_position, l.price_centavos AS lot_price_centavos,
      i.concession::text AS concession, i.unit_price_centavos, i.unit_fee_centavos, t.id AS ticket_id, t.refund_id
    FROM orders o JOIN order_items i ON i.order_id = o.id
    LEFT JOIN tickets t ON t.order_item_id = i.id
    LEFT JOIN ticket_types tt ON tt.id = i.ticket_type_id LEFT JOIN ticket_lots l ON l.id = i.lot_id
    WHERE ${paidOrders}
    ORDER BY o.created_at, o.id, t.created_at NULLS LAST, t.id NULLS LAST, i.id`,
  );
  const refunds = await queryRows<{ id: string; order_id: string; amount_centavos: number }>(
    db,
    sql`
    SELECT r.id, r.order_id, r.amount_centavos FROM refunds r JOIN orders o ON o.id = r.order_id
    WHERE r.status IN ('approved', 'processed') AND r.origin::text IN (${sql.join(
      saleRefundOrigins.map((origin) => sql`${origin}`),
      sql`, `,
    )}) AND ${paidOrders}
    ORDER BY r.requested_at, r.id`,
  );
  const entryRows = await queryRows<{ scanned_at: Date | string; location: string }>(
    db,
    sql`
    SELECT scanned_at, location FROM check_ins WHERE event_id = ${eventId}::uuid AND accepted AND direction = 'in'`,
  );

  // Sessions of each sector: its own rows, or every session when it names none.
  const sessionPosition = new Map(sessions.map((s, i) => [s.id, i]));
  const sessionsOfSector = new Map<string, string[]>();
  for (const row of sectorSessions)
    sessionsOfSector.set(row.ticket_type_id, [...(sessionsOfSector.get(row.ticket_type_id) ?? []), row.session_id]);
  const sessionOf = (sectorId: string | null): { label: string; sort: number } => {
    if (sessions.length === 0) return { label: SINGLE_SESSION, sort: 0 };
    const own = sectorId ? sessionsOfSector.get(sectorId) : undefined;
    if (!own || own.length === 0 || own.length === sessions.length)
      return { label: sessions.length === 1 ? sessions[0].name : 'Todas as sessões', sort: sessions.length };
    const ordered = own.map((id) => sessionPosition.get(id) ?? 0).sort((a, b) => a - b);
    return { label: ordered.map((i) => sessions[i].name).join(' + '), sort: ordered[0] };
  };
  const sectorPosition = new Map(sectors.map((s, i) => [s.id, i]));

  const lineInfo = new Map<string, LineInfo>();
  const orders = new Map<string, BorderoOrder>();
  const countedRefunds = new Set(refunds.map((r) => r.id));
  const meiaUnits = new Map<string, { meia: number; senior: number }>();
  const ticketsOfItem = new Map<string, number>();
  const itemRows = new Map<string, UnitRow>();
  let courtesies = 0;

  const addUnit = (row: UnitRow, ticketId: string, refundId: string | null) => {
    const kind: BorderoKind = borderoKind({
      paymentProvider: row.payment_provider,
      channel: row.channel,
      unitPriceCentavos: Number(row.unit_price_centavos),
      concession: row.concession,
    });
    const isCourtesy = kind === 'cortesia';
    const session = sessionOf(row.ticket_type_id);
    const sector = row.sector_name ?? row.ticket_type_name.split(' · ')[0];
    const lot = row.lot_position === null ? '—' : lotName(Number(row.lot_position));
    const kindLabel = saleCategoryLabel(row.concession, isCourtesy);
    const channel = orderChannels.includes(row.channel) ? row.channel : 'online';
    const lineKey = [session.label, sector, lot, kindLabel, channel].join('\u0000');
    if (!lineInfo.has(lineKey)) {
      lineInfo.set(lineKey, {
        session: session.label,
        sector,
        lot,
        kind,
        kindLabel,
        channel,
        channelLabel: borderoChannelLabel[channel],
        sort: [
          session.sort,
          row.ticket_type_id ? (sectorPosition.get(row.ticket_type_id) ?? sectors.length) : sectors.length,
          Number(row.lot_position ?? 0),
          kindOrder(kind, row.concession),
          orderChannels.indexOf(channel),
        ],
      });
    }
    let order = orders.get(row.order_id);
    if (!order) {
      order = {
        subtotalCentavos: Number(row.subtotal_centavos),
        discountCentavos: Number(row.discount_centavos),
        feeCentavos: Number(row.fee_centavos),
        absorbedFeeCentavos: Number(row.absorbed_fee_centavos),
        units: [],
        refunds: [],
      };
      orders.set(row.order_id, order);
    }
    const counted = refundId !== null && countedRefunds.has(refundId) ? refundId : null;
    const unit: BorderoUnit = {
      ticketId,
      lineKey,
      unitPriceCentavos: Number(row.unit_price_centavos),
      unitFeeCentavos: Number(row.unit_fee_centavos),
      meiaPrice: row.concession !== null,
      refundId: counted,
      courtesyFaceCentavos: isCourtesy ? Number(row.lot_price_centavos ?? row.unit_price_centavos) : 0,
    };
    order.units.push(unit);
    if (isCourtesy) courtesies++;
    if (row.concession && !isCourtesy && counted === null && row.ticket_type_id) {
      const meia = meiaUnits.get(row.ticket_type_id) ?? { meia: 0, senior: 0 };
      if (countsAgainstReserve(row.concession)) meia.meia++;
      else meia.senior++;
      meiaUnits.set(row.ticket_type_id, meia);
    }
  };

  for (const row of units) {
    itemRows.set(row.item_id, row);
    if (row.ticket_id === null) continue;
    ticketsOfItem.set(row.item_id, (ticketsOfItem.get(row.item_id) ?? 0) + 1);
    addUnit(row, row.ticket_id, row.refund_id);
  }
  // Units whose tickets are missing (an item's quantity beyond its tickets) still count, after the order's tickets.
  for (const [itemId, row] of itemRows) {
    for (let n = ticketsOfItem.get(itemId) ?? 0; n < Number(row.quantity); n++) addUnit(row, `${itemId}:${n}`, null);
  }
  for (const refund of refunds)
    orders.get(refund.order_id)?.refunds.push({ id: refund.id, amountCentavos: Number(refund.amount_centavos) });

  const settled = settleBorderoLines([...orders.values()]);
  const lines: BorderoLine[] = [...settled.entries()]
    .map(([key, money]) => ({ info: lineInfo.get(key) as LineInfo, money }))
    .sort((a, b) => {
      for (let i = 0; i < a.info.sort.length; i++) if (a.info.sort[i] !== b.info.sort[i]) return a.info.sort[i] - b.info.sort[i];
      return a.info.sector.localeCompare(b.info.sector, 'pt-BR');
    })
    .map(({ info: { sort: _sort, ...info }, money }) => ({ ...info, money }));
  const totals = totalBorderoMoney(settled.values());

  const subtotals = (labelOf: (line: BorderoLine) => string): BorderoSubtotal[] => {
    const byLabel = new Map<string, BorderoSubtotal>();
    for (const line of lines) {
      const label = labelOf(line);
      const found = byLabel.get(label) ?? { label, money: emptyBorderoMoney() };
      addBorderoMoney(found.money, line.money);
      byLabel.set(label, found);
    }
    return [...byLabel.values()];
  };
  const byChannel = orderChannels.map((channel) => ({
    label: borderoChannelLabel[channel],
    money: lines.filter((l) => l.channel === channel).reduce((sum, l) => addBorderoMoney(sum, l.money), emptyBorderoMoney()),
  }));

  const entries = countEntriesPerHour(
    entryRows.map((r) => ({ scannedAt: new Date(r.scanned_at), gate: r.location })),
    (hourStart) => formatInstant(hourStart).replace(/:\d{2}$/, 'h'),
  );
  const coProducers = (event.co_producers ?? []).map((c) => ({ name: c.name, shareBasisPoints: Number(c.shareBasisPoints) }));
  const ecadBasisPoints = Number(event.ecad_basis_points);

  return {
    event: {
      id: event.id,
      title: event.title,
      date: event.date,
      startTime: event.start_time.slice(0, 5),
      venue: event.location,
      city: event.city,
      meiaEntrada: event.meia_entrada,
      cancelled: event.cancelled_at !== null,
    },
    generatedAt: now.toISOString(),
    lines,
    totals,
    byChannel,
    byKind: subtotals((line) => line.kindLabel),
    meia: sectors.map((sector) => {
      const meia = meiaUnits.get(sector.id) ?? { meia: 0, senior: 0 };
      return {
        sector: sector.name,
        ...meiaReserveUse({ stock: Number(sector.stock), meiaEntrada: event.meia_entrada, meiaSold: meia.meia, seniorSold: meia.senior }),
      };
    }),
    entries: entries.map((e) => ({ hourStart: e.hourStart.toISOString(), hourLabel: e.hourLabel, gate: e.gate, entries: e.entries })),
    entriesTotal: entryRows.length,
    ecad: {
      basisPoints: ecadBasisPoints,
      baseCentavos: ecadBaseCentavos(totals),
      estimateCentavos: ecadEstimate(totals, ecadBasisPoints),
      setList: event.set_list ?? '',
    },
    coProducers,
    split: splitNet(totals.netCentavos, coProducers, ORGANIZER_SHARE_NAME),
    nfseText: nfseText({
      company,
      event: { title: event.title, date: event.date, venue: event.location, city: event.city },
      dateLabel: formatEventDateShort(event.date),
      ticketsSold: totals.units - totals.refundedUnits - courtesies,
      courtesies,
      feesCentavos: totals.feesCentavos,
      absorbedFeesCentavos: totals.absorbedFeesCentavos,
      ticketMoneyCentavos: totals.grossCentavos - totals.refundsCentavos,
      formatMoney: formatCentavos,
    }),
  };
}
