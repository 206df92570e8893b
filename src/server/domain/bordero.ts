import type { BorderoMoney } from '../../shared/schemas/bordero';
import { meiaReserve } from './meia';
import { ticketRefundAmounts } from './refunds';

/**
 * The borderô's arithmetic (docs/rules/bordero.md 'Borderô'): an event's sales broken down per
 * line (session x sector x lot x kind x channel) with the same money as the event page's
 * 'Vendas brutas / Reembolsos / Taxas / Líquido' (domain/sales-money.ts settleSalesMoney, whose
 * definitions these follow one ticket at a time, so the lines add up to its figures exactly); the
 * meia-entrada sold against the 40 % reserve; the ECAD estimate; the net split among
 * co-producers. Pure; money in integer centavos.
 */

/**
 * What a unit was sold as on the borderô: 'cortesia' for a courtesy the back office issued
 * (payment provider 'courtesy'), for a courtesy given at the box office and for a name on a guest
 * list let in free (a full-price unit at price 0 of channel 'box_office' or 'guest_list'), all at
 * face value outside the gross; 'meia' for a half-price unit (its category on the line); else
 * 'inteira' (a guest let in after the list's time, paying, included).
 */
export function borderoKind(unit: {
  paymentProvider: string;
  channel: string;
  unitPriceCentavos: number;
  concession: string | null;
}): 'inteira' | 'meia' | 'cortesia' {
  if (unit.paymentProvider === 'courtesy' || (unit.channel !== 'online' && unit.unitPriceCentavos === 0 && !unit.concession))
    return 'cortesia';
  return unit.concession ? 'meia' : 'inteira';
}

/** One unit of a paid order, in the order refunds share the order's discount in (its ticket's creation). */
export interface BorderoUnit {
  /** The ticket's id (refunds point at tickets); a unit whose ticket is missing gets any unique id. */
  ticketId: string;
  /** The line it belongs to: any string naming session x sector x lot x kind x channel. */
  lineKey: string;
  unitPriceCentavos: number;
  /** The unit's service fee as its item recorded it (charged or absorbed, as the order says). */
  unitFeeCentavos: number;
  meiaPrice: boolean;
  /** The counted refund (approved or processed, of a sale) the ticket belongs to, or null. */
  refundId: string | null;
  /** A courtesy's face value, the price of the lot it came from; 0 for a sale. */
  courtesyFaceCentavos: number;
}

/** A paid order of the event as stored, its units and its counted refunds. */
export interface BorderoOrder {
  subtotalCentavos: number;
  discountCentavos: number;
  feeCentavos: number;
  absorbedFeeCentavos: number;
  units: BorderoUnit[];
  refunds: { id: string; amountCentavos: number }[];
}

export type { BorderoMoney };

/** All zeros: the money of no sale. */
export function emptyBorderoMoney(): BorderoMoney {
  return {
    units: 0,
    refundedUnits: 0,
    listCentavos: 0,
    discountCentavos: 0,
    grossCentavos: 0,
    refundsCentavos: 0,
    feesCentavos: 0,
    refundedFeesCentavos: 0,
    absorbedFeesCentavos: 0,
    netCentavos: 0,
    courtesyFaceCentavos: 0,
  };
}

/** Adds `more` into `into` (mutates and returns `into`). */
export function addBorderoMoney(into: BorderoMoney, more: BorderoMoney): BorderoMoney {
  for (const key of Object.keys(into) as (keyof BorderoMoney)[]) into[key] += more[key];
  return into;
}

/**
 * Splits `total` centavos (>= 0) in proportion to `weights` (>= 0) so the parts add up exactly to
 * it: each part floored, the centavos left over given one each to the largest remainders (ties to
 * the earlier). Weights all zero: everything to the first. Empty weights: [].
 */
export function splitByLargestRemainder(total: number, weights: number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const parts = weights.map((w) => Math.floor((total * w) / sum));
  const remainders = weights.map((w, i) => ({ i, r: total * w - parts[i] * sum }));
  let left = total - parts.reduce((s, p) => s + p, 0);
  remainders.sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % remainders.length, left--) parts[remainders[k].i]++;
  return parts;
}

