import { sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import { isNoCampaign, NO_CAMPAIGN_LABEL, type CampaignFigures, type CampaignReport } from '../../../shared/schemas/campaigns';
import { queryRows, type Db } from '../../db/client';
import { csvFileName, decimalReais, toCsv } from '../../lib/csv';

/**
 * 'Vendas por campanha' of `eventId` (docs/rules/sale.md 'Campaign attribution'): its paid orders
 * (completed, refunded later or not: docs/rules/money.md 'Which orders count') grouped by the utm
 * source, medium and campaign they were placed with, each group with its orders, the tickets they
 * bought and their 'Vendas brutas' in centavos (subtotal less discounts, without service fees: the
 * gross of services/catalog/sales-money.ts, which the dashboard and the borderô show). Most gross
 * first, then most orders, then by name; the 'Sem campanha' group (no utm value) last. The totals
 * are the event's paid orders and its gross. Throws DomainError('event_not_found').
 */
export async function listCampaignSales(db: Db, eventId: string): Promise<CampaignReport> {
  const [event] = await queryRows<{ id: string; title: string }>(db, sql`SELECT id, title FROM events WHERE id = ${eventId}::uuid`);
  if (!event) throw new DomainError('event_not_found');
  const rows = await queryRows<{
    source: string | null;
    medium: string | null;
    campaign: string | null;
    orders: number | string;
    tickets: number | string;
    gross: number | string;
  }>(
    db,
    sql`
    SELECT o.utm_source AS source, o.utm_medium AS medium, o.utm_campaign AS campaign, count(*)::int AS orders,
      coalesce(sum(i.units), 0)::bigint AS tickets, coalesce(sum(o.subtotal_centavos - o.discount_centavos), 0)::bigint AS gross
    FROM orders o
    LEFT JOIN (SELECT order_id, sum(quantity) AS units FROM order_items GROUP BY order_id) i ON i.order_id = o.id
    WHERE o.event_id = ${eventId}::uuid AND o.status IN ('completed', 'refunded') AND o.completed_at IS NOT NULL
    GROUP BY o.utm_source, o.utm_medium, o.utm_campaign`,
  );
  const counted = rows.map((r) => ({
    source: r.source,
    medium: r.medium,
    campaign: r.campaign,
    orders: Number(r.orders),
    tickets: Number(r.tickets),
    grossCentavos: Number(r.gross),
  }));
  const name = (r: (typeof counted)[number]) => [r.source ?? '', r.medium ?? '', r.campaign ?? ''].join('\u0000');
  counted.sort(
    (a, b) =>
      Number(isNoCampaign(a)) - Number(isNoCampaign(b)) ||
      b.grossCentavos - a.grossCentavos ||
      b.orders - a.orders ||
      (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0),
  );
  const totals: CampaignFigures = { orders: 0, tickets: 0, grossCentavos: 0 };
  for (const row of counted) {
    totals.orders += row.orders;
    totals.tickets += row.tickets;
    totals.grossCentavos += row.grossCentavos;
  }
  return { event: { id: event.id, title: event.title }, rows: counted, totals };
}

/**
 * 'Vendas por campanha' as a CSV file (csv.ts: Excel in pt-BR): source, medium, campaign, orders,
 * tickets and 'Vendas brutas' in reais ('1234,56'); the orders without a utm value as 'Sem
 * campanha'; a last line 'Total'. File 'vendas-por-campanha-<event>.csv'.
 * Throws DomainError('event_not_found').
 */
export async function campaignSalesCsv(db: Db, eventId: string): Promise<{ csv: string; fileName: string }> {
  const report = await listCampaignSales(db, eventId);
  const figures = (f: CampaignFigures) => [String(f.orders), String(f.tickets), decimalReais(f.grossCentavos)];
  const lines = [
    ['Origem', 'Mídia', 'Campanha', 'Pedidos', 'Ingressos', 'Vendas brutas (R$)'],
    ...report.rows.map((row) =>
      isNoCampaign(row)
        ? [NO_CAMPAIGN_LABEL, '', '', ...figures(row)]
        : [row.source ?? '', row.medium ?? '', row.campaign ?? '', ...figures(row)],
    ),
    ['Total', '', '', ...figures(report.totals)],
  ];
  return { csv: toCsv(lines), fileName: csvFileName('vendas-por-campanha', report.event.title) };
}
