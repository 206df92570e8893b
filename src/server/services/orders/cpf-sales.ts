import { sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import { formatCpf } from '../../../shared/cpf';
import { formatEventTime } from '../../../shared/dates';
import type { CpfSalesReport } from '../../../shared/schemas/admin-events';
import { queryRows, type Db } from '../../db/client';
import { csvFileName, toCsv } from '../../lib/csv';
import { cpfHoldingsSql } from './cpf-holdings';

/**
 * The sales of an event per CPF ('Vendas por CPF', the report courts have ordered ticketers to
 * produce): every CPF holding tickets of `eventId`, counted exactly as the limit per CPF counts
 * them (cpf-holdings.ts: a ticket for its holder's CPF where one is named, else for the buyer's;
 * the units of pending orders and the valid tickets of paid ones, as transfers left them), with the tickets of paid and of pending orders apart, the number
 * of orders and the name last given with the CPF (as buyer first, as holder otherwise). Most
 * tickets first, then by CPF. Orders without a CPF (courtesies, anonymised buyers) are summed
 * apart. Throws DomainError('event_not_found').
 */
export async function listCpfSales(db: Db, eventId: string): Promise<CpfSalesReport> {
  const [event] = await queryRows<{ id: string; title: string; date: string; start_time: string; max_tickets_per_cpf: number | null }>(
    db,
    sql`
    SELECT id, title, date::text AS date, start_time::text AS start_time, max_tickets_per_cpf FROM events WHERE id = ${eventId}::uuid`,
  );
  if (!event) throw new DomainError('event_not_found');
  const rows = await queryRows<{ cpf: string; name: string; paid: number; pending: number; orders: number }>(
    db,
    sql`
    SELECT cpf,
      (array_agg(name ORDER BY holder, at DESC, order_id))[1] AS name,
      coalesce(sum(units) FILTER (WHERE status = 'completed'), 0)::int AS paid,
      coalesce(sum(units) FILTER (WHERE status = 'pending'), 0)::int AS pending,
      count(DISTINCT order_id)::int AS orders
    FROM (${cpfHoldingsSql(eventId, null)}) held
    GROUP BY cpf
    ORDER BY sum(units) DESC, cpf`,
  );
  const count = (r: (typeof rows)[number]) => ({
    paidTickets: Number(r.paid),
    pendingTickets: Number(r.pending),
    orders: Number(r.orders),
  });
  const without = rows.find((r) => r.cpf === '');
  return {
    event: {
      id: event.id,
      title: event.title,
      date: event.date,
      startTime: formatEventTime(event.start_time),
      maxTicketsPerCpf: event.max_tickets_per_cpf,
    },
    cpfs: rows.filter((r) => r.cpf !== '').map((r) => ({ cpf: r.cpf, name: r.name, ...count(r) })),
    withoutCpf: without ? count(without) : { paidTickets: 0, pendingTickets: 0, orders: 0 },
  };
}

/**
 * 'Vendas por CPF' as a CSV file (csv.ts: Excel in pt-BR): CPF '000.000.000-00', name, paid and
 * pending tickets, orders; a last line 'Sem CPF' for the orders without one, when there are
 * any. File 'vendas-por-cpf-<event>.csv'. Throws DomainError('event_not_found').
 */
export async function cpfSalesCsv(db: Db, eventId: string): Promise<{ csv: string; fileName: string }> {
  const report = await listCpfSales(db, eventId);
  const { withoutCpf } = report;
  const lines = [
    ['CPF', 'Nome', 'Ingressos pagos', 'Ingressos pendentes', 'Pedidos'],
    ...report.cpfs.map((c) => [formatCpf(c.cpf), c.name, String(c.paidTickets), String(c.pendingTickets), String(c.orders)]),
  ];
  if (withoutCpf.orders > 0) {
    lines.push([
      'Sem CPF',
      'Cortesias e compradores anonimizados',
      String(withoutCpf.paidTickets),
      String(withoutCpf.pendingTickets),
      String(withoutCpf.orders),
    ]);
  }
  return { csv: toCsv(lines), fileName: csvFileName('vendas-por-cpf', report.event.title) };
}