/**
 * Settles an event's paid orders per line, as settleSalesMoney settles them in all (its doc gives
 * the definitions): each unit's gross is its price less its share of the order's discount (shared
 * as refunds share it, domain/refunds ticketRefundAmounts); the fee charged or absorbed is its
 * item's `unitFeeCentavos`; a refund's ticket money is its tickets' gross (all the order's when it
 * names none) up to its amount, spread over them by largest remainder when short, and the rest of
 * its amount is fee paid back, spread over the same units by their fees; an absorbed fee leaves
 * the net when its ticket is refunded. Where the order's stored totals differ from the sum of its
 * units (a discount or fee bound per order), the difference goes to its first unit, so the sum of
 * all lines equals settleSalesMoney's figures to the centavo. Returns a Map lineKey -> money, in
 * first-seen order of the lines.
 */
export function settleBorderoLines(orders: BorderoOrder[]): Map<string, BorderoMoney> {
  const lines = new Map<string, BorderoMoney>();
  const lineOf = (key: string) => {
    let money = lines.get(key);
    if (!money) lines.set(key, (money = emptyBorderoMoney()));
    return money;
  };
  for (const order of orders) {
    const { units } = order;
    if (units.length === 0) continue;
    const paid = ticketRefundAmounts(
      { subtotalCentavos: order.subtotalCentavos, discountCentavos: order.discountCentavos, feeCentavos: 0 },
      units.map((u) => ({ ticketId: u.ticketId, unitPriceCentavos: u.unitPriceCentavos, meiaPrice: u.meiaPrice })),
      { includeFee: false },
    );
    const gross = units.map((u) => paid.get(u.ticketId) ?? u.unitPriceCentavos);
    const list = units.map((u) => u.unitPriceCentavos);
    const charged = units.map((u) => (order.feeCentavos > 0 ? u.unitFeeCentavos : 0));
    const absorbed = units.map((u) => (order.absorbedFeeCentavos > 0 ? u.unitFeeCentavos : 0));
    const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);
    list[0] += order.subtotalCentavos - sum(list);
    gross[0] += order.subtotalCentavos - order.discountCentavos - sum(gross);
    charged[0] += order.feeCentavos - sum(charged);
    absorbed[0] += order.absorbedFeeCentavos - sum(absorbed);

    const refunds = units.map(() => 0);
    const refundedFees = units.map(() => 0);
    const refundedAbsorbed = units.map(() => 0);
    for (const refund of order.refunds) {
      const own = units.map((u, i) => (u.refundId === refund.id ? i : -1)).filter((i) => i >= 0);
      const covered = own.length > 0 ? own : units.map((_, i) => i);
      const ticketPart = own.length > 0 ? sum(own.map((i) => gross[i])) : order.subtotalCentavos - order.discountCentavos;
      const ticketsBack = Math.min(ticketPart, refund.amountCentavos);
      splitByLargestRemainder(
        ticketsBack,
        covered.map((i) => gross[i]),
      ).forEach((part, k) => (refunds[covered[k]] += part));
      splitByLargestRemainder(
        refund.amountCentavos - ticketsBack,
        covered.map((i) => charged[i]),
      ).forEach((part, k) => (refundedFees[covered[k]] += part));
      if (order.absorbedFeeCentavos > 0) for (const i of own) refundedAbsorbed[i] += units[i].unitFeeCentavos;
    }

    units.forEach((unit, i) => {
      const money = lineOf(unit.lineKey);
      money.units += 1;
      money.refundedUnits += unit.refundId !== null && order.refunds.some((r) => r.id === unit.refundId) ? 1 : 0;
      money.listCentavos += list[i];
      money.discountCentavos += list[i] - gross[i];
      money.grossCentavos += gross[i];
      money.refundsCentavos += refunds[i];
      money.feesCentavos += charged[i] - refundedFees[i];
      money.refundedFeesCentavos += refundedFees[i];
      money.absorbedFeesCentavos += absorbed[i] - refundedAbsorbed[i];
      money.netCentavos += gross[i] - refunds[i] - (absorbed[i] - refundedAbsorbed[i]);
      money.courtesyFaceCentavos += unit.courtesyFaceCentavos;
    });
  }
  return lines;
}

/** The sum of the lines' money. */
export function totalBorderoMoney(lines: Iterable<BorderoMoney>): BorderoMoney {
  const total = emptyBorderoMoney();
  for (const money of lines) addBorderoMoney(total, money);
  return total;
}

/**
 * The base of the ECAD estimate, in centavos: the box-office receipts the event kept, i.e. the
 * ticket money paid (list price less discounts, `grossCentavos`) less the ticket money paid back
 * on refunds and withdrawals (`refundsCentavos`). The service fees, kept or paid back, are not in
 * either figure (settleBorderoLines keeps them apart): they pay the ticketing service, not the
 * show. An absorbed fee is the organizer's cost and does not lower the receipts. ECAD's
 * Regulamento de Arrecadação charges shows on their box-office receipts ('receita de
 * bilheteria'); money returned to buyers was never a receipt. Shown as
 * ECAD_BASE_LABEL (shared/schemas/bordero.ts) on the screen, the PDF and the CSV.
 */
export function ecadBaseCentavos(money: Pick<BorderoMoney, 'grossCentavos' | 'refundsCentavos'>): number {
  return Math.max(0, money.grossCentavos - money.refundsCentavos);
}

/**
 * The ECAD estimate ('Estimativa ECAD'), in centavos: `basisPoints` (1000 or 1500,
 * events.ecad_basis_points) of ecadBaseCentavos (the ticket receipts net of refunds, fees
 * excluded), rounded to the nearest centavo (half up). An estimate for the organizer to
 * reconcile with ECAD's own bill, which also weighs the venue and the music.
 */
export function ecadEstimate(money: Pick<BorderoMoney, 'grossCentavos' | 'refundsCentavos'>, basisPoints: number): number {
  return Math.round((ecadBaseCentavos(money) * basisPoints) / 10000);
}

/** A co-producer's share of the net, in basis points (10000 = 100 %). */
export interface CoProducer {
  name: string;
  shareBasisPoints: number;
}

/** One part of the net's split: a co-producer, or the organizer with the rest (`isOrganizer`). */
export interface NetShare {
  name: string;
  shareBasisPoints: number;
  amountCentavos: number;
  isOrganizer: boolean;
}

/**
 * Splits the net among the co-producers by their shares and gives the organizer (`organizerName`)
 * the rest of 10000 basis points, as the last part; the amounts are split by largest remainder,
 * so they add up exactly to the net (a negative net is split as its opposite, negated). Shares
 * summing past 10000 are the caller's error: the organizer's part is then 0 and the co-producers
 * split all of it in their proportion.
 */
export function splitNet(netCentavos: number, coProducers: CoProducer[], organizerName: string): NetShare[] {
  const coShares = coProducers.reduce((s, c) => s + c.shareBasisPoints, 0);
  const organizerShare = Math.max(0, 10000 - coShares);
  const weights = [...coProducers.map((c) => c.shareBasisPoints), organizerShare];
  const sign = netCentavos < 0 ? -1 : 1;
  const parts = splitByLargestRemainder(Math.abs(netCentavos), weights);
  return [
    ...coProducers.map((c, i) => ({
      name: c.name,
      shareBasisPoints: c.shareBasisPoints,
      amountCentavos: sign * parts[i] || 0,
      isOrganizer: false,
    })),
    { name: organizerName, shareBasisPoints: organizerShare, amountCentavos: sign * parts[coProducers.length] || 0, isOrganizer: true },
  ];
}

/** The meia-entrada of one sector against its reserve. */
export interface MeiaReserveUse {
  /** The sector's stock for sale: the units of all its lots. */
  stock: number;
  /** 40 % of the stock, rounded up (domain/meia meiaReserve); 0 where the event is outside the law. */
  reserve: number;
  /** Half-price units sold and not refunded that count against the reserve (all categories but 'senior'). */
  meiaSold: number;
  /** Half-price units of people aged 60+ sold and not refunded, outside the reserve. */
  seniorSold: number;
  /** What is left of the reserve (never below 0). */
  reserveLeft: number;
  /** meiaSold as a whole percentage of the reserve, rounded down; 0 with no reserve. */
  reserveUsedPercent: number;
}

/**
 * The meia-entrada sold against a sector's 40 % reserve (Lei 12.933/2013 art. 1 § 10, Decreto
 * 8.537/2015; the sale's own count is domain/sale.ts sectorMeia): the reserve of its stock, the
 * half-price units counting against it, the seniors' apart (Estatuto da Pessoa Idosa art. 23),
 * what is left and the share used.
 */
export function meiaReserveUse(input: { stock: number; meiaEntrada: boolean; meiaSold: number; seniorSold: number }): MeiaReserveUse {
  const reserve = input.meiaEntrada ? meiaReserve(input.stock) : 0;
  return {
    stock: input.stock,
    reserve,
    meiaSold: input.meiaSold,
    seniorSold: input.seniorSold,
    reserveLeft: Math.max(0, reserve - input.meiaSold),
    reserveUsedPercent: reserve > 0 ? Math.floor((input.meiaSold * 100) / reserve) : 0,
  };
}

/** An accepted entry at the door: when (UTC) and at which gate (check_ins.location). */
export interface BorderoEntry {
  scannedAt: Date;
  gate: string;
}

/** Entries of one hour (America/Sao_Paulo) at one gate. */
export interface EntriesPerHour {
  /** The hour's start, UTC. */
  hourStart: Date;
  /** '15/03/2025 às 20h', São Paulo time. */
  hourLabel: string;
  gate: string;
  entries: number;
}

/**
 * Counts entries per hour of São Paulo's clock and gate, by hour then gate (pt-BR order). São
 * Paulo's offset from UTC is a whole number of hours, so the UTC hour is its hour.
 * `formatHour` renders an hour's start ('15/03/2025 às 20h').
 */
export function countEntriesPerHour(entries: BorderoEntry[], formatHour: (hourStart: Date) => string): EntriesPerHour[] {
  const HOUR_MS = 3_600_000;
  const counts = new Map<string, EntriesPerHour>();
  for (const entry of entries) {
    const hourStart = new Date(Math.floor(entry.scannedAt.getTime() / HOUR_MS) * HOUR_MS);
    const key = `${hourStart.getTime()}|${entry.gate}`;
    const found = counts.get(key);
    if (found) found.entries++;
    else counts.set(key, { hourStart, hourLabel: formatHour(hourStart), gate: entry.gate, entries: 1 });
  }
  return [...counts.values()].sort((a, b) => a.hourStart.getTime() - b.hourStart.getTime() || a.gate.localeCompare(b.gate, 'pt-BR'));
}

/** What the NFS-e text names: the provider (the ticketing company), the event and the fee money. */
export interface NfseInput {
  company: { name: string; cnpj: string; email: string };
  event: { title: string; date: string; venue: string; city: string | null };
  /** The event's date as read ('15/03/2025'). */
  dateLabel: string;
  /** Units sold and not refunded (courtesies apart). */
  ticketsSold: number;
  courtesies: number;
  /** Fees charged to buyers and kept, fees the organizer absorbs, and the ticket money (gross - refunds), in centavos. */
  feesCentavos: number;
  absorbedFeesCentavos: number;
  ticketMoneyCentavos: number;
  /** Renders centavos ('R$ 1.234,56'). */
  formatMoney: (centavos: number) => string;
}

/**
 * The text of the municipal service invoice (NFS-e) of one event, in pt-BR, for the ticketing
 * company to paste into its city's NFS-e system: the service is the intermediation of the event's
 * ticket sales, its value the service fees (charged to buyers and absorbed by the organizer); the
 * ticket money is received on the organizer's behalf and named apart as outside the service's
 * value (the ISS is due on the intermediation's price, LC 116/2003 art. 7). Plain lines, no
 * markup.
 */
export function nfseText(input: NfseInput): string {
  const money = input.formatMoney;
  const where = input.event.city ? `${input.event.venue}, ${input.event.city}` : input.event.venue;
  return [
    'NFS-e: discriminação dos serviços',
    `Prestador: ${input.company.name}, CNPJ ${input.company.cnpj}, ${input.company.email}`,
    `Serviço: intermediação da venda de ingressos do evento “${input.event.title}”, em ${input.dateLabel}, ${where}.`,
    `Ingressos vendidos: ${input.ticketsSold}; cortesias: ${input.courtesies} (sem valor).`,
    `Taxas de serviço cobradas dos compradores: ${money(input.feesCentavos)}`,
    `Taxas de serviço absorvidas pelo organizador: ${money(input.absorbedFeesCentavos)}`,
    `Valor dos serviços: ${money(input.feesCentavos + input.absorbedFeesCentavos)}`,
    `Valores dos ingressos recebidos por conta e ordem do organizador, fora do valor dos serviços: ${money(input.ticketMoneyCentavos)}`,
  ].join('\n');
}
